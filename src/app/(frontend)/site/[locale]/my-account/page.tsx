import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AccountOverview, type AccountTexts } from '@/components/account/AccountOverview.client'
import { SiteShell } from '@/components/layout/SiteShell'
import { getLocale, locales, pageLocale } from '@/i18n/locales'
import { pageMetadata } from '@/lib/seo'

type Props = { params: Promise<{ locale: string }> }

// The same HTML for every visitor (cached per locale): the island reads the account with the stored tokens.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

const keys = ['title', 'accountNumberIs', 'signOut', 'loading', 'subscriptionsHeading', 'statusLabel', 'statusTrialing', 'statusActive', 'statusPastDue', 'pastDueNote', 'payNow', 'statusCanceled', 'statusExpired', 'methodLabel', 'renewsOn', 'activeUntil', 'lifetime', 'autoRenew', 'autoRenewOn', 'autoRenewOff', 'blockedMethod', 'blockedEnded', 'blockedLifetime', 'cancel', 'cancelTitle', 'cancelText', 'cancelConfirm', 'cancelKeep', 'slotsHeading', 'slotsText', 'devicesHeading', 'noDevices', 'remove', 'deviceAdded', 'servicesHeading', 'staticIp', 'personalServer', 'downloadsHeading', 'emptyTitle', 'emptyText', 'emptyCta', 'startTrial', 'trialText', 'trialStarted', 'ordersLink', 'settingsLink', 'methodGift', 'redeemHeading', 'redeemLabel', 'redeemButton', 'redeemChecking', 'redeemGivesPlan', 'redeemGivesDays', 'redeemGivesDiscount', 'redeemAddedPlan', 'redeemAddedDays', 'addExtras', 'extrasTitle', 'extrasSlots', 'extrasNone', 'extrasMore', 'extrasTraffic', 'extrasLocation', 'extrasChecking', 'extrasTotal', 'extrasRenewal', 'extrasContinue', 'extrasClose', 'extrasChoose'] as const
/** Why a subscription takes no extras now: shared with checkout. */
const reasonKeys = ['extrasEnded', 'extrasTrial', 'extrasRenewing', 'extrasNotAvailable', 'extrasOwned'] as const

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Account' })
  return pageMetadata({ locale, path: '/my-account', title: t('title'), description: t('intro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function MyAccountRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const [t, auth, checkout, errors] = await Promise.all([getTranslations('Account'), getTranslations('Auth'), getTranslations('Checkout'), getTranslations('Errors')])
  // Placeholders stay for the island to fill ({date}, {price}, …).
  const raw = (key: (typeof keys)[number]) => t.raw(key) as string
  const texts = Object.fromEntries(keys.map((key) => [key, raw(key)])) as Record<(typeof keys)[number], string>
  const reasons = Object.fromEntries(reasonKeys.map((key) => [key, checkout(key)])) as Record<(typeof reasonKeys)[number], string>
  const all: AccountTexts = { ...texts, ...reasons, card: checkout('methodCard'), downloadFor: auth.raw('downloadFor') as string, invalidCode: errors('INVALID_BONUS_CODE'), undefinedError: errors('undefinedError') }
  return (
    <SiteShell locale={locale} path="/my-account">
      <section className="container-site py-12">
        <AccountOverview locale={locale} tag={getLocale(locale).tag} texts={all} />
      </section>
    </SiteShell>
  )
}
