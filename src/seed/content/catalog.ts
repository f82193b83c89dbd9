import { locationCode } from '@/collections/ServerLocations'
import type { AddOn, PricePlan, ServerLocation } from '@/payload-types'

type PlanSeed = Omit<PricePlan, 'id' | 'createdAt' | 'updatedAt'>

const allMethods = ['card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments', 'paymentwall'] as const
const trialMethods = ['card', 'paypal'] as const

/** Plans of spec section 3 added after the first catalogue; created where their purchase id is missing. */
export const morePricePlans: (PlanSeed & { rollsIntoId?: string })[] = [
  { purchaseId: 'vpn-2m', product: 'vpn', title: '2 months', description: 'Two months of protection', cost: 2398, periodType: 'month', periodCount: 2, methods: [...allMethods] },
  { purchaseId: 'vpn-3m', product: 'vpn', title: '3 months', description: 'A season of protection', cost: 3297, periodType: 'month', periodCount: 3, methods: [...allMethods] },
  { purchaseId: 'vpn-6m', product: 'vpn', title: '6 months', description: 'Half a year at a lower price', cost: 5394, periodType: 'month', periodCount: 6, methods: [...allMethods] },
  { purchaseId: 'vpn-7d', product: 'vpn', title: '7 days', description: 'Billed weekly', cost: 499, periodType: 'week', periodCount: 1, methods: [...allMethods] },
  { purchaseId: 'vpn-trial-1m', product: 'vpn', title: '1 month, 7 days free', description: 'Free for 7 days, then billed monthly', cost: 1299, periodType: 'month', periodCount: 1, trialDays: 7, rollsIntoId: 'vpn-1m', methods: [...trialMethods] },
  { purchaseId: 'vpn-trial-1y', product: 'vpn', title: '1 year, 7 days free', description: 'Free for 7 days, then billed yearly', cost: 7188, periodType: 'year', periodCount: 1, trialDays: 7, rollsIntoId: 'vpn-1y', methods: [...trialMethods] },
  { purchaseId: 'vpn-trial-30d', product: 'vpn', title: '30-day free trial', description: 'Free for 30 days, then billed monthly', cost: 1299, periodType: 'month', periodCount: 1, trialDays: 30, rollsIntoId: 'vpn-1m', methods: [...trialMethods] },
  { purchaseId: 'vpn-12plus3', product: 'vpn', title: '12 months + 3 free', description: 'The first 15 months for the price of 12, then yearly', cost: 7188, periodType: 'month', periodCount: 12, firstPeriodMonths: 15, methods: [...allMethods] },
  { purchaseId: 'family-1m', product: 'vpn', title: 'Family, 5 users, 1 month', description: 'Five separate accounts under one plan', cost: 1999, periodType: 'month', periodCount: 1, audience: 'family', members: 5, methods: [...allMethods] },
  { purchaseId: 'family-lifetime', product: 'vpn', title: 'Family, 5 users, lifetime', description: 'Five accounts, paid once', cost: 39900, periodType: 'year', periodCount: 100, audience: 'family', members: 5, methods: [...allMethods] },
  { purchaseId: 'mono-defense-1m', product: 'vpn', title: 'Mono-defense, 1 month', description: 'VPN with threat protection', cost: 1499, periodType: 'month', periodCount: 1, tier: 'mono-defense', methods: [...allMethods] },
  { purchaseId: 'mono-defense-1y', product: 'vpn', title: 'Mono-defense, 1 year', description: 'VPN with threat protection', cost: 8388, periodType: 'year', periodCount: 1, tier: 'mono-defense', methods: [...allMethods] },
  { purchaseId: 'secure-duo-1m', product: 'vpn', title: 'Secure duo, 1 month', description: 'VPN and password manager', cost: 1699, periodType: 'month', periodCount: 1, tier: 'secure-duo', methods: [...allMethods] },
  { purchaseId: 'secure-duo-1y', product: 'vpn', title: 'Secure duo, 1 year', description: 'VPN and password manager', cost: 9588, periodType: 'year', periodCount: 1, tier: 'secure-duo', methods: [...allMethods] },
]

/** The plan catalogue of spec section 3 (prices in US cents for the whole period). */
export const pricePlans: PlanSeed[] = [
  { purchaseId: 'vpn-1m', product: 'vpn', title: '1 month', description: 'Flexible, cancel any time', cost: 1299, periodType: 'month', periodCount: 1 },
  { purchaseId: 'vpn-1y', product: 'vpn', title: '1 year', description: 'Our most popular plan', cost: 7188, periodType: 'year', periodCount: 1, highlight: true },
  { purchaseId: 'vpn-3y', product: 'vpn', title: '3 years', description: 'The lowest monthly price', cost: 15984, periodType: 'month', periodCount: 36 },
  { purchaseId: 'vpn-lifetime', product: 'vpn', title: 'Lifetime', description: 'Pay once, protected for good', cost: 19900, periodType: 'year', periodCount: 100 },
  { purchaseId: 'vpn-trial-7d', product: 'vpn', title: '7-day free trial', description: 'Free for 7 days with card or PayPal, then billed weekly', cost: 499, periodType: 'week', periodCount: 1, trialDays: 7, methods: [...trialMethods] },
  { purchaseId: 'family-1y', product: 'vpn', title: 'Family, 5 users, 1 year', description: 'Five separate accounts under one plan', cost: 11988, periodType: 'year', periodCount: 1, audience: 'family', members: 5 },
  { purchaseId: 'team-5-lifetime', product: 'vpn', title: 'Team lifetime, 5 users', description: 'One payment for five team members', cost: 49900, periodType: 'year', periodCount: 100, audience: 'team', members: 5 },
  { purchaseId: 'team-10-lifetime', product: 'vpn', title: 'Team lifetime, 10 users', description: 'One payment for ten team members', cost: 89900, periodType: 'year', periodCount: 100, highlight: true, audience: 'team', members: 10 },
  { purchaseId: 'team-20-lifetime', product: 'vpn', title: 'Team lifetime, 20 users', description: 'One payment for twenty team members', cost: 159900, periodType: 'year', periodCount: 100, audience: 'team', members: 20 },
  { purchaseId: 'security-bundle-1y', product: 'bundle', title: 'Security bundle, 1 year', description: 'VPN, Pass, DNS and Authenticator together', cost: 9588, periodType: 'year', periodCount: 1 },
  { purchaseId: 'pass-lifetime', product: 'pass', title: 'Veilgate Pass lifetime', description: 'The password manager, paid once', cost: 7900, periodType: 'year', periodCount: 100 },
]

type AddOnSeed = Omit<AddOn, 'id' | 'createdAt' | 'updatedAt'>
const slots = (quantity: 1 | 5 | 10, billing: AddOnSeed['billing'], cost: number): AddOnSeed => ({
  purchaseId: `slots-${quantity}-${billing === 'monthly' ? '1m' : billing === 'yearly' ? '1y' : 'lifetime'}`,
  kind: 'device-slots',
  billing,
  quantity,
  title: quantity === 1 ? '1 extra device slot' : `${quantity} extra device slots`,
  description: `Connect ${quantity === 1 ? 'one more device' : `${quantity} more devices`} at the same time`,
  cost,
})
const trafficText: Record<NonNullable<AddOnSeed['traffic']>, string> = { unlimited: 'unlimited traffic', '512gb': '512 GB per month', '1tb': '1 TB per month', '2tb': '2 TB per month', '3tb': '3 TB per month' }
const server = (traffic: NonNullable<AddOnSeed['traffic']>, billing: AddOnSeed['billing'], cost: number): AddOnSeed => ({
  purchaseId: `server-${traffic}-${billing === 'monthly' ? '1m' : billing === 'yearly' ? '1y' : 'lifetime'}`,
  kind: 'personal-server',
  billing,
  traffic,
  title: `Personal server, ${trafficText[traffic]}`,
  description: billing === 'lifetime' ? 'A VPN server used by you alone, paid once' : `A VPN server used by you alone, billed ${billing}`,
  cost,
})

/** The add-ons of spec section 3 (cents for one billing period; lifetime once). Created where the purchase id is missing. */
export const addOnSeeds: AddOnSeed[] = [
  slots(1, 'monthly', 199),
  slots(5, 'monthly', 699),
  slots(10, 'monthly', 1199),
  slots(1, 'yearly', 1999),
  slots(5, 'yearly', 2999),
  slots(10, 'yearly', 4999),
  slots(5, 'lifetime', 5999),
  server('unlimited', 'monthly', 2999),
  server('unlimited', 'yearly', 28788),
  server('1tb', 'monthly', 1699),
  server('1tb', 'yearly', 17988),
  server('2tb', 'monthly', 1999),
  server('2tb', 'yearly', 20388),
  server('3tb', 'monthly', 2399),
  server('3tb', 'yearly', 23988),
  server('512gb', 'lifetime', 29900),
  server('unlimited', 'lifetime', 59900),
  { purchaseId: 'static-ip-1m', kind: 'static-ip', billing: 'monthly', title: 'Personal static IP, monthly', description: 'An IP address that is yours alone', cost: 699 },
  { purchaseId: 'static-ip-1y', kind: 'static-ip', billing: 'yearly', title: 'Personal static IP, yearly', description: 'Two months free compared with monthly', cost: 5988, highlight: true },
]

type LocationSeed = Omit<ServerLocation, 'id' | 'createdAt' | 'updatedAt'>
const at = (countryCode: string, city: string, region: LocationSeed['region'], servers: number, latitude: number, longitude: number, staticIp = false): LocationSeed => ({
  code: locationCode(countryCode, city),
  countryCode,
  city,
  region,
  servers,
  latitude,
  longitude,
  staticIp,
})

/** Server locations for the map, the list and the static-IP regions. */
export const serverLocationSeeds: LocationSeed[] = [
  at('NL', 'Amsterdam', 'europe', 240, 52.37, 4.9, true),
  at('DE', 'Frankfurt', 'europe', 260, 50.11, 8.68, true),
  at('DE', 'Berlin', 'europe', 90, 52.52, 13.4),
  at('GB', 'London', 'europe', 230, 51.51, -0.13, true),
  at('FR', 'Paris', 'europe', 150, 48.86, 2.35, true),
  at('CH', 'Zurich', 'europe', 80, 47.37, 8.54, true),
  at('SE', 'Stockholm', 'europe', 70, 59.33, 18.07),
  at('FI', 'Helsinki', 'europe', 40, 60.17, 24.94),
  at('NO', 'Oslo', 'europe', 40, 59.91, 10.75),
  at('PL', 'Warsaw', 'europe', 60, 52.23, 21.01),
  at('ES', 'Madrid', 'europe', 70, 40.42, -3.7),
  at('IT', 'Milan', 'europe', 70, 45.46, 9.19),
  at('UA', 'Kyiv', 'europe', 30, 50.45, 30.52),
  at('RO', 'Bucharest', 'europe', 30, 44.43, 26.1),
  at('US', 'New York', 'americas', 300, 40.71, -74.01, true),
  at('US', 'Los Angeles', 'americas', 260, 34.05, -118.24, true),
  at('US', 'Chicago', 'americas', 150, 41.88, -87.63),
  at('US', 'Miami', 'americas', 120, 25.76, -80.19),
  at('CA', 'Toronto', 'americas', 110, 43.65, -79.38, true),
  at('BR', 'São Paulo', 'americas', 60, -23.55, -46.63),
  at('MX', 'Mexico City', 'americas', 40, 19.43, -99.13),
  at('AR', 'Buenos Aires', 'americas', 25, -34.6, -58.38),
  at('JP', 'Tokyo', 'asia-pacific', 140, 35.68, 139.69, true),
  at('SG', 'Singapore', 'asia-pacific', 130, 1.35, 103.82, true),
  at('AU', 'Sydney', 'asia-pacific', 90, -33.87, 151.21, true),
  at('KR', 'Seoul', 'asia-pacific', 50, 37.57, 126.98),
  at('IN', 'Mumbai', 'asia-pacific', 60, 19.08, 72.88),
  at('HK', 'Hong Kong', 'asia-pacific', 70, 22.32, 114.17),
  at('AE', 'Dubai', 'middle-east-africa', 40, 25.2, 55.27),
  at('IL', 'Tel Aviv', 'middle-east-africa', 30, 32.09, 34.78),
  at('ZA', 'Johannesburg', 'middle-east-africa', 35, -26.2, 28.05),
  at('TR', 'Istanbul', 'middle-east-africa', 40, 41.01, 28.98),
]

export const categorySeeds = [
  { slug: 'privacy', title: 'Privacy' },
  { slug: 'security', title: 'Security' },
  { slug: 'streaming', title: 'Streaming' },
  { slug: 'guides', title: 'Guides' },
  { slug: 'news', title: 'News' },
]

export const authorSeeds = [
  { slug: 'mira-holt', name: 'Mira Holt', role: 'Privacy editor' },
  { slug: 'daniel-osei', name: 'Daniel Osei', role: 'Network engineer' },
  { slug: 'lena-vogel', name: 'Lena Vogel', role: 'Security writer' },
]

export const glossarySeeds = [
  { slug: 'vpn', term: 'VPN', definition: 'A virtual private network encrypts the traffic between your device and a VPN server, hiding it from your network and your internet provider.' },
  { slug: 'wireguard', term: 'WireGuard', definition: 'A modern VPN protocol with a small code base and fast, battery-friendly connections.' },
  { slug: 'openvpn', term: 'OpenVPN', definition: 'A widely supported open-source VPN protocol that runs over UDP or TCP.' },
  { slug: 'ikev2', term: 'IKEv2/IPsec', definition: 'A VPN protocol built into most operating systems that reconnects quickly when your network changes.' },
  { slug: 'kill-switch', term: 'Kill switch', definition: 'A setting that blocks internet traffic whenever the VPN connection drops, so nothing leaks outside the tunnel.' },
  { slug: 'split-tunnelling', term: 'Split tunnelling', definition: 'Choosing which apps use the VPN and which connect directly.' },
  { slug: 'dns-leak', term: 'DNS leak', definition: 'When the names of sites you visit are looked up outside the VPN tunnel, revealing them to your provider.' },
  { slug: 'totp', term: 'TOTP', definition: 'A time-based one-time password: a short code that changes every 30 seconds, used as a second sign-in factor.' },
  { slug: 'static-ip', term: 'Static IP', definition: 'An IP address that stays the same every time you connect, assigned to you alone.' },
  { slug: 'no-logs', term: 'No-logs policy', definition: 'A commitment not to record the sites you visit or the content of your traffic.' },
]
