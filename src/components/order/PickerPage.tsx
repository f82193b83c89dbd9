import { getTranslations } from 'next-intl/server'
import type { Payload } from 'payload'
import { RenderBlocks } from '@/blocks/RenderBlocks'
import { SiteShell } from '@/components/layout/SiteShell'
import type { LocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import type { PickerView } from '@/lib/app-routes'
import { brand } from '@/lib/brand'
import { now } from '@/lib/clock'
import { payloadClient } from '@/services/content/payload'
import { resolvePage } from '@/services/content/pages'
import { DEFAULT_PICKER_PLANS, pickerData } from '@/services/purchase-flow/picker'
import { trafficTiers } from '@/services/purchase-flow/selection'
import { PlanPicker, type PickerTexts } from './PlanPicker.client'

type Variant = { plans: string[]; defaultPlan: string | null; cardVariant: 'per-month' | 'total'; intro: string | null; emailOptional: boolean }

/** A variant's row of the `picker` global (plans, pre-selected plan, card variant, intro), or null. */
async function variantOf(payload: Payload, view: PickerView, locale: LocaleCode): Promise<Variant | null> {
  const picker = await payload.findGlobal({ slug: 'picker', locale: locale as never, depth: 1 })
  const row = picker.views?.find((entry) => entry.view === view)
  if (!row) return null
  const purchaseId = (plan: unknown) => (plan && typeof plan === 'object' && 'purchaseId' in plan ? String(plan.purchaseId) : null)
  return {
    plans: (row.plans ?? []).map(purchaseId).filter((id): id is string => Boolean(id)),
    defaultPlan: purchaseId(row.defaultPlan),
    cardVariant: row.cardVariant,
    intro: row.intro ?? null,
    emailOptional: Boolean(row.emailOptional),
  }
}

/** The CMS page around `/order/pickup` (its pricing cards name the plans the picker sells). */
export const PICKER_CONTENT_PATH = '/order/pickup'

/**
 * A plan picker route: the heading, the picker's island (plans from the page's first pricing
 * cards block, or for b–e from the `picker` global; figures from the pricing module; d as a
 * compact list) and the rest of the page's blocks (servers map,
 * region, FAQ, money-back guarantee) in the visitor's language. Rendered once per locale and view
 * and cached; the selection lives in the URL and is applied by the island.
 */
export async function PickerPage({ locale, view }: { locale: LocaleCode; view: PickerView }) {
  const path = `/order/${view}`
  const [resolved, t, blocks] = await Promise.all([resolvePage(PICKER_CONTENT_PATH, locale), getTranslations('Picker'), getTranslations('Blocks')])
  const layout = resolved?.page.layout ?? []
  const cards = layout.find((block) => block.blockType === 'pricingCards')
  const named = cards && cards.blockType === 'pricingCards' ? (cards.purchaseIds ?? []).map((entry) => entry.id) : []
  const payload = await payloadClient()
  const variant = view === 'pickup' ? null : await variantOf(payload, view, locale)
  const data = await pickerData(payload, {
    planIds: variant?.plans.length ? variant.plans : named.length ? named : DEFAULT_PICKER_PLANS,
    defaultPlan: variant?.defaultPlan,
    locale,
    now: now(),
    t: blocks,
  })
  const texts: PickerTexts = {
    plansLegend: t('plansLegend'),
    perMonth: blocks('perMonth'),
    free: blocks('free'),
    bestValue: blocks('bestValue'),
    buyNow: blocks('buyNow'),
    slotsLegend: t('slotsLegend'),
    slotsNone: t('slotsNone'),
    slotLabels: { '1': t('slots', { count: 1 }), '5': t('slots', { count: 5 }), '10': t('slots', { count: 10 }) },
    extraLegend: t('extraLegend'),
    extraNone: t('extraNone'),
    extraServer: t('extraServer'),
    extraIp: t('extraIp'),
    trafficLabel: t('trafficLabel'),
    trafficLabels: Object.fromEntries(trafficTiers.map((tier) => [tier, t(`traffic_${tier}`)])) as PickerTexts['trafficLabels'],
    serverRegion: t('serverRegion'),
    ipRegion: t('ipRegion'),
    noExtrasForPlan: t('noExtrasForPlan'),
    total: t('total', { price: '{price}' }),
    continueToPayment: t('continueToPayment'),
    notCharged: blocks('notCharged'),
    contactPrompt: t('contactPrompt'),
    contactLink: t('contactLink'),
  }
  return (
    <SiteShell locale={locale} path={path}>
      {/* Next's scripts load when the visitor shows (decision 014, amended): the links and radios work
          before, and a query (a shared selection) or an experiment (its exposure) loads them at once. */}
      <section className="container-site py-12" data-picker-view={view} data-hydrate="demand" data-hydrate-now="search experiment">
        <h1 className="text-4xl font-extrabold tracking-tight">{blocks('choosePlan')}</h1>
        {variant?.intro && <p className="mt-3 max-w-2xl text-lg text-muted">{variant.intro}</p>}
        <PlanPicker
          data={data}
          texts={texts}
          checkoutPath={localizePath(locale, '/order/checkout')}
          supportEmail={brand.supportEmail}
          layout={view === 'pickup-d' ? 'list' : 'cards'}
          priceShown={variant?.cardVariant ?? 'per-month'}
          emailOptional={variant?.emailOptional ?? false}
        />
      </section>
      <RenderBlocks blocks={layout.filter((block) => block !== cards)} context={{ locale, path, pageNumber: 1 }} />
    </SiteShell>
  )
}
