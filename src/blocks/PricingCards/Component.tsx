import { getTranslations } from 'next-intl/server'
import { JsonLd } from '@/components/seo/JsonLd'
import { Icon } from '@/components/ui/Icon'
import { SmartLink } from '@/components/ui/SmartLink'
import { getLocale } from '@/i18n/locales'
import { now } from '@/lib/clock'
import { cardFigures } from '@/services/catalog/card-terms'
import { cardHref, pricingCards } from '@/services/catalog/cards'
import { payloadClient } from '@/services/content/payload'
import { locationsFor } from '../serverLocations'
import type { BlockProps } from '../types'

export async function PricingCards({ block, locale }: BlockProps<'pricingCards'>) {
  const t = await getTranslations('Blocks')
  const tag = getLocale(locale).tag
  const plans = await pricingCards(await payloadClient(), (block.purchaseIds ?? []).map((p) => p.id), locale, now())
  if (!plans.length) return null
  const ipRegion = plans.some((plan) => plan.addOn?.kind === 'static-ip') ? ((await locationsFor(locale)).ipList[0]?.code ?? null) : null
  return (
    <section className="bg-surface py-16">
      <div className="container-site">
        <div className="max-w-2xl">
          <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
          {block.intro && <p className="mt-3 text-lg text-muted">{block.intro}</p>}
        </div>
        <ul className={`mt-10 grid gap-6 ${plans.length > 2 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
          {plans.map((plan) => {
            const figures = cardFigures(plan, t, tag)
            return (
              <li
                key={plan.id}
                data-purchase-id={plan.id}
                className={`relative flex flex-col rounded-3xl border bg-white p-7 ${plan.highlight ? 'border-brand-600 shadow-xl' : 'border-line'}`}
              >
                {plan.highlight && (
                  <span className="absolute -top-3 start-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                    {t('bestValue')}
                  </span>
                )}
                <h3 className="text-lg font-semibold">{plan.title}</h3>
                {figures.saving ? (
                  <p className="mt-2 w-fit rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800" data-saving>
                    {figures.saving}
                  </p>
                ) : null}
                {plan.description && <p className="mt-1 text-sm text-muted">{plan.description}</p>}
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-extrabold tracking-tight">{figures.free ? t('free') : figures.price}</span>
                  {figures.perMonth && <span className="text-sm text-muted">{t('perMonth')}</span>}
                </p>
                {figures.terms.map((line) => (
                  <p key={line} className="mt-2 text-sm text-muted" data-terms>
                    {line}
                  </p>
                ))}
                <SmartLink
                  href={cardHref(plan, ipRegion)}
                  locale={locale}
                  className={`${plan.highlight ? 'btn-primary' : 'btn-outline'} mt-6 w-full py-3`}
                >
                  {t('buyNow')}
                </SmartLink>
                <p className="mt-3 inline-flex items-center gap-1.5 text-xs text-muted">
                  <Icon name="refund" className="size-4" />
                  {t('moneyBackBadge')}
                </p>
              </li>
            )
          })}
        </ul>
      </div>
      <JsonLd
        data={{
          '@type': 'Product',
          name: 'Veilgate',
          brand: { '@type': 'Brand', name: 'Veilgate' },
          offers: plans.map((plan) => ({
            '@type': 'Offer',
            sku: plan.id,
            name: plan.title,
            price: ((plan.quote?.total ?? plan.cost) / 100).toFixed(2),
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
          })),
        }}
      />
    </section>
  )
}
