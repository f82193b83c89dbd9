// The content API's page payload: components, settings, locales and breadcrumbs of a page.
import type { Payload } from 'payload'
import { hreflangExcluded, isLocaleCode, type LocaleCode } from '@/i18n/locales'
import { splitLocalePath } from '@/i18n/paths'
import { priceList, purchaseIdsOf } from '@/services/catalog/catalog'
import type { PriceListItem } from '@/services/catalog/priceList'
import { resolveContent } from './resolve'

/** A layout block in the spec's shape: `{ name, data, children }`. */
export type ContentComponent = { name: string; data: Record<string, unknown>; children: ContentComponent[] }

export function toComponents(layout: unknown): ContentComponent[] {
  if (!Array.isArray(layout)) return []
  return layout.map((block: Record<string, unknown>) => {
    const { blockType, id: _id, blockName: _name, ...data } = block
    return { name: String(blockType), data, children: [] }
  })
}

export type PagePayload = {
  path: string
  locale: LocaleCode
  kind: 'page' | 'post' | 'help'
  title: string
  fallback: boolean
  components: ContentComponent[]
  hreflangLocales: string[]
  settings: Record<string, unknown>
  breadcrumbs: { label: string; url: string }[]
  pricingPlans: Record<string, PriceListItem>
}

/**
 * The content service's page answer (`/coms/pages/page/?path=`): the locale
 * comes from the path's prefix, unless given.
 */
export async function pagePayload(payload: Payload, rawPath: string, localeParam?: string): Promise<PagePayload | null> {
  const split = splitLocalePath(rawPath)
  const locale: LocaleCode = isLocaleCode(localeParam) ? localeParam : split.locale
  const content = await resolveContent(split.path, locale)
  if (!content) return null
  const hreflangLocales = content.translatedLocales.filter((code) => !hreflangExcluded.includes(code))
  if (content.kind === 'page') {
    const ids = purchaseIdsOf(content.page.layout)
    const plans = await priceList(payload, ids, locale)
    return {
      path: content.path,
      locale,
      kind: 'page',
      title: content.page.title,
      fallback: content.fallback,
      components: toComponents(content.page.layout),
      hreflangLocales,
      settings: (content.page.settings ?? {}) as Record<string, unknown>,
      breadcrumbs: (content.page.breadcrumbs ?? []).map((crumb) => ({ label: crumb.label ?? '', url: crumb.url ?? '' })),
      pricingPlans: Object.fromEntries(plans.map((plan) => [plan.id, plan])),
    }
  }
  const doc = content.kind === 'post' ? content.post : content.article
  return {
    path: content.path,
    locale,
    kind: content.kind,
    title: doc.title,
    fallback: content.fallback,
    components: [{ name: 'richText', data: { content: doc.body }, children: [] }],
    hreflangLocales,
    settings: (doc.settings ?? {}) as Record<string, unknown>,
    breadcrumbs: [],
    pricingPlans: {},
  }
}

