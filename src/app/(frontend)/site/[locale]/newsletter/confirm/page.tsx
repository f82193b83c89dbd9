import type { Metadata } from 'next'
import { BadLink, LinkPage, readLinkPage, type LinkPageProps } from '@/components/newsletter/link-page'
import { maskEmail } from '@/services/purchase-flow/checkout-rules'

// A link's own page: read at every request, never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/**
 * The newsletter's double opt-in: the e-mailed link opens this page, which shows the masked
 * address and one button, a plain form posted to `/api/coms/subscribe/confirm/` (no JavaScript
 * needed). Opening the link confirms nothing, so a mail scanner following it subscribes nobody.
 */
export default async function NewsletterConfirmRoute(props: LinkPageProps) {
  const { locale, t, done, token, subscriber } = await readLinkPage(props, 'confirm')
  return (
    <LinkPage locale={locale} path="/newsletter/confirm" title={t('confirmTitle')}>
      {done || subscriber?.status === 'active' ? (
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
        <BadLink locale={locale} text={t('confirmInvalid')} home={t('home')} />
      )}
    </LinkPage>
  )
}
