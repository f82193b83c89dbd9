import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { OneTimeAccountLoader } from '@/components/order/OneTimeAccountLoader.client'
import { PaymentStatus } from '@/components/order/PaymentStatus.client'
import { defaultLocale, getLocale, isLocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { env } from '@/lib/env'
import { findOrderByHash, latestAttempt, PUBLIC_HASH } from '@/services/orders/orders'
import { payloadClient } from '@/services/content/payload'
import { brandNameOf } from '@/services/catalog/methods'
import { accountNumberOf } from '@/lib/validation/account-number'
import { cardLabel, maskEmail } from '@/services/purchase-flow/checkout-rules'
import { brand } from '@/lib/brand'
import { now } from '@/lib/clock'
import { invoiceOfAttempt, orderSelection } from '@/services/orders/views'
import { formatBtc, missingSats } from '@/services/payments/crypto/invoice'
import { invoiceUrl } from '@/services/payments/sandbox/invoice'

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

// An order's own page: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

const pending = new Set(['pending', 'processing', 'requires_action', 'awaiting_provider'])

export default async function PaymentSuccessRoute({ params, searchParams }: Props) {
  const { locale: raw } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const t = await getTranslations('Checkout')
  const blocks = await getTranslations('Blocks')
  const query = await searchParams
  const hash = typeof query.hash === 'string' && PUBLIC_HASH.test(query.hash) ? query.hash : null
  const payload = await payloadClient()
  const order = hash ? await findOrderByHash(payload, hash) : null
  if (!order) {
    return (
      <SiteShell locale={locale} path="/payment-success">
        <section className="container-site py-16">
          <h1 className="text-3xl font-extrabold">{t('orderNotFound')}</h1>
          <a href={localizePath(locale, '/order/pickup')} className="mt-6 inline-block underline">
            {t('changePlan')}
          </a>
        </section>
      </SiteShell>
    )
  }
  const tag = getLocale(locale).tag
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' })
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'long' })
  const titles = async (collection: 'price-plans' | 'add-ons', ids: string[]) =>
    ids.length
      ? Object.fromEntries(
          (await payload.find({ collection, where: { purchaseId: { in: ids } }, locale: locale as never, depth: 0, limit: ids.length, pagination: false, overrideAccess: true })).docs.map((doc) => [doc.purchaseId, doc.title]),
        )
      : {}
  const addOnIds = (order.lines ?? []).filter((line) => line.kind === 'add-on').map((line) => line.purchaseId)
  const [planTitles, addOnTitles, attempt] = await Promise.all([
    titles('price-plans', [order.plan]),
    titles('add-ons', addOnIds),
    latestAttempt(payload, order.id),
  ])
  // A buyer who chose no password has no way in but e-mailed links: they are told so, not sent to a password form.
  const buyer = order.customer ? await payload.findByID({ collection: 'customers', id: typeof order.customer === 'object' ? order.customer.id : order.customer, depth: 0, overrideAccess: true }).catch(() => null) : null
  const passwordless = buyer ? buyer.hasPassword === false && !buyer.confirmedAt : true
  // Bought without an e-mail: the page names the account number instead of an address.
  const accountNumber = order.email ? null : accountNumberOf(buyer)
  const quote = (order.quote ?? {}) as { renewal?: { cost: number; at: string } | null }
  const status = order.status === 'paid' || order.status === 'refunded' ? 'statusPaid' : pending.has(order.status) ? 'statusPending' : order.status === 'expired' ? 'statusExpired' : 'statusFailed'
  const heading = status === 'statusPaid' ? t('successHeading') : status === 'statusPending' ? t('pendingHeading') : t('failedHeading')
  // A crypto order: where its invoice stands, in the provider's words.
  const invoice = invoiceOfAttempt(order, attempt)
  const invoiceOpen = invoice?.status === 'new' && order.status === 'requires_action'
  const invoiceSeen = invoice !== null && order.status === 'awaiting_provider'
  const underpaid = invoice?.status === 'underpaid' && order.status === 'failed' ? invoice : null
  const statusLabel = invoiceOpen ? t('invoiceWaiting') : invoiceSeen ? t('invoiceSeen') : t(status)
  // An open invoice is watched for its time left and its confirmation; anything else pending for 10 minutes.
  const pollForMs = invoiceOpen ? Math.max(0, new Date(invoice.expiresAt).getTime() - now().getTime()) + 2 * 60_000 : undefined
  const card = attempt?.brand && attempt.last4 ? ` · ${cardLabel(attempt.brand, attempt.last4)}` : ''
  return (
    <SiteShell locale={locale} path="/payment-success">
      <section className="container-site max-w-3xl py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{heading}</h1>
        <p className="mt-3 text-lg text-muted">{order.email ? t('receiptTo', { email: maskEmail(order.email) }) : t('accountNumberLine', { number: accountNumber ?? '' })}</p>
        {accountNumber && status === 'statusPaid' && (
          <OneTimeAccountLoader
            hash={order.publicHash}
            signInUrl={new URL(localizePath(locale, '/sign-in'), env().SITE_URL).toString()}
            texts={{
              title: t('oneTimeTitle'),
              save: t('oneTimeSave'),
              numberLabel: t('accountNumberLabel'),
              secretLabel: t('accountSecretLabel'),
              copyNumber: t('copyNumber'),
              copySecret: t('copySecret'),
              copy: blocks('copy'),
              copied: blocks('copied'),
              download: t('downloadText'),
              signIn: t.raw('textFileSignIn') as string,
            }}
          />
        )}
        <dl className="mt-8 grid gap-3 rounded-xl border border-line p-6">
          <div className="flex justify-between gap-4">
            <dt>{planTitles[order.plan] ?? order.plan}</dt>
            <dd>{money.format((order.lines?.find((line) => line.kind === 'plan')?.amount ?? 0) / 100)}</dd>
          </div>
          {(order.lines ?? [])
            .filter((line) => line.kind === 'add-on')
            .map((line) => (
              <div key={line.purchaseId} className="flex justify-between gap-4">
                <dt>
                  {addOnTitles[line.purchaseId] ?? line.purchaseId}
                  {line.region ? ` · ${line.region}` : ''}
                </dt>
                <dd>{money.format(line.amount / 100)}</dd>
              </div>
            ))}
          <div className="flex justify-between gap-4 border-t border-line pt-3 font-bold">
            <dt>{t('total')}</dt>
            <dd>{money.format(order.total / 100)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t('methodLabel')}</dt>
            <dd>
              {order.method === 'card' ? t('methodCard') : brandNameOf(order.method)}
              {card}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t('statusLabel')}</dt>
            <dd>
              <PaymentStatus hash={order.publicHash} label={statusLabel} pending={status === 'statusPending'} status={order.status} pollForMs={pollForMs} />
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-muted">
          {order.autoRenew && quote.renewal ? t('renews', { price: money.format(quote.renewal.cost / 100), date: dates.format(new Date(quote.renewal.at)) }) : t('oneTime')}
        </p>
        {invoice && order.status === 'expired' && (
          <p className="mt-6 text-lg font-medium" data-invoice-state="expired">
            {t('invoiceExpired')}
          </p>
        )}
        {underpaid && (
          <p className="mt-6 text-lg font-medium" data-invoice-state="underpaid">
            {t('invoiceMissing', { missing: formatBtc(missingSats(underpaid)), received: formatBtc(underpaid.received), amount: formatBtc(underpaid.amount) })}
          </p>
        )}
        <div className="mt-8 flex flex-wrap gap-4">
          {invoiceOpen ? (
            <a href={localizePath(locale, invoiceUrl(attempt!.providerRef.slice(attempt!.providerRef.indexOf(':') + 1)))} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white" data-invoice-open>
              {t('invoiceOpen')}
            </a>
          ) : invoice && order.status === 'expired' ? (
            <a href={`${localizePath(locale, '/order/checkout')}?${orderSelection(order).toString()}`} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white" data-start-again>
              {t('invoiceStartAgain')}
            </a>
          ) : underpaid ? (
            <>
              <a href={`${localizePath(locale, '/order/checkout')}?hash=${order.publicHash}`} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white">
                {t('backToCheckout')}
              </a>
              <a href={`mailto:${brand.supportEmail}`} className="rounded-md border border-line px-5 py-2.5 font-semibold" data-support>
                {t('contactSupport')}
              </a>
            </>
          ) : status === 'statusFailed' ? (
            <a href={`${localizePath(locale, '/order/checkout')}?hash=${order.publicHash}`} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white">
              {t('backToCheckout')}
            </a>
          ) : passwordless ? (
            <>
              <p className="w-full" data-account-link-sent>
                {t('accountReadyLink')}
              </p>
              <a href={`${localizePath(locale, '/sign-in')}?by=link`} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white">
                {t('sendLinkAgain')}
              </a>
              <a href={localizePath(locale, '/downloads')} className="rounded-md border border-line px-5 py-2.5 font-semibold">
                {t('downloads')}
              </a>
            </>
          ) : (
            <>
              <a href={localizePath(locale, '/my-account')} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white">
                {t('myAccount')}
              </a>
              <a href={localizePath(locale, '/downloads')} className="rounded-md border border-line px-5 py-2.5 font-semibold">
                {t('downloads')}
              </a>
            </>
          )}
        </div>
      </section>
    </SiteShell>
  )
}
