import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { ConfirmEmail } from '@/components/auth/ConfirmEmail.client'
import { SiteShell } from '@/components/layout/SiteShell'
import { locales, pageLocale } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { pageMetadata } from '@/lib/seo'

type Props = { params: Promise<{ locale: string }> }

// The same HTML for every visitor (the token stays in the browser's address bar): cached per locale.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Auth' })
  return pageMetadata({ locale, path: '/confirm-email', title: t('confirmTitle'), description: t('confirmIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function ConfirmEmailRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const [t, errors] = await Promise.all([getTranslations('Auth'), getTranslations('Errors')])
  return (
    <SiteShell locale={locale} path="/confirm-email">
      <section className="container-site py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('confirmTitle')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{t('confirmIntro')}</p>
        <ConfirmEmail
          locale={locale}
          myAccountHref={localizePath(locale, '/my-account')}
          texts={{ submit: t('confirmSubmit'), submitting: t('confirming'), confirmed: t('confirmed'), linkMissing: t('confirmLinkMissing'), myAccount: t('myAccount'), undefinedError: errors('undefinedError') }}
        />
      </section>
    </SiteShell>
  )
}
