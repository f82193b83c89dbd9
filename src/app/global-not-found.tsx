import type { Metadata, Viewport } from 'next'
import { headers } from 'next/headers'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { NotFoundView } from '@/components/layout/NotFoundView'
import { SiteDocument } from '@/components/layout/SiteDocument'
import { SiteShell } from '@/components/layout/SiteShell'
import { defaultLocale, isLocaleCode } from '@/i18n/locales'

/**
 * Every 404 of the site: the proxy sends paths with no content page here and
 * names the visitor's locale in a request header.
 */
async function requestLocale(): Promise<string> {
  const code = (await headers()).get('x-next-intl-locale')
  const locale = isLocaleCode(code) ? code : defaultLocale
  setRequestLocale(locale)
  return locale
}

export const viewport: Viewport = { themeColor: '#0f0c33', width: 'device-width', initialScale: 1 }

export async function generateMetadata(): Promise<Metadata> {
  await requestLocale()
  const t = await getTranslations('NotFound')
  return { title: t('metaTitle'), robots: { index: false, follow: true } }
}

export default async function GlobalNotFound() {
  const locale = await requestLocale()
  return (
    <SiteDocument locale={locale}>
      <SiteShell locale={locale} path="/404">
        <NotFoundView locale={locale} />
      </SiteShell>
    </SiteDocument>
  )
}
