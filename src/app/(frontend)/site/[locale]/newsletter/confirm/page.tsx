import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { defaultLocale, isLocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { now } from '@/lib/clock'
import { payloadClient } from '@/services/content/payload'
import { subscriberByToken } from '@/services/newsletter/subscribers'
import { maskEmail } from '@/services/purchase-flow/checkout-rules'

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

// A link's own page: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/**
 * The newsletter's double opt-in: the e-mailed link opens this page, which shows the masked
 * address and one button, a plain form posted to `/api/coms/subscribe/confirm/` (no JavaScript
 * needed). Opening the link confirms nothing, so a mail scanner following it subscribes nobody.
 */
export default async function NewsletterConfirmRoute({ params, searchParams }: Props) {
  const { locale: raw } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const t = await getTranslations('Newsletter')
  const query = await searchParams
  const done = query.done === '1'
  const token = typeof query.token === 'string' ? query.token : null
  const subscriber = !done && token ? await subscriberByToken(await payloadClient(), token, 'confirm', now()) : null
  const confirmed = done || subscriber?.status === 'active'
  return (
    <SiteShell locale={locale} path="/newsletter/confirm">
      <section className="container-site max-w-2xl py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('confirmTitle')}</h1>
        {confirmed ? (
          <p className="mt-4 text-lg" role="status" data-confirmed>
            {t('confirmDone')}
          </p>
        ) : subscriber && subscriber.status === 'pending' ? (
          <>
            <p className="mt-4 text-lg" data-address>
              {t('confirmText', { email: maskEmail(subscriber.email) })}
            </p>
            <form method="post" action="/api/coms/subscribe/confirm/" className="mt-8">
              <input type="hidden" name="token" value={token ?? ''} />
              <input type="hidden" name="locale" value={locale} />
              <button type="submit" className="btn-primary px-6 py-3">
                {t('confirmButton')}
              </button>
            </form>
          </>
        ) : (
          <>
            <p className="mt-4 text-lg" data-invalid>
              {t('confirmInvalid')}
            </p>
            <a href={localizePath(locale, '/')} className="mt-8 inline-block font-medium text-brand-700 underline underline-offset-2">
              {t('home')}
            </a>
          </>
        )}
      </section>
    </SiteShell>
  )
}
