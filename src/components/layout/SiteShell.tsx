import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'
import { companyBase } from './footerLinks'
import { now } from '@/lib/clock'
import { pathFeatures, routeFlags } from '@/lib/route-flags'
import { shownBanners } from '@/services/content/banners'
import { NewsletterSignup } from '@/components/newsletter/NewsletterSignup'
import { CookieNotice } from './CookieNotice.client'
import { Footer } from './Footer'
import { Header } from './Header'
import { PlatformStrip } from './PlatformStrip'
import { PromoBanner } from './PromoBanner'

type Props = { locale: string; path: string; children: ReactNode }

/** The layout of spec section 2 around one page; what shows depends on the route's display flags. */
export async function SiteShell({ locale, path, children }: Props) {
  const flags = routeFlags(path)
  const features = pathFeatures(path)
  const header = await getTranslations('Header')
  const cookie = await getTranslations('CookieNotice')
  const labels = await getTranslations('Banners')
  // The full rewards banner on the home page, the mini-banner elsewhere; the coin banners are not placed (spec).
  const shown = flags.rewardsBanner ? await shownBanners(locale, now()) : {}
  const banner = path === '/' ? shown.rewards : shown.rewardsMini
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-700 focus:not-sr-only focus:absolute focus:start-3 focus:top-3"
      >
        {header('skipToContent')}
      </a>
      {flags.header && <Header locale={locale} path={path} flags={flags} />}
      {features.platformStrip && <PlatformStrip locale={locale} />}
      {banner && <PromoBanner banner={banner} label={labels('rewards')} />}
      <main id="main" className="flex-1">
        {children}
      </main>
      {flags.footer && <Footer locale={locale} newsletter={<NewsletterSignup locale={locale} tone="footer" />} />}
      <CookieNotice
        label={cookie('label')}
        text={cookie('text')}
        necessary={cookie('necessary')}
        acceptAll={cookie('acceptAll')}
        learnMore={cookie('learnMore')}
        privacyHref={`${companyBase(process.env.SITE_PROXY_URL)}/privacy-policy`}
      />
    </div>
  )
}
