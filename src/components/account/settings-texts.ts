import { getTranslations } from 'next-intl/server'
import type { SettingsTexts } from './AccountSettings.client'

const own = [
  'settingsTitle',
  'signOut',
  'loading',
  'backToAccount',
  'ordersLink',
  'profileHeading',
  'emailLabel',
  'emailLanguage',
  'saved',
  'consentHeading',
  'consentOn',
  'consentOff',
  'sessionsHeading',
  'sessionDevice',
  'sessionUnknown',
  'sessionCurrent',
  'sessionSince',
  'sessionLastUsed',
  'sessionSignOut',
  'signOutEverywhere',
] as const

/** The settings page's texts in one locale: the `Account` namespace, the consent wording of checkout, the error fallback. */
export async function settingsTexts(locale: string): Promise<SettingsTexts> {
  const [t, checkout, errors] = await Promise.all([getTranslations({ locale, namespace: 'Account' }), getTranslations({ locale, namespace: 'Checkout' }), getTranslations({ locale, namespace: 'Errors' })])
  return {
    // Placeholders stay for the island to fill ({date}, {browser}, …).
    ...(Object.fromEntries(own.map((key) => [key, t.raw(key) as string])) as Record<(typeof own)[number], string>),
    consentLabel: checkout('marketingConsent'),
    undefinedError: errors('undefinedError'),
  }
}
