import { defaultLocale, isLocaleCode, localeFromTag, type LocaleCode } from './locales'

/** Tags that name one of our locales under another code. */
const aliases: Record<string, LocaleCode> = { nb: 'no', nn: 'no', ua: 'ua', jp: 'jp', 'sr-latn': 'sr' }

/** Locales from an Accept-Language header, best first (q-values respected, q=0 dropped). */
export function localesFromAcceptLanguage(header: string | null | undefined): LocaleCode[] {
  if (!header) return []
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const found: LocaleCode[] = []
  for (const { tag } of ranked) {
    const lower = tag.toLowerCase()
    const code = aliases[lower] ?? aliases[lower.split('-')[0]!] ?? (localeFromTag(lower)?.code as LocaleCode | undefined)
    if (code && !found.includes(code)) found.push(code)
  }
  return found
}

export type DetectionInput = {
  cookie?: string | null
  acceptLanguage?: string | null
  host?: string | null
  domains?: Record<string, string>
}

/**
 * The locale for a request without a locale prefix: the cookie, then the
 * browser's languages, then the domain map, then English.
 */
export function detectLocale({ cookie, acceptLanguage, host, domains = {} }: DetectionInput): LocaleCode {
  if (isLocaleCode(cookie)) return cookie
  const fromBrowser = localesFromAcceptLanguage(acceptLanguage)[0]
  if (fromBrowser) return fromBrowser
  const hostname = host?.toLowerCase().replace(/:\d+$/, '')
  const fromDomain = hostname ? domains[hostname] : undefined
  if (isLocaleCode(fromDomain)) return fromDomain
  return defaultLocale
}
