// Unit tests of the subscribe request's schema.
import { describe, expect, it } from 'vitest'
import { newsletterEmail, subscribeBody } from './newsletter'

describe('the subscribe request', () => {
  it('lower-cases and trims the address, and refuses what is not one', () => {
    expect(newsletterEmail.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com')
    for (const bad of ['', 'not-an-address@', '@example.com', 'a b@example.com', `${'a'.repeat(250)}@example.com`, 42, null, ['a@example.com']]) {
      expect(newsletterEmail.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })

  it('defaults source, type and locale, and keeps only the 32 locales', () => {
    expect(subscribeBody.parse({ username: 'a@example.com' })).toMatchObject({ username: 'a@example.com', source: 'vpn-site', type: 'common', locale: 'en' })
    expect(subscribeBody.parse({ username: 'a@example.com', locale: 'de', source: 'blog', type: 'weekly' })).toMatchObject({ locale: 'de', source: 'blog', type: 'weekly' })
    expect(subscribeBody.parse({ username: 'a@example.com', locale: 'xx' }).locale).toBe('en')
    expect(subscribeBody.parse({ username: 'a@example.com', locale: 7 }).locale).toBe('en')
    for (const bad of [{ source: 42 }, { source: '' }, { type: 'x'.repeat(65) }, { type: 'a b' }]) {
      expect(subscribeBody.safeParse({ username: 'a@example.com', ...bad }).success, JSON.stringify(bad)).toBe(false)
    }
  })
})
