import type { Metadata } from 'next'
import { BadLink, LinkPage, readLinkPage, type LinkPageProps } from '@/components/newsletter/link-page'
import { maskEmail } from '@/services/purchase-flow/checkout-rules'

// A link's own page: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/**
 * The newsletter's unsubscribe page, linked from every newsletter e-mail: the masked address and
 * an Unsubscribe button, a plain form (works without JavaScript) posted to the one-click
 * endpoint. Without a token, or with a bad or unknown one, it explains and links home: always 200.
 */
export default async function BlogUnsubscribeRoute(props: LinkPageProps) {
  const { locale, t, done, token, subscriber } = await readLinkPage(props, 'unsubscribe')
  return (
    <LinkPage locale={locale} path="/blog-unsubscribe" title={t('unsubscribeTitle')}>
      {done || subscriber?.status === 'unsubscribed' ? (
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
        <BadLink locale={locale} text={t('unsubscribeInvalid')} home={t('home')} />
      )}
    </LinkPage>
  )
}
