import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { SandboxNotFound } from '@/components/order/SandboxNotFound'
import { PaymentMethodIcon } from '@/components/order/PaymentMethodIcon'
import { SandboxAnswer } from '@/components/order/SandboxAnswer.client'
import { InvoiceTimer } from '@/components/order/InvoiceTimer.client'
import { CopyButton } from '@/components/ui/CopyButton'
import { defaultLocale, getLocale, isLocaleCode } from '@/i18n/locales'
import { brand } from '@/lib/brand'
import { now } from '@/lib/clock'
import { methodBrandNames } from '@/services/catalog/methods'
import { formatBtc, type CryptoMethod } from '@/services/payments/crypto/invoice'
import { sandboxAllowedHere } from '@/services/payments/registry'
import { invoiceOf } from '@/services/payments/sandbox/invoice-answer'
import { payloadClient } from '@/services/content/payload'

type Props = { params: Promise<{ locale: string; attempt: string }> }

// One payment's invoice: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/**
 * The sandbox's stand-in for a crypto provider's invoice page (BTCPay's checkout, CoinPayments'
 * payment page): the provider, the address and the amount in BTC with copy buttons, the time left,
 * and what the payer does: "Pay in full", "Pay less" or "Let it expire", posted to
 * `POST /api/payments/sandbox/invoice/{attempt}`, which names the page to go to.
 */
export default async function InvoiceRoute({ params }: Props) {
  const { locale: raw, attempt: reference } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const [t, blocks, errors] = await Promise.all([getTranslations('Checkout'), getTranslations('Blocks'), getTranslations('Errors')])
  const found = sandboxAllowedHere() ? await invoiceOf(await payloadClient(), reference) : null
  if (!found) {
    return <SandboxNotFound locale={locale} path="/sandbox/invoice" />
  }
  const { order, entry } = found
  const method = order.method as CryptoMethod
  const provider = methodBrandNames[method]
  const money = new Intl.NumberFormat(getLocale(locale).tag, { style: 'currency', currency: order.currency?.toUpperCase() || 'USD' })
  const remainingMs = new Date(entry.invoice.expiresAt).getTime() - now().getTime()
  const open = entry.status === 'requires_action' && order.status === 'requires_action' && remainingMs > 0
  return (
    <SiteShell locale={locale} path="/sandbox/invoice">
      <section className="container-site max-w-xl py-12">
        <p className="flex items-center gap-3 text-xl font-bold" data-provider={method}>
          <PaymentMethodIcon method={method} className="h-8 w-12" />
          <span>{provider}</span>
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{t('invoiceTitle')}</h1>
        <p className="mt-3 text-lg">{t('invoiceIntro', { merchant: brand.name, provider })}</p>
        <dl className="mt-6 grid gap-4 rounded-xl border border-line p-6">
          <div className="grid gap-1">
            <dt className="text-sm font-medium text-muted">{t('invoiceAddress')}</dt>
            <dd className="flex flex-wrap items-center gap-3">
              {/* An address and an amount read left to right in every language. */}
              <code id="invoice-address" dir="ltr" className="break-all rounded-md bg-surface px-3 py-1.5 font-mono text-base font-semibold" data-invoice-address>
                {entry.invoice.address}
              </code>
              <CopyButton target="invoice-address" label={t('copyAddress')} text={blocks('copy')} copied={blocks('copied')} />
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-medium text-muted">{t('invoiceAmount')}</dt>
            <dd className="flex flex-wrap items-center gap-3">
              <code id="invoice-amount" dir="ltr" className="rounded-md bg-surface px-3 py-1.5 font-mono text-lg font-semibold" data-invoice-amount>
                {formatBtc(entry.invoice.amount)}
              </code>
              <CopyButton target="invoice-amount" label={t('copyAmount')} text={blocks('copy')} copied={blocks('copied')} />
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t('total')}</dt>
            <dd data-amount>{money.format(order.total / 100)}</dd>
          </div>
          {open ? (
            <InvoiceTimer remainingMs={remainingMs} label={t('invoiceTimeLeft')} minutesLeft={t('invoiceMinutesLeft', { minutes: '{minutes}' })} lapsed={t('invoiceLapsed')} />
          ) : (
            <p className="font-medium" data-invoice-closed>
              {remainingMs > 0 ? t('statusPending') : t('invoiceLapsed')}
            </p>
          )}
        </dl>
        <p className="mt-4 text-sm text-muted">{t('invoiceSandbox', { provider })}</p>
        <SandboxAnswer
          endpoint={`/api/payments/sandbox/invoice/${reference}`}
          field="action"
          locale={locale}
          answers={[
            { outcome: 'pay', label: t('invoicePay'), primary: true },
            { outcome: 'underpay', label: t('invoiceUnderpay') },
            { outcome: 'expire', label: t('invoiceExpire') },
          ]}
          errorText={errors('undefinedError')}
        />
      </section>
    </SiteShell>
  )
}
