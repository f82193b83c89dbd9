import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { defaultLocale, isLocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { brand } from '@/lib/brand'
import type { ErrorCode } from '@/lib/errors'
import { errorMessage } from '@/lib/http'
import { findOrderByHash, PUBLIC_HASH } from '@/services/orders/orders'
import { payloadClient } from '@/services/content/payload'

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

// An order's own page: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/**
 * Where a payment that did not go through lands: what happened (the order's failure, in the
 * page's language), "Try again" back to checkout with the order (`?hash=`, which also restores
 * what was typed in this tab), and a way to reach support. Without a known order, "Try again"
 * opens checkout afresh.
 */
export default async function PaymentErrorRoute({ params, searchParams }: Props) {
  const { locale: raw } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const t = await getTranslations('Checkout')
  const query = await searchParams
  const hash = typeof query.hash === 'string' && PUBLIC_HASH.test(query.hash) ? query.hash : null
  const order = hash ? await findOrderByHash(await payloadClient(), hash) : null
  const reason = order?.status === 'failed' && order.failure?.code ? await errorMessage(order.failure.code as ErrorCode, locale) : null
  const retry = `${localizePath(locale, '/order/checkout')}${order ? `?hash=${order.publicHash}` : ''}`
  return (
    <SiteShell locale={locale} path="/payment-error">
      <section className="container-site max-w-3xl py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('failedHeading')}</h1>
        {reason && (
          <p className="mt-4 text-lg font-medium" data-reason>
            {reason}
          </p>
        )}
        <p className="mt-3 text-lg text-muted">{t('paymentErrorText')}</p>
        <div className="mt-8 flex flex-wrap gap-4">
          <a href={retry} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white" data-try-again>
            {t('tryAgain')}
          </a>
          <a href={`mailto:${brand.supportEmail}`} className="rounded-md border border-line px-5 py-2.5 font-semibold">
            {t('contactSupport')}
          </a>
        </div>
      </section>
    </SiteShell>
  )
}
