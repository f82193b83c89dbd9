import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { SandboxNotFound } from '@/components/order/SandboxNotFound'
import { PaymentMethodIcon, type IconMethod } from '@/components/order/PaymentMethodIcon'
import { SandboxAnswer } from '@/components/order/SandboxAnswer.client'
import { defaultLocale, getLocale, isLocaleCode } from '@/i18n/locales'
import { brand } from '@/lib/brand'
import { methodBrandNames } from '@/services/catalog/methods'
import { sandboxAllowedHere } from '@/services/payments/registry'
import { approvalOf } from '@/services/payments/sandbox/approval'
import { payloadClient } from '@/services/content/payload'

type Props = { params: Promise<{ locale: string; attempt: string }> }

// One payment's approval: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/**
 * The sandbox's stand-in for a redirect method's or a wallet's own page (PayPal's approval,
 * Paymentwall's widget, Amazon Pay's sign-in, the device's Apple Pay or Google Pay sheet): the
 * provider's name and mark, the merchant and the amount, with "Approve", "Cancel"
 * and "Fail". The answer goes to `POST /api/payments/sandbox/approve/{attempt}`, which says where
 * the browser goes next.
 */
export default async function ApprovalRoute({ params }: Props) {
  const { locale: raw, attempt: reference } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const [t, errors] = await Promise.all([getTranslations('Checkout'), getTranslations('Errors')])
  const found = sandboxAllowedHere() ? await approvalOf(await payloadClient(), reference) : null
  if (!found) {
    return <SandboxNotFound locale={locale} path="/sandbox/approve" />
  }
  const { attempt, order } = found
  const method = order.method as IconMethod
  const provider = methodBrandNames[order.method]
  const money = new Intl.NumberFormat(getLocale(locale).tag, { style: 'currency', currency: order.currency?.toUpperCase() || 'USD' })
  return (
    <SiteShell locale={locale} path="/sandbox/approve">
      <section className="container-site max-w-xl py-12">
        <p className="flex items-center gap-3 text-xl font-bold" data-provider={method}>
          <PaymentMethodIcon method={method} className="h-8 w-12" />
          <span>{provider}</span>
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{t('approveTitle')}</h1>
        <p className="mt-3 text-lg">{t('approveIntro', { merchant: brand.name, provider })}</p>
        <dl className="mt-6 grid gap-3 rounded-xl border border-line p-6">
          <div className="flex justify-between gap-4">
            <dt>{t('threeDsMerchant')}</dt>
            <dd>{brand.name}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t('threeDsAmount')}</dt>
            <dd data-amount>{money.format(attempt.amount / 100)}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-muted">{t('approveSandbox', { provider })}</p>
        <SandboxAnswer
          endpoint={`/api/payments/sandbox/approve/${reference}`}
          locale={locale}
          answers={[
            { outcome: 'approve', label: t('approve'), primary: true },
            { outcome: 'cancel', label: t('approveCancel') },
            { outcome: 'fail', label: t('approveFail') },
          ]}
          errorText={errors('undefinedError')}
        />
      </section>
    </SiteShell>
  )
}
