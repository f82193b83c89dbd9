import { describe, expect, it } from 'vitest'
import { hreflangAlternates } from './seo'

describe('hreflangAlternates', () => {
  it('lists translated locales with BCP 47 tags and an x-default', () => {
    const alternates = hreflangAlternates('/help', ['en', 'ua', 'jp', 'de'])
    expect(alternates).toEqual({
      en: 'http://localhost:3000/help',
      de: 'http://localhost:3000/de/help',
      uk: 'http://localhost:3000/ua/help',
      ja: 'http://localhost:3000/jp/help',
      'x-default': 'http://localhost:3000/help',
    })
  })
})
