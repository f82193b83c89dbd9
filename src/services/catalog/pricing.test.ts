// Unit tests of the pricing module: quotes, add-ons, codes, trials and renewals.
import { describe, expect, it } from 'vitest'
import { addOnMultiplier, addPeriod, percentOf, quote, type Quote, type QuoteAddOn, type QuotePlan } from './pricing'

const now = new Date('2026-01-31T10:00:00Z')
const monthly: QuotePlan = { purchaseId: 'vpn-1m', periodType: 'month', periodCount: 1, cost: 1299, methods: ['card', 'paypal', 'bitcoin'] }
const weekly: QuotePlan = { purchaseId: 'vpn-7d', periodType: 'week', periodCount: 1, cost: 499 }
const plans: Record<string, QuotePlan> = {
  'vpn-1m': monthly,
  'vpn-6m': { purchaseId: 'vpn-6m', periodType: 'month', periodCount: 6, cost: 5394 },
  'vpn-1y': { purchaseId: 'vpn-1y', periodType: 'year', periodCount: 1, cost: 7188, renewalCost: 8388 },
  'vpn-3y': { purchaseId: 'vpn-3y', periodType: 'month', periodCount: 36, cost: 15984 },
  'vpn-lifetime': { purchaseId: 'vpn-lifetime', periodType: 'year', periodCount: 100, cost: 19900 },
  'vpn-7d': weekly,
  'vpn-trial-7d': { purchaseId: 'vpn-trial-7d', periodType: 'week', periodCount: 1, cost: 0, trialDays: 7, rollsInto: weekly, methods: ['card', 'paypal'] },
  'vpn-trial-1y': { purchaseId: 'vpn-trial-1y', periodType: 'year', periodCount: 1, cost: 0, trialDays: 7, rollsInto: { purchaseId: 'vpn-1y', periodType: 'year', periodCount: 1, cost: 7188 }, methods: ['card', 'paypal'] },
  'vpn-12plus3': { purchaseId: 'vpn-12plus3', periodType: 'month', periodCount: 12, cost: 7188, firstPeriodMonths: 15 },
}

const ok = (input: Parameters<typeof quote>[0]): Quote => {
  const result = quote(input)
  if ('error' in result) throw new Error(result.error)
  return result
}

describe('the quote of every plan kind (table)', () => {
  const table: [string, { total: number; perMonth: string | null; saving: number | null; renewal: [number, string, string] | null; trialEnd?: string }][] = [
    ['vpn-1m', { total: 1299, perMonth: '12.99', saving: null, renewal: [1299, '2026-02-28T10:00:00.000Z', 'month×1'] }],
    ['vpn-6m', { total: 5394, perMonth: '8.99', saving: 31, renewal: [5394, '2026-07-31T10:00:00.000Z', 'month×6'] }],
    ['vpn-1y', { total: 7188, perMonth: '5.99', saving: 54, renewal: [8388, '2027-01-31T10:00:00.000Z', 'year×1'] }],
    ['vpn-3y', { total: 15984, perMonth: '4.44', saving: 66, renewal: [15984, '2029-01-31T10:00:00.000Z', 'month×36'] }],
    ['vpn-lifetime', { total: 19900, perMonth: null, saving: null, renewal: null }],
    ['vpn-7d', { total: 499, perMonth: null, saving: null, renewal: [499, '2026-02-07T10:00:00.000Z', 'week×1'] }],
    ['vpn-trial-7d', { total: 0, perMonth: null, saving: null, renewal: [499, '2026-02-07T10:00:00.000Z', 'week×1'], trialEnd: '2026-02-07T10:00:00.000Z' }],
    ['vpn-trial-1y', { total: 0, perMonth: null, saving: null, renewal: [7188, '2026-02-07T10:00:00.000Z', 'year×1'], trialEnd: '2026-02-07T10:00:00.000Z' }],
    ['vpn-12plus3', { total: 7188, perMonth: '5.99', saving: 63, renewal: [7188, '2027-04-30T10:00:00.000Z', 'month×12'] }],
  ]
  for (const [id, expected] of table) {
    it(id, () => {
      const result = ok({ plan: plans[id]!, now, method: 'card', monthlyPlan: monthly })
      expect(result.total).toBe(expected.total)
      expect(result.perMonth ? `${result.perMonth.dollars}.${result.perMonth.cents}` : null).toBe(expected.perMonth)
      expect(result.savingPercent).toBe(expected.saving)
      expect(result.renewal ? [result.renewal.cost, result.renewal.at, `${result.renewal.period.type}×${result.renewal.period.count}`] : null).toEqual(expected.renewal)
      expect(result.trialEndsAt).toBe(expected.trialEnd ?? null)
    })
  }
})

describe('dates, rounding and codes', () => {
  it('adds months in UTC, ending on the last day of a shorter month', () => {
    expect(addPeriod(new Date('2026-01-31T23:30:00Z'), { type: 'month', count: 1 }).toISOString()).toBe('2026-02-28T23:30:00.000Z')
    expect(addPeriod(new Date('2028-01-31T00:00:00Z'), { type: 'month', count: 1 }).toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(addPeriod(new Date('2026-03-31T00:00:00Z'), { type: 'month', count: 15 }).toISOString()).toBe('2027-06-30T00:00:00.000Z')
    expect(addPeriod(new Date('2028-02-29T12:00:00Z'), { type: 'year', count: 1 }).toISOString()).toBe('2029-02-28T12:00:00.000Z')
  })

  it('rounds a percent half up to the cent, on the first charge only', () => {
    expect(percentOf(8999, 10)).toBe(900)
    expect(percentOf(8995, 10)).toBe(900)
    expect(percentOf(8994, 10)).toBe(899)
    expect(percentOf(1, 50)).toBe(1)
    const result = ok({ plan: plans['vpn-1y']!, now, bonusCode: { code: 'WELCOME10', effect: 'percent', value: 10 } })
    expect([result.subtotal, result.discount, result.total]).toEqual([7188, 719, 6469])
    expect(result.renewal?.cost).toBe(8388)
  })

  it('refuses a fixed amount above the total, and moves dates by extra days', () => {
    expect(quote({ plan: plans['vpn-1m']!, now, bonusCode: { code: 'X', effect: 'fixed', value: 1300 } })).toEqual({ error: 'INVALID_AMOUNT_NEW_BONUS_CODE' })
    expect(ok({ plan: plans['vpn-1m']!, now, bonusCode: { code: 'X', effect: 'fixed', value: 1299 } }).total).toBe(0)
    const extended = ok({ plan: plans['vpn-1m']!, now, bonusCode: { code: 'D', effect: 'days', value: 30 } })
    expect(extended.total).toBe(1299)
    expect(extended.periodEndsAt).toBe('2026-03-30T10:00:00.000Z')
    expect(extended.renewal?.at).toBe('2026-03-30T10:00:00.000Z')
  })

  it('renews by itself only for recurring plans paid by card or PayPal', () => {
    const table: [string, string | undefined, boolean][] = [
      ['vpn-1m', 'card', true],
      ['vpn-1m', 'paypal', true],
      ['vpn-1m', 'bitcoin', false],
      ['vpn-1m', undefined, false],
      ['vpn-lifetime', 'card', false],
      ['vpn-trial-7d', 'paypal', true],
    ]
    for (const [id, method, autoRenew] of table) {
      expect(ok({ plan: plans[id]!, now, method: method as never }).autoRenew, `${id} ${method}`).toBe(autoRenew)
    }
    expect(quote({ plan: plans['vpn-trial-7d']!, now, method: 'bitcoin' })).toEqual({ error: 'INVALID_INPUT' })
  })
})

describe('add-ons', () => {
  const slotsMonthly: QuoteAddOn = { purchaseId: 'slots-5-1m', billing: 'monthly', cost: 299 }
  const slotsYearly: QuoteAddOn = { purchaseId: 'slots-5-1y', billing: 'yearly', cost: 2999, renewalCost: 3299 }
  const slotsLifetime: QuoteAddOn = { purchaseId: 'slots-5-lifetime', billing: 'lifetime', cost: 4999 }

  it('fit by billing: N months × monthly, k years (or 12·k months) × yearly, lifetime with lifetime', () => {
    expect(addOnMultiplier(plans['vpn-6m']!, slotsMonthly)).toBe(6)
    expect(addOnMultiplier(plans['vpn-1y']!, slotsYearly)).toBe(1)
    expect(addOnMultiplier(plans['vpn-3y']!, slotsYearly)).toBe(3)
    expect(addOnMultiplier(plans['vpn-lifetime']!, slotsLifetime)).toBe(1)
    expect(addOnMultiplier(plans['vpn-1y']!, slotsMonthly)).toBeNull()
    expect(addOnMultiplier(plans['vpn-6m']!, slotsYearly)).toBeNull()
    expect(addOnMultiplier(plans['vpn-lifetime']!, slotsYearly)).toBeNull()
    expect(addOnMultiplier(plans['vpn-7d']!, slotsMonthly)).toBeNull()
  })

  it('add their price to the first charge and to the renewal', () => {
    const result = ok({ plan: plans['vpn-3y']!, addOns: [slotsYearly], now, method: 'card' })
    expect(result.lines.map((l) => [l.id, l.amount])).toEqual([
      ['vpn-3y', 15984],
      ['slots-5-1y', 8997],
    ])
    expect(result.total).toBe(24981)
    expect(result.renewal?.cost).toBe(15984 + 3299 * 3)
    expect(quote({ plan: plans['vpn-1y']!, addOns: [slotsMonthly], now })).toEqual({ error: 'INVALID_INPUT' })
    expect(quote({ plan: plans['vpn-trial-7d']!, addOns: [slotsMonthly], now })).toEqual({ error: 'INVALID_INPUT' })
    expect(ok({ plan: plans['vpn-lifetime']!, addOns: [slotsLifetime], now }).total).toBe(24899)
  })
})
