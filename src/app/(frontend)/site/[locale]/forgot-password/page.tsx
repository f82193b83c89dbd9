import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { ForgotPassword } from '@/components/auth/ForgotPassword.client'
import { SiteShell } from '@/components/layout/SiteShell'
import { locales, pageLocale } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { pageMetadata } from '@/lib/seo'
import { PASSWORD_RESET_MINUTES } from '@/services/auth/password-reset'

type Props = { params: Promise<{ locale: string }> }

// The same HTML for every visitor: rendered once per locale and cached; the island does the rest.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Auth' })
  return pageMetadata({ locale, path: '/forgot-password', title: t('forgotTitle'), description: t('forgotIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function ForgotPasswordRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const [t, checkout, errors] = await Promise.all([getTranslations('Auth'), getTranslations('Checkout'), getTranslations('Errors')])
  return (
    <SiteShell locale={locale} path="/forgot-password">
      <section className="container-site py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('forgotTitle')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{t('forgotIntro')}</p>
        <ForgotPassword
          locale={locale}
          signInHref={localizePath(locale, '/sign-in')}
          texts={{
            emailLabel: t('emailLabel'),
            submit: t('forgotSubmit'),
            submitting: t('sending'),
            sent: t('forgotSent', { email: '{email}', minutes: PASSWORD_RESET_MINUTES }),
            backToSignIn: t('backToSignIn'),
            required: checkout('required'),
            invalidEmail: errors('INVALID_EMAIL'),
            retryIn: t('retryIn', { seconds: '{seconds}' }),
            undefinedError: errors('undefinedError'),
          }}
        />
      </section>
    </SiteShell>
  )
}
