import { getTranslations } from 'next-intl/server'
import { RenderBlocks } from '@/blocks/RenderBlocks'
import { SiteShell } from '@/components/layout/SiteShell'
import type { LocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import type { PickerView } from '@/lib/app-routes'
import { brand } from '@/lib/brand'
import { now } from '@/lib/clock'
import { payloadClient } from '@/services/content/payload'
import { resolvePage } from '@/services/content/pages'
import { DEFAULT_PICKER_PLANS, pickerData } from '@/services/order/picker'
import { trafficTiers } from '@/services/order/selection'
import { PlanPicker, type PickerTexts } from './PlanPicker.client'

/** The CMS page around `/order/pickup` (its pricing cards name the plans the picker sells). */
export const PICKER_CONTENT_PATH = '/order/pickup'

/**
 * A plan picker route: the heading, the picker's island (plans from the page's first pricing
 * cards block, figures from the pricing module) and the rest of the page's blocks (servers map,
 * region, FAQ, money-back guarantee) in the visitor's language. Rendered once per locale and view
 * and cached; the selection lives in the URL and is applied by the island.
 */
export async function PickerPage({ locale, view }: { locale: LocaleCode; view: PickerView }) {
  const path = `/order/${view}`
  const [resolved, t, blocks] = await Promise.all([resolvePage(PICKER_CONTENT_PATH, locale), getTranslations('Picker'), getTranslations('Blocks')])
  const layout = resolved?.page.layout ?? []
  const cards = layout.find((block) => block.blockType === 'pricingCards')
  const named = cards && cards.blockType === 'pricingCards' ? (cards.purchaseIds ?? []).map((entry) => entry.id) : []
  const data = await pickerData(await payloadClient(), { planIds: named.length ? named : DEFAULT_PICKER_PLANS, locale, now: now(), t: blocks })
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
      <section className="container-site py-12" data-picker-view={view}>
        <h1 className="text-4xl font-extrabold tracking-tight">{blocks('choosePlan')}</h1>
        <PlanPicker data={data} texts={texts} checkoutPath={localizePath(locale, '/order/checkout')} supportEmail={brand.supportEmail} />
      </section>
      <RenderBlocks blocks={layout.filter((block) => block !== cards)} context={{ locale, path, pageNumber: 1 }} />
    </SiteShell>
  )
}
