import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { LinkSignIn } from '@/components/auth/LinkSignIn.client'
import { SiteShell } from '@/components/layout/SiteShell'
import { locales, pageLocale } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { pageMetadata } from '@/lib/seo'

type Props = { params: Promise<{ locale: string }> }

// A sign-in link an app opened: the same HTML for every visitor (the token stays in the address bar).
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Auth' })
  return pageMetadata({ locale, path: '/autologin', title: t('autologinTitle'), description: t('linkIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function AutologinRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const [t, errors] = await Promise.all([getTranslations('Auth'), getTranslations('Errors')])
  const intro = null
  return (
    <SiteShell locale={locale} path="/autologin">
      <section className="container-site py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('autologinTitle')}</h1>
        {intro && <p className="mt-3 max-w-2xl text-lg text-muted">{intro}</p>}
        <LinkSignIn
          locale={locale}
          mode="auto"
          signInHref={localizePath(locale, '/sign-in')}
          texts={{ button: t('linkButton'), signingIn: t('autologinTitle'), expired: t('linkExpired'), linkMissing: t('confirmLinkMissing'), signInAgain: t('signInTitle'), undefinedError: errors('undefinedError') }}
        />
      </section>
    </SiteShell>
  )
}
