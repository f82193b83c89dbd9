import type { Metadata, Viewport } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import type { ReactNode } from 'react'
import { SiteDocument } from '@/components/layout/SiteDocument'
import { ErrorTextsProvider } from '@/components/layout/errorTexts'
import { loadMessages } from '@/i18n/messages'
import { isLocaleCode } from '@/i18n/locales'
import { brand } from '@/lib/brand'
import { supportContact } from '@/lib/support'
import { siteUrl } from '@/lib/seo'

type Props = { children: ReactNode; params: Promise<{ locale: string }> }

export const viewport: Viewport = { themeColor: '#0f0c33', width: 'device-width', initialScale: 1 }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  const t = await getTranslations({ locale: isLocaleCode(locale) ? locale : 'en', namespace: 'Metadata' })
  return {
    metadataBase: new URL(siteUrl()),
    title: brand.name,
    description: t('defaultDescription'),
    applicationName: brand.name,
    icons: { icon: [{ url: '/favicon.ico', sizes: '32x32' }, { url: '/icon.svg', type: 'image/svg+xml' }] },
  }
}

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params
  if (!isLocaleCode(locale)) notFound()
  setRequestLocale(locale)
  const { ServerError } = await loadMessages(locale)
  return (
    <SiteDocument locale={locale}>
      <ErrorTextsProvider texts={ServerError} locale={locale} support={supportContact()}>
        {children}
      </ErrorTextsProvider>
    </SiteDocument>
  )
}
