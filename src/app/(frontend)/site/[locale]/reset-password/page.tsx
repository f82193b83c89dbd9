import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { ResetPassword } from '@/components/auth/ResetPassword.client'
import { strengthTexts } from '@/components/auth/strength-texts'
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

const errorCodes = ['REQUIRED', 'PASSWORD_WHITESPACE', 'PASSWORD_ASCII', 'PASSWORD_BAD', 'CONFIRM_PASSWORD', 'undefinedError'] as const

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Auth' })
  return pageMetadata({ locale, path: '/reset-password', title: t('resetTitle'), description: t('resetIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function ResetPasswordRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const [t, account, errors] = await Promise.all([getTranslations('Auth'), getTranslations('Account'), getTranslations('Errors')])
  return (
    <SiteShell locale={locale} path="/reset-password">
      <section className="container-site py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('resetTitle')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{t('resetIntro')}</p>
        <ResetPassword
          myAccountHref={localizePath(locale, '/my-account')}
          forgotHref={localizePath(locale, '/forgot-password')}
          errors={Object.fromEntries(errorCodes.map((code) => [code, errors(code)]))}
          texts={{
            newPassword: account('newPassword'),
            confirmNewPassword: account('confirmNewPassword'),
            submit: t('resetSubmit'),
            submitting: t('saving'),
            done: t('resetDone'),
            myAccount: t('myAccount'),
            expired: t('resetExpired'),
            linkMissing: t('confirmLinkMissing'),
            requestNewLink: t('requestNewLink'),
            ...strengthTexts(t),
          }}
        />
      </section>
    </SiteShell>
  )
}
