import { defaultLocale } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { brand } from '@/lib/brand'
import { footerColumns, type FooterLink } from './navigation'

export type ResolvedFooterLink = { key: string; href: string; external: boolean }

/** The company site's base, or the proxy base that replaces it when one is configured. */
export function companyBase(proxyUrl?: string): string {
  return (proxyUrl || brand.companyUrl).replace(/\/+$/, '')
}

function resolve(link: FooterLink, locale: string, proxyUrl?: string): ResolvedFooterLink {
  if (link.company) return { key: link.key, href: `${companyBase(proxyUrl)}${link.href}`, external: true }
  return { key: link.key, href: localizePath(locale, link.href), external: false }
}

/** The footer's columns for one locale: English-only links dropped elsewhere, company links on the proxy. */
export function footerLinks(locale: string, proxyUrl?: string) {
  return footerColumns.map((column) => ({
    key: column.key,
    links: column.links
      .filter((link) => !link.englishOnly || locale === defaultLocale)
      .map((link) => resolve(link, locale, proxyUrl)),
  }))
}
