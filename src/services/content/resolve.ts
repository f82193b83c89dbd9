// What lives at a public path: a CMS page, a listing page, a post or nothing.
import { defaultLocale, isLocaleCode, type LocaleCode } from '@/i18n/locales'
import type { HelpArticle, Page, Post } from '@/payload-types'
import { splitPagination } from './listing'
import { resolvePage } from './pages'
import { payloadClient } from './payload'

type Common = { path: string; fallback: boolean; translatedLocales: LocaleCode[] }
export type ResolvedContent =
  | (Common & { kind: 'page'; page: Page; pageNumber: number })
  | (Common & { kind: 'post'; post: Post })
  | (Common & { kind: 'help'; article: HelpArticle })

function translation(doc: { translatedLocales?: unknown }, locale: LocaleCode) {
  const translated = (Array.isArray(doc.translatedLocales) ? doc.translatedLocales : []).filter(isLocaleCode)
  return { translatedLocales: translated, fallback: !translated.includes(locale) }
}

/**
 * What lives at a public path: a CMS page (also `/…/page/N` of a listing
 * page), a blog post at `/blog/{slug}`, or a help article under `/help/`.
 */
export async function resolveContent(requestPath: string, locale: LocaleCode, { draft = false }: { draft?: boolean } = {}): Promise<ResolvedContent | null> {
  const { path, pageNumber } = splitPagination(requestPath)
  const resolved = await resolvePage(path, locale, { draft })
  if (resolved) return { kind: 'page', path, pageNumber, page: resolved.page, fallback: resolved.fallback, translatedLocales: resolved.translatedLocales }
  if (pageNumber > 1) return null

  const payload = await payloadClient()
  const common = { locale, fallbackLocale: defaultLocale, depth: 1, limit: 1, pagination: false } as const
  const slug = /^\/blog\/([a-z0-9-]+)$/.exec(requestPath)?.[1]
  if (slug) {
    const found = await payload.find({
      collection: 'posts',
      ...common,
      where: draft ? { slug: { equals: slug } } : { and: [{ slug: { equals: slug } }, { _status: { equals: 'published' } }] },
      draft,
    })
    const post = found.docs[0]
    return post ? { kind: 'post', path: requestPath, post, ...translation(post, locale) } : null
  }
  if (requestPath.startsWith('/help/')) {
    const found = await payload.find({ collection: 'help-articles', ...common, where: { path: { equals: requestPath } } })
    const article = found.docs[0]
    return article ? { kind: 'help', path: requestPath, article, ...translation(article, locale) } : null
  }
  return null
}
