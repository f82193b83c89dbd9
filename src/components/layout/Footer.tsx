import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'
import { Logo } from '@/components/ui/Logo'
import { SocialIcon, type SocialNetwork } from '@/components/ui/SocialIcon'
import { brand } from '@/lib/brand'
import { now } from '@/lib/clock'
import { footerLinks } from './footerLinks'

const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  instagram: 'Instagram',
}

type Props = { locale: string; newsletter?: ReactNode }

export async function Footer({ locale, newsletter }: Props) {
  const t = await getTranslations('Footer')
  const cookie = await getTranslations('CookieNotice')
  const columns = footerLinks(locale, process.env.SITE_PROXY_URL)
  return (
    <footer aria-label={t('label')} className="mt-auto bg-brand-950 text-white/80">
      <div className="container-site py-12">
        <div className="grid gap-10 lg:grid-cols-[1fr_3fr]">
          <div className="space-y-4">
            <Logo className="text-white" />
            {newsletter && <div data-slot="newsletter">{newsletter}</div>}
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-6">
            {columns.map((column) => (
              <div key={column.key}>
                <h2 className="mb-3 text-sm font-semibold text-white">{t(column.key as never)}</h2>
                <ul className="space-y-2 text-sm">
                  {column.links.map((link) => (
                    <li key={link.key}>
                      {link.external ? (
                        <a href={link.href} className="hover:text-white hover:underline">
                          {t(link.key as never)}
                        </a>
                      ) : (
                        <a href={link.href} className="hover:text-white hover:underline">
                          {t(link.key as never)}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-10 flex flex-col-reverse gap-4 border-t border-white/10 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <p>{t('copyright', { year: now().getUTCFullYear() })}</p>
            {/* Opens the cookie choice again (CookieNotice.client.tsx, /scripts/cookie-notice.js). */}
            <button type="button" data-cookie-settings="" className="underline-offset-2 hover:text-white hover:underline">
              {cookie('settings')}
            </button>
          </div>
          <ul aria-label={t('social')} className="flex gap-2">
            {(Object.keys(brand.social) as SocialNetwork[]).map((network) => (
              <li key={network}>
                <a
                  href={brand.social[network]}
                  rel="noopener noreferrer"
                  aria-label={t('socialLink', { network: networkNames[network] })}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 hover:bg-white/15 hover:text-white"
                >
                  <SocialIcon network={network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
