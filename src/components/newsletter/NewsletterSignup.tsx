import { getTranslations } from 'next-intl/server'
import { humanCheckTexts } from '@/components/auth/sign-up-props'
import { NewsletterForm } from './NewsletterForm.client'

type Props = { locale: string; tone: 'footer' | 'block' }

/** The newsletter form with its texts in the page's locale; the footer's version has its own heading. */
export async function NewsletterSignup({ locale, tone }: Props) {
  const [t, auth, errors] = await Promise.all([
    getTranslations({ locale, namespace: 'Newsletter' }),
    getTranslations({ locale, namespace: 'Auth' }),
    getTranslations({ locale, namespace: 'Errors' }),
  ])
  const form = (
    <NewsletterForm
      locale={locale}
      tone={tone}
      humanCheck={humanCheckTexts(auth)}
      texts={{
        emailLabel: t('emailLabel'),
        consent: t('consent'),
        submit: t('submit'),
        proveHuman: t('proveHuman'),
        humanCheckLegend: auth('humanCheckLegend'),
        successTitle: t('successTitle'),
        success: t('success', { email: '{email}' }),
        errorTitle: t('errorTitle'),
        invalidEmail: t('invalidEmail'),
        alreadyExists: t('alreadyExists', { email: '{email}' }),
        undefinedError: errors('undefinedError'),
      }}
    />
  )
  if (tone === 'block') return form
  return (
    <section aria-labelledby="footer-newsletter" className="grid gap-2">
      <h2 id="footer-newsletter" className="text-sm font-semibold text-white">
        {t('heading')}
      </h2>
      <p className="text-sm">{t('intro')}</p>
      {form}
    </section>
  )
}
