// prorate(): an add-on bought for a subscription that runs, priced to its period's end. Table first.
import { describe, expect, it } from 'vitest'
import { addPeriod, prorate, type QuoteAddOn } from './pricing'

const yearly = { periodType: 'year', periodCount: 1 } as const
const twoYears = { periodType: 'year', periodCount: 2 } as const
const monthly = { periodType: 'month', periodCount: 1 } as const
const lifetime = { periodType: 'year', periodCount: 100 } as const
const slotsYearly: QuoteAddOn = { purchaseId: 'slots-5-1y', billing: 'yearly', cost: 3000 }
const slotsMonthly: QuoteAddOn = { purchaseId: 'slots-5-1m', billing: 'monthly', cost: 399, renewalCost: 499 }
const ipLifetime: QuoteAddOn = { purchaseId: 'ip-lifetime', billing: 'lifetime', cost: 9900 }
const at = (iso: string) => new Date(iso)

describe('prorate() by table', () => {
  const cases: { name: string; plan: typeof yearly | typeof twoYears | typeof monthly | typeof lifetime; addOn: QuoteAddOn; start: string; end: string; now: string; amount: number | null; renewal?: number | null }[] = [
    { name: 'a whole year left: the full price', plan: yearly, addOn: slotsYearly, start: '2026-03-01T10:00:00Z', end: '2027-03-01T10:00:00Z', now: '2026-03-01T10:00:00Z', amount: 3000, renewal: 3000 },
    { name: 'a month into a year (365 days, 334 left)', plan: yearly, addOn: slotsYearly, start: '2026-03-01T10:00:00Z', end: '2027-03-01T10:00:00Z', now: '2026-04-01T10:00:00Z', amount: 2745 },
    { name: 'a leap year: 366 days, 183 left', plan: yearly, addOn: slotsYearly, start: '2027-07-01T00:00:00Z', end: '2028-07-01T00:00:00Z', now: '2027-12-31T00:00:00Z', amount: 1500 },
    { name: 'the leap day itself, 123 of 366 left', plan: yearly, addOn: slotsYearly, start: '2027-07-01T00:00:00Z', end: '2028-07-01T00:00:00Z', now: '2028-02-29T00:00:00Z', amount: 1008 },
    { name: 'the last day: a day begun counts whole', plan: yearly, addOn: slotsYearly, start: '2026-03-01T10:00:00Z', end: '2027-03-01T10:00:00Z', now: '2027-03-01T09:00:00Z', amount: 8 },
    { name: 'a few hours into the period: still whole', plan: yearly, addOn: slotsYearly, start: '2026-03-01T10:00:00Z', end: '2027-03-01T10:00:00Z', now: '2026-03-01T16:00:00Z', amount: 3000 },
    { name: 'the period has ended', plan: yearly, addOn: slotsYearly, start: '2026-03-01T10:00:00Z', end: '2027-03-01T10:00:00Z', now: '2027-03-01T10:00:00Z', amount: null },
    { name: 'a month from 31 January ends on 28 February: 28 days, 16 left', plan: monthly, addOn: slotsMonthly, start: '2026-01-31T00:00:00Z', end: '2026-02-28T00:00:00Z', now: '2026-02-12T00:00:00Z', amount: 228, renewal: 499 },
    { name: 'February in a leap year: 29 days, 10 left', plan: monthly, addOn: slotsMonthly, start: '2028-02-01T00:00:00Z', end: '2028-03-01T00:00:00Z', now: '2028-02-20T00:00:00Z', amount: 138, renewal: 499 },
    { name: 'half up exactly: 399 × 15 / 30 = 199.5 → 200', plan: monthly, addOn: slotsMonthly, start: '2026-04-01T00:00:00Z', end: '2026-05-01T00:00:00Z', now: '2026-04-16T00:00:00Z', amount: 200 },
    { name: 'the 15-month first period (455 days), a year (365) left', plan: yearly, addOn: slotsYearly, start: '2026-01-01T00:00:00Z', end: '2027-04-01T00:00:00Z', now: '2026-04-01T00:00:00Z', amount: 2407 },
    { name: 'a two-year plan takes the yearly add-on twice', plan: twoYears, addOn: slotsYearly, start: '2026-01-01T00:00:00Z', end: '2028-01-01T00:00:00Z', now: '2027-01-01T00:00:00Z', amount: 3000, renewal: 6000 },
    { name: 'a lifetime subscription: lifetime add-ons at full price', plan: lifetime, addOn: ipLifetime, start: '2026-01-01T00:00:00Z', end: '2126-01-01T00:00:00Z', now: '2070-06-01T00:00:00Z', amount: 9900, renewal: null },
    { name: 'a yearly add-on on a monthly plan does not fit', plan: monthly, addOn: slotsYearly, start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z', now: '2026-01-10T00:00:00Z', amount: null },
    { name: 'a yearly add-on on a lifetime plan does not fit', plan: lifetime, addOn: slotsYearly, start: '2026-01-01T00:00:00Z', end: '2126-01-01T00:00:00Z', now: '2026-01-10T00:00:00Z', amount: null },
  ]
  for (const row of cases) {
    it(row.name, () => {
      const result = prorate({ plan: row.plan, addOn: row.addOn, periodStart: at(row.start), periodEnd: at(row.end), now: at(row.now) })
      if (row.amount === null) expect(result).toBeNull()
      else {
        expect(result?.amount).toBe(row.amount)
        if (row.renewal !== undefined) expect(result?.renewalAmount).toBe(row.renewal)
      }
    })
  }

  it('never charges more than the full price nor less than a day, whatever the moment', () => {
    const start = at('2026-03-01T10:00:00Z')
    const end = addPeriod(start, { type: 'year', count: 1 })
    let previous = Number.POSITIVE_INFINITY
    for (let hour = 0; hour < 365 * 24; hour += 7) {
      const result = prorate({ plan: yearly, addOn: slotsYearly, periodStart: start, periodEnd: end, now: new Date(start.getTime() + hour * 3_600_000) })!
      expect(result.amount).toBeLessThanOrEqual(3000)
      expect(result.amount).toBeGreaterThanOrEqual(8)
      expect(result.amount).toBeLessThanOrEqual(previous)
      previous = result.amount
    }
  })
})
