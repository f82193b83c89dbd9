import type { Product } from '@/lib/brand'

/**
 * The header navigation of spec section 2. `key` names the label in the
 * `Navigation` message namespace.
 */
export type NavLink = { key: string; href: string }
export type NavGroup = { key: string; links: NavLink[] }
export type NavItem = NavLink & { submenu?: NavLink[]; groups?: NavGroup[] }

export const navigation: NavItem[] = [
  { key: 'pricing', href: '/order/pickup' },
  {
    key: 'extras',
    href: '/extras',
    submenu: [
      { key: 'personalVpnServer', href: '/extras/personal-vpn-server' },
      { key: 'personalStaticIp', href: '/extras/personal-static-ip' },
      { key: 'additionalDevices', href: '/extras/additional-devices' },
      { key: 'vpnForTeam', href: '/extras/vpn-for-team' },
      { key: 'lifetime', href: '/lifetime' },
    ],
  },
  {
    key: 'business',
    href: '/extras/vpn-for-business',
    submenu: [
      { key: 'smallBusiness', href: '/extras/vpn-for-small-business' },
      { key: 'enterprise', href: '/extras/enterprise-vpn-solution' },
      { key: 'remoteWorkers', href: '/extras/vpn-for-remote-workers' },
      { key: 'offshore', href: '/extras/best-offshore-vpn' },
    ],
  },
  {
    key: 'downloads',
    href: '/downloads',
    groups: [
      {
        key: 'desktop',
        links: [
          { key: 'desktopAll', href: '/downloads/desktop' },
          { key: 'macos', href: '/downloads/macos' },
          { key: 'windows', href: '/downloads/windows' },
          { key: 'linux', href: '/downloads/linux' },
        ],
      },
      {
        key: 'mobile',
        links: [
          { key: 'ios', href: '/downloads/ios' },
          { key: 'android', href: '/downloads/android' },
          { key: 'windowsPhone', href: '/downloads/windows-phone' },
        ],
      },
      {
        key: 'browsers',
        links: [
          { key: 'browserExtensions', href: '/downloads/vpn-browser-extensions' },
          { key: 'chrome', href: '/downloads/chrome' },
          { key: 'firefox', href: '/downloads/firefox' },
          { key: 'opera', href: '/downloads/opera' },
          { key: 'edge', href: '/downloads/edge' },
        ],
      },
      {
        key: 'onlineTv',
        links: [
          { key: 'appleTv', href: '/downloads/apple-tv' },
          { key: 'amazonFireTv', href: '/downloads/amazon-fire-tv' },
          { key: 'roku', href: '/help/manuals/how-to-use-on-roku' },
          { key: 'chromecast', href: '/help/manuals/how-to-use-on-chromecast' },
          { key: 'kodi', href: '/help/manuals/openvpn-for-kodi' },
        ],
      },
      {
        key: 'manualConfiguration',
        links: [
          { key: 'routers', href: '/help/manuals/vpn-routers' },
          { key: 'synology', href: '/help/manuals/synology-openvpn-setup' },
        ],
      },
    ],
  },
  { key: 'help', href: '/help' },
  { key: 'blog', href: '/blog' },
  { key: 'lifetime', href: '/lifetime' },
  { key: 'sale', href: '/discount-50' },
]

/** The platform icon strip under the header (spec section 2). */
export const platformStrip = [
  { key: 'macos', href: '/downloads/macos' },
  { key: 'windows', href: '/downloads/windows' },
  { key: 'android', href: '/downloads/android' },
  { key: 'ios', href: '/downloads/ios' },
  { key: 'linux', href: '/downloads/linux' },
  { key: 'chrome', href: '/downloads/chrome' },
  { key: 'firefox', href: '/downloads/firefox' },
  { key: 'opera', href: '/downloads/opera' },
  { key: 'edge', href: '/downloads/edge' },
] as const

export type FooterLink = {
  key: string
  href: string
  /** Shown only in the English site (spec: "Footer links flagged English-only"). */
  englishOnly?: boolean
  /** Points at the parent company's site; rewritten to the proxy base when one is set. */
  company?: boolean
}
export type FooterColumn = { key: string; links: FooterLink[] }

const productLinks: { key: string; product: Product }[] = [
  { key: 'productVpn', product: 'vpn' },
  { key: 'productPass', product: 'pass' },
  { key: 'productDns', product: 'dns' },
  { key: 'productAuthenticator', product: 'authenticator' },
]

export const footerColumns: FooterColumn[] = [
  {
    key: 'downloads',
    links: [
      { key: 'windows', href: '/downloads/windows' },
      { key: 'macos', href: '/downloads/macos' },
      { key: 'linux', href: '/downloads/linux' },
      { key: 'ios', href: '/downloads/ios' },
      { key: 'android', href: '/downloads/android' },
      { key: 'chrome', href: '/downloads/chrome' },
      { key: 'firefox', href: '/downloads/firefox' },
      { key: 'edge', href: '/downloads/edge' },
      { key: 'opera', href: '/downloads/opera' },
    ],
  },
  {
    key: 'products',
    links: productLinks.map(({ key, product }) => ({ key, href: `/brand/get-${product}` })),
  },
  {
    key: 'company',
    links: [
      { key: 'about', href: '/about-us', company: true },
      { key: 'privacyPolicy', href: '/privacy-policy', company: true },
      { key: 'terms', href: '/terms-of-service', company: true },
      { key: 'status', href: '/status', company: true },
      { key: 'careers', href: '/careers', company: true, englishOnly: true },
    ],
  },
  {
    key: 'extras',
    links: [
      { key: 'personalVpnServer', href: '/extras/personal-vpn-server' },
      { key: 'personalStaticIp', href: '/extras/personal-static-ip' },
      { key: 'additionalDevices', href: '/extras/additional-devices' },
      { key: 'vpnForTeam', href: '/extras/vpn-for-team' },
      { key: 'vpnForBusiness', href: '/extras/vpn-for-business' },
    ],
  },
  {
    key: 'partnership',
    links: [
      { key: 'affiliates', href: '/affiliate-program', englishOnly: true },
      { key: 'resellers', href: '/resellers', englishOnly: true },
      { key: 'press', href: '/press' },
    ],
  },
  {
    key: 'help',
    links: [
      { key: 'helpCenter', href: '/help' },
      { key: 'manuals', href: '/help/manuals' },
      { key: 'aboutVpn', href: '/help/about-vpn' },
      { key: 'blog', href: '/blog' },
      { key: 'sitemap', href: '/sitemap' },
    ],
  },
]
