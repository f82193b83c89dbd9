import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { locales } from '@/i18n/locales'
import { moneyFormatter, moneyPattern } from './money-format'

const intl = (tag: string) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('money from a pattern read on the server', () => {
  it('is the text of Intl.NumberFormat in every locale, for every amount', () => {
    for (const { tag } of locales) {
      const pattern = moneyPattern(tag)
      expect(pattern.parts, tag).not.toBeNull()
      const money = moneyFormatter(JSON.parse(JSON.stringify(pattern)))
      const reference = intl(tag)
      for (const cents of [0, 1, 9, 10, 99, 100, 101, 499, 999, 1000, 1234, 9999, 10000, 12345, 99999, 100000, 123456, 9999999])
        expect(money.format(cents / 100), `${tag} ${cents}`).toBe(reference.format(cents / 100))
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2_000_000 }), (cents) => money.format(cents / 100) === reference.format(cents / 100)),
        { numRuns: 200 },
      )
    }
  })

  it('leaves what the pattern does not cover to Intl.NumberFormat: signs, grouping, fractions of a cent', () => {
    for (const tag of ['en', 'de', 'ar', 'fa', 'hi', 'ja']) {
      const money = moneyFormatter(moneyPattern(tag))
      const reference = intl(tag)
      for (const value of [-12.5, -0, 1000, 1234567.89, 12.345, 0.005, Number.NaN, Number.POSITIVE_INFINITY]) expect(money.format(value), `${tag} ${value}`).toBe(reference.format(value))
    }
  })

  it('builds no Intl.NumberFormat for amounts under $1,000, one on the first it needs', () => {
    const money = moneyFormatter(moneyPattern('ar'))
    const expected = [intl('ar').format(49.99), intl('ar').format(0), intl('ar').format(1500), intl('ar').format(2500)]
    const Original = Intl.NumberFormat
    const built = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      return new Original(...args)
    } as unknown as typeof Intl.NumberFormat)
    expect([money.format(49.99), money.format(0)]).toEqual(expected.slice(0, 2))
    expect(built).not.toHaveBeenCalled()
    expect([money.format(1500), money.format(2500)]).toEqual(expected.slice(2))
    expect(built).toHaveBeenCalledTimes(1)
  })

  it('refuses a pattern whose figures do not read back', () => {
    const pattern = moneyPattern('en')
    expect(moneyFormatter({ ...pattern, parts: null }).format(12.5)).toBe('$12.50')
    expect(pattern.digits).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
    expect(moneyPattern('fa').digits).toEqual(['۰', '۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹'])
  })
})
