/**
 * The brand module: the one place that names the brand, its products and the
 * `{provider}` segment of the spec's endpoints (`/api/veilgate/...`).
 */
export const brand = {
  name: 'Veilgate',
  provider: 'veilgate',
  /** The parent company's site; links to it are rewritten when a proxy is configured. */
  companyUrl: 'https://veilgate.com',
  supportEmail: 'support@veilgate.com',
  twitterHandle: '@veilgate',
  social: {
    facebook: 'https://www.facebook.com/veilgate',
    linkedin: 'https://www.linkedin.com/company/veilgate',
    twitter: 'https://twitter.com/veilgate',
    youtube: 'https://www.youtube.com/@veilgate',
    instagram: 'https://www.instagram.com/veilgate',
  },
} as const

export const products = ['vpn', 'pass', 'dns', 'authenticator'] as const
export type Product = (typeof products)[number]

/** The product the site sells first; Get Started leads to its get page. */
export const primaryProduct: Product = 'vpn'

export function getStartedPath(product: Product = primaryProduct): string {
  return `/brand/get-${product}`
}
