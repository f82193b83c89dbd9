import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AccountSettings } from '@/components/account/AccountSettings.client'
import { settingsTexts } from '@/components/account/settings-texts'
import { SiteShell } from '@/components/layout/SiteShell'
import { getLocale, locales, pageLocale } from '@/i18n/locales'
import { pageMetadata } from '@/lib/seo'

type Props = { params: Promise<{ locale: string }> }

// The same HTML for every visitor (cached per locale): the island reads the account with the stored tokens.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Account' })
  return pageMetadata({ locale, path: '/my-account/settings', title: t('settingsTitle'), description: t('settingsIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function SettingsRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const languages = locales.map((entry) => ({ code: entry.code, label: entry.label, tag: entry.tag }))
  return (
    <SiteShell locale={locale} path="/my-account/settings">
      <section className="container-site py-12">
        <AccountSettings locale={locale} tag={getLocale(locale).tag} texts={await settingsTexts(locale)} languages={languages} />
      </section>
    </SiteShell>
  )
}
