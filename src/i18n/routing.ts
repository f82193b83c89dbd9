import { platformFromUserAgent, platformRedirectPaths } from '@/services/downloads/platform'
import { detectLocale } from './detect'
import { defaultLocale, LOCALE_COOKIE } from './locales'
import { localizePath, splitLocalePath } from './paths'

/** Public paths are served by the routes under this internal segment (`/de/help` → `/site/de/help`). */
export const SITE_SEGMENT = '/site'

export function internalPath(locale: string, path: string): string {
  return path === '/' ? `${SITE_SEGMENT}/${locale}` : `${SITE_SEGMENT}/${locale}${path}`
}

/** What the proxy does with one request: pure, so every rule is unit-tested. */
export type RoutingDecision =
  | { kind: 'redirect'; location: string; status: 301 | 302 | 307 | 308; setLocaleCookie?: string }
  | { kind: 'rewrite'; pathname: string; path: string; locale: string; setLocaleCookie?: string }

export type RoutingRequest = {
  pathname: string
  search: string
  cookieLocale?: string | null
  acceptLanguage?: string | null
  host?: string | null
  userAgent?: string | null
  domains?: Record<string, string>
}

export function routeRequest(req: RoutingRequest): RoutingDecision {
  const { locale, path, prefixed } = splitLocalePath(req.pathname)
  const search = req.search

  // `/en/...` is the English language-switch path: remember English, drop the prefix.
  if (prefixed && locale === defaultLocale) {
    return { kind: 'redirect', location: `${path}${search}`, status: 307, setLocaleCookie: defaultLocale }
  }

  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  if (trimmed === '/pricing') {
    return { kind: 'redirect', location: `${localizePath(locale, '/order/pickup')}${search}`, status: 301 }
  }
  if (platformRedirectPaths.includes(trimmed)) {
    const target = `${trimmed}/${platformFromUserAgent(req.userAgent)}`
    return { kind: 'redirect', location: `${localizePath(locale, target)}${search}`, status: 302 }
  }

  if (!prefixed) {
    const detected = detectLocale({
      cookie: req.cookieLocale,
      acceptLanguage: req.acceptLanguage,
      host: req.host,
      domains: req.domains,
    })
    if (detected !== defaultLocale) {
      return { kind: 'redirect', location: `${localizePath(detected, path)}${search}`, status: 307 }
    }
  }

  return {
    kind: 'rewrite',
    pathname: internalPath(locale, path),
    path,
    locale,
    setLocaleCookie: prefixed && req.cookieLocale !== locale ? locale : undefined,
  }
}

export const localeCookie = {
  name: LOCALE_COOKIE,
  options: { path: '/', sameSite: 'lax' as const, maxAge: 60 * 60 * 24 * 365 },
}
