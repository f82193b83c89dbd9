import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { SignIn } from '@/components/auth/SignIn.client'
import { humanCheckTexts } from '@/components/auth/sign-up-props'
import { FAST_LOGIN_MINUTES } from '@/services/auth/fast-login'
import { locales, pageLocale } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { pageMetadata } from '@/lib/seo'

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
  return pageMetadata({ locale, path: '/sign-in', title: t('signInTitle'), description: t('signInIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function SignInRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const [t, checkout, errors] = await Promise.all([getTranslations('Auth'), getTranslations('Checkout'), getTranslations('Errors')])
  return (
    <SiteShell locale={locale} path="/sign-in">
      <section className="container-site py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('signInTitle')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{t('signInIntro')}</p>
        <SignIn
          locale={locale}
          texts={{
            emailLabel: t('emailOrNumberLabel'),
            passwordLabel: t('passwordLabel'),
            showPassword: t('showPassword'),
            hidePassword: t('hidePassword'),
            submit: t('signInSubmit'),
            submitting: t('signingIn'),
            retryIn: t('retryIn', { seconds: '{seconds}' }),
            required: checkout('required'),
            invalidEmail: t('invalidEmailOrNumber'),
            invalidId: errors('INVALID_VEILGATE_ID'),
            undefinedError: errors('undefinedError'),
            linkInstead: t('linkInstead'),
            passwordInstead: t('passwordInstead'),
          }}
          fastLogin={{
            humanCheck: humanCheckTexts(t),
            texts: {
              emailLabel: t('emailLabel'),
              intro: t('linkIntro'),
              submit: t('linkSubmit'),
              submitting: t('sending'),
              sent: t('linkSent', { email: '{email}', minutes: FAST_LOGIN_MINUTES }),
              codeLabel: t('codeLabel'),
              codeSubmit: t('codeSubmit'),
              newCode: t('newCode'),
              humanCheckLegend: t('humanCheckLegend'),
              required: checkout('required'),
              invalidEmail: errors('INVALID_EMAIL'),
              retryIn: t('retryIn', { seconds: '{seconds}' }),
              undefinedError: errors('undefinedError'),
              notVerified: errors('NOT_VERIFIED_CAPTCHA'),
            },
          }}
        />
        <p className="mt-6 text-sm">
          <a href={localizePath(locale, '/forgot-password')} className="font-medium text-brand-700 underline underline-offset-2">
            {t('forgotPassword')}
          </a>
        </p>
        <p className="mt-3 text-sm">
          {t('noAccount')}{' '}
          <a href={localizePath(locale, '/sign-up')} className="font-medium text-brand-700 underline underline-offset-2">
            {t('signUpLink')}
          </a>
        </p>
      </section>
    </SiteShell>
  )
}
