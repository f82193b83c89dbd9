import { stripLocale } from '@/i18n/paths'

/**
 * Per-route display flags (spec section 2, "Per-route display flags").
 * Every rule is matched against the path with its locale prefix removed.
 */
export type RouteFlags = {
  footer: boolean
  rewardsBanner: boolean
  navigation: boolean
  header: boolean
  localeSwitcher: boolean
}

type Match = { exact: string } | { prefix: string }

/** `{ prefix: '/brand' }` matches `/brand` and `/brand/…`, never `/brandnew`. */
const exact = (path: string): Match => ({ exact: path })
const under = (path: string): Match => ({ prefix: path })

const pickupPages = [
  exact('/order/pickup'),
  exact('/order/pickup-b'),
  exact('/order/pickup-c'),
  exact('/order/pickup-d'),
  exact('/order/pickup-e'),
]
const checkout = exact('/order/checkout')
const amazonPayment = exact('/amazon/payment')

export const routeFlagRules: Record<keyof RouteFlags, readonly Match[]> = {
  footer: [
    ...pickupPages,
    checkout,
    amazonPayment,
    exact('/team-lifetime'),
    exact('/discount-50'),
    exact('/discount-50-lifetime'),
    exact('/lifetime'),
    exact('/lifetime-slots-sale'),
    exact('/lifetime-special-offer'),
    under('/extras'),
    exact('/thank_you'),
    under('/landings'),
    under('/brand'),
    exact('/ks-coin'),
  ],
  rewardsBanner: [
    ...pickupPages,
    checkout,
    amazonPayment,
    exact('/download-success'),
    exact('/team-lifetime'),
    exact('/12plus3'),
    exact('/lifetime-special-offer'),
    exact('/extras/vpn-for-business'),
    exact('/ks-coin'),
    under('/landings'),
    under('/brand'),
    under('/others'),
    under('/help/cybersecurity'),
  ],
  navigation: [under('/landings'), under('/brand'), under('/others'), under('/help/others')],
  header: [
    exact('/team-lifetime'),
    exact('/welcome_ex'),
    exact('/to-premium'),
    exact('/uninstall_ex'),
    exact('/uninstall_win'),
    exact('/lifetime-slots-sale'),
    exact('/discount-50'),
    exact('/discount-50-lifetime'),
    exact('/vpn-for-friends'),
    exact('/docs-data-usage-regulations'),
    exact('/seven-days-trial'),
    exact('/order/pickup-e'),
  ],
  localeSwitcher: [exact('/palianytsia')],
}

function normalise(pathname: string): string {
  const path = stripLocale(pathname.split(/[?#]/)[0] || '/')
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return trimmed.toLowerCase() || '/'
}

function matches(path: string, rule: Match): boolean {
  if ('exact' in rule) return path === rule.exact
  return path === rule.prefix || path.startsWith(`${rule.prefix}/`)
}

/** What the layout shows on `pathname` (with or without a locale prefix). */
export function routeFlags(pathname: string): RouteFlags {
  const path = normalise(pathname)
  const shown = (flag: keyof RouteFlags) => !routeFlagRules[flag].some((rule) => matches(path, rule))
  return {
    footer: shown('footer'),
    rewardsBanner: shown('rewardsBanner'),
    navigation: shown('navigation'),
    header: shown('header'),
    localeSwitcher: shown('localeSwitcher'),
  }
}

/** Header links and strips that depend on words in the path (spec section 2, "Layout"). */
export function pathFeatures(pathname: string) {
  const path = pathname.toLowerCase()
  return {
    myAccountLink: path.includes('my-account') || path.includes('payment-success'),
    downloadsItem: !path.includes('macos-vpn-free'),
    platformStrip: !path.includes('trial'),
    logoLinksHome: normalise(pathname) !== '/thank_you',
  }
}
