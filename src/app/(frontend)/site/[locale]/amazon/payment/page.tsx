import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { AmazonPayment } from '@/components/order/AmazonPayment.client'
import { PaymentMethodIcon } from '@/components/order/PaymentMethodIcon'
import { SandboxNotFound } from '@/components/order/SandboxNotFound'
import { defaultLocale, getLocale, isLocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { methodBrandNames } from '@/services/catalog/methods'
import { findOrderByHash, PUBLIC_HASH } from '@/services/orders/orders'
import { successUrl } from '@/services/payments/outcome'
import { payloadClient } from '@/services/content/payload'

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

// One payment's page: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/**
 * The wallet payment page of an approved Amazon Pay payment (`?hash=`): the buyer, the lines and
 * the total, and "Pay now", which captures the approval. Without a hash, or with one of no Amazon
 * Pay order: "We could not find this payment." (200). A captured order goes to its success page.
 */
export default async function AmazonPaymentRoute({ params, searchParams }: Props) {
  const { locale: raw } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const query = await searchParams
  const hash = typeof query.hash === 'string' && PUBLIC_HASH.test(query.hash) ? query.hash : null
  const payload = await payloadClient()
  const order = hash ? await findOrderByHash(payload, hash) : null
  if (!order || order.method !== 'amazon-pay') return <SandboxNotFound locale={locale} path="/amazon/payment" to="/order/pickup" />
  if (order.status === 'paid' || order.status === 'awaiting_provider' || order.status === 'refunded') redirect(localizePath(locale, successUrl(order.publicHash)))
  const [t, errors] = await Promise.all([getTranslations('Checkout'), getTranslations('Errors')])
  const money = new Intl.NumberFormat(getLocale(locale).tag, { style: 'currency', currency: order.currency?.toUpperCase() || 'USD' })
  const ids = (order.lines ?? []).map((line) => line.purchaseId)
  const titles = async (collection: 'price-plans' | 'add-ons') =>
    Object.fromEntries(
      (await payload.find({ collection, where: { purchaseId: { in: ids } }, locale: locale as never, depth: 0, limit: ids.length || 1, pagination: false, overrideAccess: true })).docs.map((doc) => [doc.purchaseId, doc.title]),
    )
  const [plans, addOns] = await Promise.all([titles('price-plans'), titles('add-ons')])
  const brandName = methodBrandNames['amazon-pay']
  return (
    <SiteShell locale={locale} path="/amazon/payment">
      <section className="container-site max-w-xl py-12">
        <p className="flex items-center gap-3 text-xl font-bold" data-provider="amazon-pay">
          <PaymentMethodIcon method="amazon-pay" className="h-8 w-12" />
          <span>{brandName}</span>
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{t('amazonTitle')}</h1>
        <p className="mt-3 text-lg">{t('amazonIntro', { provider: brandName })}</p>
        <dl className="mt-6 grid gap-3 rounded-xl border border-line p-6">
          {(order.lines ?? []).map((line) => (
            <div key={`${line.kind}-${line.purchaseId}`} className="flex justify-between gap-4">
              <dt>
                {(line.kind === 'plan' ? plans : addOns)[line.purchaseId] ?? line.purchaseId}
                {line.region ? ` · ${line.region}` : ''}
              </dt>
              <dd>{money.format(line.amount / 100)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-line pt-3 font-bold">
            <dt>{t('total')}</dt>
            <dd data-total>{money.format(order.total / 100)}</dd>
          </div>
        </dl>
        <AmazonPayment
          hash={order.publicHash}
          locale={locale}
          texts={{
            buyerLabel: t('amazonBuyer', { provider: brandName }),
            loading: t('amazonLoading'),
            payNow: t('amazonPayNow'),
            paying: t('paying'),
            expired: t('amazonExpired'),
            backToCheckout: t('backToCheckout'),
            genericError: errors('undefinedError'),
          }}
        />
      </section>
    </SiteShell>
  )
}
