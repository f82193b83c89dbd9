import { getTranslations } from 'next-intl/server'
import { JsonLd } from '@/components/seo/JsonLd'
import { Icon } from '@/components/ui/Icon'
import { SmartLink } from '@/components/ui/SmartLink'
import { getLocale } from '@/i18n/locales'
import { now } from '@/lib/clock'
import { pricingCards, type Card } from '@/services/catalog/cards'
import { formatMoney, isLifetime, perMonth } from '@/services/catalog/priceList'
import { payloadClient } from '@/services/content/payload'
import type { BlockProps } from '../types'

export async function PricingCards({ block, locale }: BlockProps<'pricingCards'>) {
  const t = await getTranslations('Blocks')
  const tag = getLocale(locale).tag
  const plans = await pricingCards(await payloadClient(), (block.purchaseIds ?? []).map((p) => p.id), locale, now())
  if (!plans.length) return null
  const period = (info: { type: Card['info']['type']; count: number }) => t(`period_${info.type}`, { count: info.count })
  /** The line under the price: one-time, trial, a longer first period, a different renewal price, or the plain period. */
  const terms = (plan: Card): string[] => {
    const total = formatMoney(plan.cost, tag)
    if (isLifetime(plan.info)) return [t('billedOnce', { price: total })]
    const renewal = plan.quote?.renewal
    if (plan.trialDays && renewal) {
      const unit = renewal.period.count === 1 ? renewal.period.type : null
      const price = formatMoney(renewal.cost, tag)
      if (unit === 'week' || unit === 'month' || unit === 'year') return [t(`trial_${unit}`, { days: plan.trialDays, price })]
      return [t('trialThen', { days: plan.trialDays, price, period: period(renewal.period) })]
    }
    if (plan.firstPeriodMonths && renewal) {
      return [t('firstPeriod', { price: total, months: plan.firstPeriodMonths }), t('thenEvery', { price: formatMoney(renewal.cost, tag), period: period(renewal.period) })]
    }
    const lines = [t('billedEvery', { price: total, period: period(plan.info) })]
    if (renewal && renewal.cost !== plan.cost) lines.push(t('thenEvery', { price: formatMoney(renewal.cost, tag), period: period(renewal.period) }))
    return lines
  }
  return (
    <section className="bg-surface py-16" id="pricing">
      <div className="container-site">
        <div className="max-w-2xl">
          <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
          {block.intro && <p className="mt-3 text-lg text-muted">{block.intro}</p>}
        </div>
        <ul className={`mt-10 grid gap-6 ${plans.length > 2 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
          {plans.map((plan) => {
            const monthly = plan.trialDays ? null : perMonth(plan)
            const total = formatMoney(plan.cost, tag)
            const saving = plan.quote?.savingPercent ?? null
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
                {saving ? (
                  <p className="mt-2 w-fit rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800" data-saving>
                    {t('save', { percent: saving })}
                  </p>
                ) : null}
                {plan.description && <p className="mt-1 text-sm text-muted">{plan.description}</p>}
                <p className="mt-6 flex items-baseline gap-1">
                  {monthly ? (
                    <>
                      <span className="text-4xl font-extrabold tracking-tight">
                        {formatMoney(Number(monthly.dollars) * 100 + Number(monthly.cents), tag)}
                      </span>
                      <span className="text-sm text-muted">{t('perMonth')}</span>
                    </>
                  ) : plan.trialDays ? (
                    <span className="text-4xl font-extrabold tracking-tight">{t('free')}</span>
                  ) : (
                    <span className="text-4xl font-extrabold tracking-tight">{total}</span>
                  )}
                </p>
                {terms(plan).map((line) => (
                  <p key={line} className="mt-2 text-sm text-muted" data-terms>
                    {line}
                  </p>
                ))}
                <SmartLink
                  href={`/order/checkout?plan=${encodeURIComponent(plan.id)}`}
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
