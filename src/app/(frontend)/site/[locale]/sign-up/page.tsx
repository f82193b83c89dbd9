import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { signUpFormProps } from '@/components/auth/sign-up-props'
import { SignUpForm } from '@/components/auth/SignUpForm.client'
import { locales, pageLocale } from '@/i18n/locales'
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
  return pageMetadata({ locale, path: '/sign-up', title: t('signUpTitle'), description: t('signUpIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function SignUpRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const [t, form] = await Promise.all([getTranslations('Auth'), signUpFormProps(locale)])
  return (
    <SiteShell locale={locale} path="/sign-up">
      <section className="container-site py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('signUpTitle')}</h1>
        <p className="mt-3 mb-8 max-w-2xl text-lg text-muted">{t('signUpIntro')}</p>
        <SignUpForm {...form} />
      </section>
    </SiteShell>
  )
}
