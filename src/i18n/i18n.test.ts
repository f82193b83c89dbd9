import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { detectLocale, localesFromAcceptLanguage } from './detect'
import { getLocale, localeFromTag, locales, toggleLocales } from './locales'
import { withFallback } from './messages'
import { localizePath, splitLocalePath } from './paths'
import { routeRequest } from './routing'

describe('the locale table', () => {
  it('has the 32 locales of spec section 3 with the right main flags', () => {
    expect(locales).toHaveLength(32)
    const main = locales.filter((l) => l.main).map((l) => l.code)
    expect(main.sort()).toEqual(['ar', 'de', 'en', 'es', 'fa', 'fi', 'fr', 'jp', 'ko', 'no', 'pt', 'ru', 'sv', 'ua', 'zh'])
    expect(new Set(locales.map((l) => l.code)).size).toBe(32)
  })
  it('is right-to-left for fa and ar only', () => {
    expect(locales.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['fa', 'ar'])
  })
  it('maps URL codes to BCP 47 tags', () => {
    expect(getLocale('ua').tag).toBe('uk')
    expect(getLocale('jp').tag).toBe('ja')
    expect(localeFromTag('uk-UA')?.code).toBe('ua')
    expect(localeFromTag('JA')?.code).toBe('jp')
  })
  it('offers the main locales other than the current one, English first', () => {
    const fromGerman = toggleLocales('de').map((l) => l.code)
    expect(fromGerman[0]).toBe('en')
    expect(fromGerman).not.toContain('de')
    expect(fromGerman).toHaveLength(14)
    expect(toggleLocales('en').map((l) => l.code)).not.toContain('en')
    expect(toggleLocales('be').map((l) => l.code)).toHaveLength(15)
  })
})

describe('paths', () => {
  it('splits and adds locale prefixes', () => {
    expect(splitLocalePath('/ua/help/x')).toEqual({ locale: 'ua', path: '/help/x', prefixed: true })
    expect(splitLocalePath('/help')).toEqual({ locale: 'en', path: '/help', prefixed: false })
    expect(splitLocalePath('/de')).toEqual({ locale: 'de', path: '/', prefixed: true })
    expect(localizePath('de', '/blog')).toBe('/de/blog')
    expect(localizePath('de', '/')).toBe('/de')
    expect(localizePath('en', '/blog')).toBe('/blog')
    expect(localizePath('fr', '/de/blog')).toBe('/fr/blog')
    expect(localizePath('fr', 'https://example.com/x')).toBe('https://example.com/x')
  })
})

describe('locale detection', () => {
  it('ranks Accept-Language by quality', () => {
    expect(localesFromAcceptLanguage('fr;q=0.4, de-DE;q=0.9, en;q=0.8')).toEqual(['de', 'en', 'fr'])
    expect(localesFromAcceptLanguage('uk-UA,uk;q=0.9')).toEqual(['ua'])
    expect(localesFromAcceptLanguage('ja-JP')).toEqual(['jp'])
    expect(localesFromAcceptLanguage('nb-NO')).toEqual(['no'])
    expect(localesFromAcceptLanguage('xx, *')).toEqual([])
    expect(localesFromAcceptLanguage('de;q=0')).toEqual([])
  })
  it('uses cookie, then browser, then domain, then English', () => {
    const domains = { 'veilgate.de': 'de' }
    expect(detectLocale({ cookie: 'fr', acceptLanguage: 'es', host: 'veilgate.de', domains })).toBe('fr')
    expect(detectLocale({ cookie: 'zz', acceptLanguage: 'es', host: 'veilgate.de', domains })).toBe('es')
    expect(detectLocale({ acceptLanguage: 'xx', host: 'veilgate.de:443', domains })).toBe('de')
    expect(detectLocale({ host: 'example.com', domains })).toBe('en')
  })
})

describe('routeRequest', () => {
  const base = { search: '' }
  it('rewrites English paths to the en segment', () => {
    expect(routeRequest({ ...base, pathname: '/help' })).toMatchObject({ kind: 'rewrite', pathname: '/site/en/help', path: '/help', locale: 'en' })
    expect(routeRequest({ ...base, pathname: '/' })).toMatchObject({ kind: 'rewrite', pathname: '/site/en', path: '/' })
  })
  it('keeps prefixed locales and remembers them in the cookie', () => {
    expect(routeRequest({ ...base, pathname: '/ua/help' })).toEqual({
      kind: 'rewrite',
      pathname: '/site/ua/help',
      path: '/help',
      locale: 'ua',
      setLocaleCookie: 'ua',
    })
  })
  it('sends unprefixed requests to the detected locale', () => {
    expect(routeRequest({ pathname: '/blog', search: '?a=1', acceptLanguage: 'de' })).toEqual({
      kind: 'redirect',
      location: '/de/blog?a=1',
      status: 307,
    })
    expect(routeRequest({ ...base, pathname: '/', cookieLocale: 'ar' })).toMatchObject({ location: '/ar' })
  })
  it('treats /en/... as the switch to English', () => {
    expect(routeRequest({ pathname: '/en/blog', search: '?q=1', cookieLocale: 'de' })).toEqual({
      kind: 'redirect',
      location: '/blog?q=1',
      status: 307,
      setLocaleCookie: 'en',
    })
  })
  it('answers /pricing with 301 to /order/pickup, keeping prefix and query', () => {
    expect(routeRequest({ pathname: '/pricing', search: '?coupon=X' })).toMatchObject({
      status: 301,
      location: '/order/pickup?coupon=X',
    })
    expect(routeRequest({ pathname: '/fr/pricing/', search: '' })).toMatchObject({ status: 301, location: '/fr/order/pickup' })
  })
  it('sends platform pages to the visitor platform with 302', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'
    expect(routeRequest({ ...base, pathname: '/downloads', userAgent: iphone })).toMatchObject({ status: 302, location: '/downloads/ios' })
    expect(routeRequest({ ...base, pathname: '/de/help/manuals/wireguard', userAgent: 'X11; Linux x86_64' })).toMatchObject({
      location: '/de/help/manuals/wireguard/linux',
    })
    expect(routeRequest({ ...base, pathname: '/help/manuals/IKEv2', userAgent: 'curl/8' })).toMatchObject({
      location: '/help/manuals/IKEv2/ios',
    })
    expect(routeRequest({ ...base, pathname: '/help/manuals/open-vpn', userAgent: 'Windows NT 10.0' })).toMatchObject({
      location: '/help/manuals/open-vpn/windows',
    })
  })
})

describe('UI messages', () => {
  const dir = path.resolve(import.meta.dirname, '../../messages')
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
  const keys = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'object' && value ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
  const english = keys(read('en.json')).sort()

  it('has no keys English lacks, in any locale', () => {
    for (const file of readdirSync(dir)) {
      const extra = keys(read(file)).filter((key) => !english.includes(key))
      expect(extra, file).toEqual([])
    }
  })
  it('translates every layout string in the main locales', () => {
    for (const locale of locales.filter((l) => l.main && l.code !== 'en')) {
      expect(keys(read(`${locale.code}.json`)).sort(), locale.code).toEqual(english)
    }
  })
  it('fills missing keys from English', () => {
    expect(withFallback({ a: { b: 'B', c: 'C' } }, { a: { b: 'β', c: '' } })).toEqual({ a: { b: 'β', c: 'C' } })
  })
})
