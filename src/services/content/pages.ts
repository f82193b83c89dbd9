// Page load: the path looked up, with the spec's fallbacks, for rendering.
import { defaultLocale, isLocaleCode, type LocaleCode } from '@/i18n/locales'
import { splitLocalePath } from '@/i18n/paths'
import type { Page } from '@/payload-types'
import { normalisePagePath } from './paths'
import { payloadClient } from './payload'

export type ResolvedPage = {
  page: Page
  /** The page has no translation in the requested locale and shows English. */
  fallback: boolean
  /** Locales the page is written in (for hreflang). */
  translatedLocales: LocaleCode[]
}

async function findByPath(path: string, locale: LocaleCode, draft: boolean): Promise<ResolvedPage | null> {
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'pages',
    // Previews (draft mode) show the latest saved version; visitors only published pages.
    where: draft ? { path: { equals: normalisePagePath(path) } } : { and: [{ path: { equals: normalisePagePath(path) } }, { _status: { equals: 'published' } }] },
    draft,
    locale,
    fallbackLocale: defaultLocale,
    depth: 1,
    limit: 1,
    pagination: false,
  })
  const page = result.docs[0]
  if (!page) return null
  const translated = (Array.isArray(page.translatedLocales) ? page.translatedLocales : []).filter(isLocaleCode)
  return { page, fallback: !translated.includes(locale), translatedLocales: translated }
}

/**
 * Page load (spec section 4): look the path up; if nothing comes back or the
 * lookup fails, retry once with the locale prefix stripped; still nothing is a
 * 404 (null). A lookup that fails twice is an error, not a missing page.
 */
export async function resolvePage(path: string, locale: LocaleCode, { draft = false }: { draft?: boolean } = {}): Promise<ResolvedPage | null> {
  let failed = false
  try {
    const found = await findByPath(path, locale, draft)
    if (found) return found
  } catch {
    failed = true
  }
  const { path: stripped, prefixed } = splitLocalePath(path)
  if (!prefixed && !failed) return null
  return findByPath(stripped, locale, draft)
}
