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
 * The newsletter's unsubscribe page, linked from every newsletter e-mail: the masked address and
 * an Unsubscribe button, a plain form (works without JavaScript) posted to the one-click
 * endpoint. Without a token, or with a bad or unknown one, it explains and links home: always 200.
 */
export default async function BlogUnsubscribeRoute({ params, searchParams }: Props) {
  const { locale: raw } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const t = await getTranslations('Newsletter')
  const query = await searchParams
  const done = query.done === '1'
  const token = typeof query.token === 'string' ? query.token : null
  const subscriber = !done && token ? await subscriberByToken(await payloadClient(), token, 'unsubscribe', now()) : null
  const gone = done || subscriber?.status === 'unsubscribed'
  return (
    <SiteShell locale={locale} path="/blog-unsubscribe">
      <section className="container-site max-w-2xl py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('unsubscribeTitle')}</h1>
        {gone ? (
          <p className="mt-4 text-lg" role="status" data-unsubscribed>
            {t('unsubscribeDone')}
          </p>
        ) : subscriber && token ? (
          <>
            <p className="mt-4 text-lg" data-address>
              {t('unsubscribeText', { email: maskEmail(subscriber.email) })}
            </p>
            <form method="post" action={`/api/coms/unsubscribe/?token=${encodeURIComponent(token)}`} className="mt-8">
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <input type="hidden" name="locale" value={locale} />
              <button type="submit" className="btn-primary px-6 py-3">
                {t('unsubscribeButton')}
              </button>
            </form>
          </>
        ) : (
          <>
            <p className="mt-4 text-lg" data-invalid>
              {t('unsubscribeInvalid')}
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
