import { getTranslations } from 'next-intl/server'
import { strengthTexts } from '@/components/auth/strength-texts'
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
  'passwordHeading',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  'passwordSubmit',
  'passwordChanged',
  'changeEmailHeading',
  'newEmailLabel',
  'changeEmailSubmit',
  'emailPending',
  'emailPendingHint',
  'deleteHeading',
  'deleteText',
  'deleteOpen',
  'deleteDialogTitle',
  'deletePasswordText',
  'deleteEmailText',
  'deleteConfirm',
  'deleteKeep',
  'deleted',
  'deletedHome',
] as const

/** The refusals the settings forms show, by catalogue code. */
const codes = ['INVALID_EMAIL', 'ALREADY_IN_USE', 'INVALID_INPUT', 'REQUIRED', 'PASSWORD_WHITESPACE', 'PASSWORD_ASCII', 'PASSWORD_BAD', 'CONFIRM_PASSWORD', 'INVALID_USERNAME_OR_PASSWORD', 'LOGIN_ATTEMPTS_EXCEEDED', 'TOO_MANY_REQUESTS'] as const

/** The settings page's texts in one locale: the `Account` namespace, the consent wording of checkout, the error fallback. */
export async function settingsTexts(locale: string): Promise<SettingsTexts> {
  const [t, auth, checkout, errors] = await Promise.all([
    getTranslations({ locale, namespace: 'Account' }),
    getTranslations({ locale, namespace: 'Auth' }),
    getTranslations({ locale, namespace: 'Checkout' }),
    getTranslations({ locale, namespace: 'Errors' }),
  ])
  return {
    // Placeholders stay for the island to fill ({date}, {browser}, {verdict}, …).
    ...(Object.fromEntries(own.map((key) => [key, t.raw(key) as string])) as Record<(typeof own)[number], string>),
    ...strengthTexts(auth),
    errors: { ...Object.fromEntries(codes.map((code) => [code, errors.raw(code) as string])), undefinedError: errors('undefinedError') },
    consentLabel: checkout('marketingConsent'),
    undefinedError: errors('undefinedError'),
  }
}
