import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { SandboxNotFound } from '@/components/order/SandboxNotFound'
import { SandboxAnswer } from '@/components/order/SandboxAnswer.client'
import { defaultLocale, getLocale, isLocaleCode } from '@/i18n/locales'
import { brand } from '@/lib/brand'
import { sandboxAvailable } from '@/services/payments/registry'
import { payloadClient } from '@/services/content/payload'
import { cardLabel } from '@/services/purchase-flow/checkout-rules'

type Props = { params: Promise<{ locale: string; attempt: string }> }

// One payment's challenge: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/** The sandbox's references: `sbx_{order}_{attempt}`. */
const REFERENCE = /^sbx_\d{1,12}_\d{1,4}$/

/**
 * The sandbox card processor's 3-D Secure page, as a bank's challenge would look: the merchant,
 * the amount and the card, with "Complete authentication" and "Fail authentication". The answer
 * goes to `POST /api/payments/sandbox/3ds/{attempt}`, which sends the buyer back to the site.
 */
export default async function ThreeDSecureRoute({ params }: Props) {
  const { locale: raw, attempt: reference } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const [t, errors] = await Promise.all([getTranslations('Checkout'), getTranslations('Errors')])
  const payload = await payloadClient()
  const attempt =
    sandboxAvailable() && REFERENCE.test(reference)
      ? (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `sandbox:${reference}` } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
      : undefined
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  if (!attempt || !order) {
    return <SandboxNotFound locale={locale} path="/sandbox/3ds" />
  }
  const money = new Intl.NumberFormat(getLocale(locale).tag, { style: 'currency', currency: order.currency?.toUpperCase() || 'USD' })
  return (
    <SiteShell locale={locale} path="/sandbox/3ds">
      <section className="container-site max-w-xl py-12">
        <h1 className="text-3xl font-extrabold tracking-tight">{t('threeDsTitle')}</h1>
        <p className="mt-3 text-lg">{t('threeDsIntro', { merchant: brand.name })}</p>
        <dl className="mt-6 grid gap-3 rounded-xl border border-line p-6">
          <div className="flex justify-between gap-4">
            <dt>{t('threeDsMerchant')}</dt>
            <dd>{brand.name}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t('threeDsAmount')}</dt>
            <dd data-amount>{money.format(attempt.amount / 100)}</dd>
          </div>
          {attempt.brand && attempt.last4 && (
            <div className="flex justify-between gap-4">
              <dt>{t('threeDsCard')}</dt>
              <dd>{cardLabel(attempt.brand, attempt.last4)}</dd>
            </div>
          )}
        </dl>
        <p className="mt-4 text-sm text-muted">{t('threeDsSandbox')}</p>
        <SandboxAnswer
          endpoint={`/api/payments/sandbox/3ds/${reference}`}
          locale={locale}
          answers={[
            { outcome: 'complete', label: t('threeDsComplete'), primary: true },
            { outcome: 'fail', label: t('threeDsFail') },
          ]}
          errorText={errors('undefinedError')}
        />
      </section>
    </SiteShell>
  )
}
