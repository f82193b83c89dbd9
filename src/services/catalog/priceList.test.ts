// Unit tests of the price list: per-month figures and their rounding.
import { describe, expect, it } from 'vitest'
import { formatMoney, isLifetime, parseDuration, perMonth } from './priceList'

describe('perMonth', () => {
  it.each([
    [{ cost: 1299, info: { type: 'month', count: 1 } }, { dollars: '12', cents: '99' }],
    [{ cost: 2997, info: { type: 'month', count: 3 } }, { dollars: '9', cents: '99' }],
    [{ cost: 7188, info: { type: 'year', count: 1 } }, { dollars: '5', cents: '99' }],
    [{ cost: 1200, info: { type: 'year', count: 1 } }, { dollars: '1', cents: '00' }],
  ] as const)('%j → %j', (item, expected) => expect(perMonth(item)).toEqual(expected))
  it('has no monthly figure for weeks, several years or lifetime', () => {
    expect(perMonth({ cost: 499, info: { type: 'week', count: 1 } })).toBeNull()
    expect(perMonth({ cost: 9999, info: { type: 'year', count: 3 } })).toBeNull()
  })
})

describe('durations', () => {
  it('parses number plus unit; 100 years is lifetime with count 1', () => {
    expect(parseDuration('3 months')).toEqual({ type: 'month', count: 3 })
    expect(parseDuration('1 Year')).toEqual({ type: 'year', count: 1 })
    expect(parseDuration('7 days')).toEqual({ type: 'day', count: 7 })
    expect(parseDuration('100 years')).toEqual({ type: 'year', count: 1 })
    expect(parseDuration('soon')).toBeNull()
    expect(isLifetime({ type: 'year', count: 100 })).toBe(true)
  })
  it('formats money per locale', () => {
    expect(formatMoney(1299, 'en')).toBe('$12.99')
    expect(formatMoney(1299, 'de')).toMatch(/12,99/)
  })
})
