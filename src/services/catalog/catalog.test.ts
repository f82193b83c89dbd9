// Unit tests of the catalogue helpers: plans and add-ons as the pricing module sees them.
import { describe, expect, it } from 'vitest'
import { locationCode } from '@/collections/ServerLocations'
import { newGiftCode } from '@/collections/GiftCodes'
import { addOnPeriod } from './catalog'
import { referralCodeOf } from './codes'

describe('location codes', () => {
  it.each([
    ['DE', 'Frankfurt', 'de-frankfurt'],
    ['BR', 'São Paulo', 'br-sao-paulo'],
    ['US', 'New York', 'us-new-york'],
    ['IS', 'Reykjavík', 'is-reykjavik'],
    ['PL', 'Łódź', 'pl-lodz'],
    ['NO', 'Tromsø', 'no-tromso'],
    ['TR', ' İstanbul ', 'tr-istanbul'],
  ])('%s %s → %s', (country, city, code) => {
    expect(locationCode(country, city)).toBe(code)
  })
})

describe('add-on periods and codes', () => {
  it('bills monthly, yearly and lifetime add-ons as 1 month, 1 year and 100 years', () => {
    expect(addOnPeriod({ billing: 'monthly' })).toEqual({ type: 'month', count: 1 })
    expect(addOnPeriod({ billing: 'yearly' })).toEqual({ type: 'year', count: 1 })
    expect(addOnPeriod({ billing: 'lifetime' })).toEqual({ type: 'year', count: 100 })
  })

  it('makes 16-character gift codes without look-alike characters', () => {
    const codes = new Set(Array.from({ length: 200 }, newGiftCode))
    expect(codes.size).toBe(200)
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{16}$/)
  })

  it('derives one referral code per customer and secret', () => {
    expect(referralCodeOf('secret-one', 7)).toBe(referralCodeOf('secret-one', 7))
    expect(referralCodeOf('secret-one', 7)).not.toBe(referralCodeOf('secret-one', 8))
    expect(referralCodeOf('secret-two', 7)).not.toBe(referralCodeOf('secret-one', 7))
    expect(referralCodeOf('secret-one', 7)).toMatch(/^VG-[A-HJKMNP-Z2-9]{8}$/)
  })
})
