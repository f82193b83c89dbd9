import { defaultLocale, isLocaleCode, type LocaleCode } from './locales'

/** Splits `/ua/help/x` into `{ locale: 'ua', path: '/help/x' }`; unprefixed paths are English. */
export function splitLocalePath(pathname: string): { locale: LocaleCode; path: string; prefixed: boolean } {
  const match = /^\/([^/?#]+)(.*)$/.exec(pathname)
  if (match && isLocaleCode(match[1])) {
    const rest = match[2] || '/'
    return { locale: match[1], path: rest.startsWith('/') ? rest : `/${rest}`, prefixed: true }
  }
  return { locale: defaultLocale, path: pathname || '/', prefixed: false }
}

/** The path without any locale prefix (`/de/blog` → `/blog`). */
export function stripLocale(pathname: string): string {
  return splitLocalePath(pathname).path
}

/**
 * Prefixes an internal path with the locale (English has none). External
 * URLs, anchors and mail links pass through unchanged.
 */
export function localizePath(locale: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const { path } = splitLocalePath(href)
  if (locale === defaultLocale) return path
  return path === '/' ? `/${locale}` : `/${locale}${path}`
}
