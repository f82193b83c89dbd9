import { getTranslations } from 'next-intl/server'
import type { ComponentProps, ReactNode } from 'react'
import { companyBase } from '@/components/layout/footerLinks'
import { localizePath } from '@/i18n/paths'
import { payloadClient } from '@/services/content/payload'
import { appReleases } from '@/services/downloads/apps'
import { downloadPlatforms } from '@/services/downloads/platform'
import { currentReleases } from '@/services/downloads/releases'
import type { HumanCheckTexts } from './human-check-types'
import type { SignUpForm } from './SignUpForm.client'
import type { DownloadOffer } from './sign-up-types'
import { strengthTexts } from './strength-texts'

const errorCodes = [
  'REQUIRED',
  'INVALID_EMAIL',
  'PASSWORD_WHITESPACE',
  'PASSWORD_ASCII',
  'PASSWORD_BAD',
  'CONFIRM_PASSWORD',
  'TERMS_AGREE',
  'NOT_VERIFIED_CAPTCHA',
  'INVALID_INPUT',
  'undefinedError',
] as const

/** The human-check widget's texts from the `Auth` namespace. */
export const humanCheckTexts = (
  t: (key: 'humanLabel' | 'humanVerifying' | 'humanVerified' | 'humanError' | 'humanExpired' | 'humanWait' | 'humanRequired' | 'humanRecaptchaNotice' | 'humanHcaptchaNotice' | 'humanPrivacyLink' | 'humanTermsLink') => string,
): HumanCheckTexts => ({
  label: t('humanLabel'),
  verifying: t('humanVerifying'),
  verified: t('humanVerified'),
  error: t('humanError'),
  expired: t('humanExpired'),
  waitAlert: t('humanWait'),
  verificationRequired: t('humanRequired'),
  recaptchaNotice: t('humanRecaptchaNotice'),
  hcaptchaNotice: t('humanHcaptchaNotice'),
  privacyLink: t('humanPrivacyLink'),
  termsLink: t('humanTermsLink'),
})

/**
 * The VPN apps offered once the account exists: the current releases (admin → Downloads), a
 * desktop one as its file, the static table where a platform has none.
 */
async function downloadOffers(locale: string): Promise<DownloadOffer[]> {
  const releases = new Map((await currentReleases(await payloadClient(), 'vpn', locale)).map((release) => [release.platform, release]))
  return downloadPlatforms.map((platform) => {
    const release = releases.get(platform)
    const name = appReleases[platform].name
    if (release?.download && release.url) return { platform, name, href: release.url, external: /^https?:/.test(release.url), download: true }
    const href = release?.url ?? appReleases[platform].href
    const internal = href.startsWith('/')
    return { platform, name, href: internal ? localizePath(locale, href) : href, external: !internal }
  })
}

/**
 * Everything the sign-up form needs from the server, in the page's locale: its texts, the
 * catalogue messages it can show before asking the API, the terms label with its links to the
 * company site (through `SITE_PROXY_URL` when set) and, for the download variant, the apps.
 */
export async function signUpFormProps(locale: string, variant: 'standard' | 'download' = 'standard'): Promise<ComponentProps<typeof SignUpForm>> {
  const [t, checkout, errors] = await Promise.all([
    getTranslations({ locale, namespace: 'Auth' }),
    getTranslations({ locale, namespace: 'Checkout' }),
    getTranslations({ locale, namespace: 'Errors' }),
  ])
  const company = companyBase(process.env.SITE_PROXY_URL)
  const link = (href: string) =>
    function CompanyLink(chunks: ReactNode) {
      return (
        <a href={href} className="font-medium text-brand-700 underline underline-offset-2">
          {chunks}
        </a>
      )
    }
  return {
    locale,
    texts: {
      emailLabel: t('emailLabel'),
      passwordLabel: t('passwordLabel'),
      confirmPasswordLabel: t('confirmPasswordLabel'),
      marketingConsent: checkout('marketingConsent'),
      noSpam: checkout('noSpam'),
      submit: t('signUpSubmit'),
      submitting: t('creatingAccount'),
      ...strengthTexts(t),
      checkInbox: t('checkInbox'),
      sentTo: t('sentTo', { email: '{email}' }),
      haveAccount: t('haveAccount'),
      signInLink: t('signInLink'),
      downloadFor: t('downloadFor', { platform: '{platform}' }),
      otherPlatforms: t('otherPlatforms'),
      humanCheckLegend: t('humanCheckLegend'),
    },
    errors: Object.fromEntries(errorCodes.map((code) => [code, errors(code)])),
    humanCheck: humanCheckTexts(t),
    termsLabel: t.rich('termsLabel', { terms: link(`${company}/terms-of-service`), privacy: link(`${company}/privacy-policy`) }),
    signInHref: localizePath(locale, '/sign-in'),
    downloads: variant === 'download' ? await downloadOffers(locale) : undefined,
    // `/sign-up` takes a gift code too; the download variant (a block on content pages) does not.
    giftCode: variant === 'standard' ? { toggle: t('giftCodeToggle'), label: t('giftCodeLabel'), hint: t('giftCodeHint') } : undefined,
  }
}
