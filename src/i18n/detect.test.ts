// The response cache (scripts/lib/response-cache.mjs) reads Accept-Language as the proxy does (src/i18n/detect.ts).
import { describe, expect, it } from 'vitest'
import { preferredLocale } from '../../scripts/lib/response-cache.mjs'
import { localesFromAcceptLanguage } from './detect'
import { locales } from './locales'

describe('the response cache’s reading of Accept-Language', () => {
  it('picks the locale the proxy picks, for every locale’s tag and code, regions, q-values and unknown languages', () => {
    const codes = new Set(locales.map((locale) => locale.code))
    const headers = [
      ...locales.flatMap((locale) => [locale.tag, locale.code, `${locale.tag}-XX`, `xx, ${locale.tag};q=0.5`, `${locale.tag};q=0, fr;q=0.4`]),
      'nb-NO', 'nn', 'sr-Latn-RS', 'ja-JP,en;q=0.5', 'uk-UA', 'zh-Hant-TW, zh;q=0.8', '*', '', 'tlh, xx-YY;q=0.3', 'de;q=0.2, ar;q=0.9', 'en-GB;q=0.9, de;q=0.9',
    ]
    for (const header of headers) expect(preferredLocale(header, codes), header).toBe(localesFromAcceptLanguage(header)[0] ?? '')
  })
})
