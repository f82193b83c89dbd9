// Unit tests: every seeded plan's quote, as the spec's examples give it.
import { describe, expect, it } from 'vitest'
import { morePricePlans, pricePlans } from '@/seed/content/catalog'
import { monthlyReferences, referenceKey } from './cards'
import { quote, type QuotePlan } from './pricing'

/**
 * Every seeded plan's quote on 31 January 2026, 10:00 UTC, paid by card: first charge, price per
 * month (spec rule), saving against the 1-month plan of the same product, tier, audience and
 * size, renewal (price, period, date) and auto-renewal.
 */
const table: [string, number, string | null, number | null, [number, string, string] | null, boolean][] = [
  ['vpn-1m', 1299, '12.99', null, [1299, 'month×1', '2026-02-28'], true],
  ['vpn-2m', 2398, '11.99', 8, [2398, 'month×2', '2026-03-31'], true],
  ['vpn-3m', 3297, '10.99', 15, [3297, 'month×3', '2026-04-30'], true],
  ['vpn-6m', 5394, '8.99', 31, [5394, 'month×6', '2026-07-31'], true],
  ['vpn-1y', 7188, '5.99', 54, [7188, 'year×1', '2027-01-31'], true],
  ['vpn-3y', 15984, '4.44', 66, [15984, 'month×36', '2029-01-31'], true],
  ['vpn-lifetime', 19900, null, null, null, false],
  ['vpn-7d', 499, null, null, [499, 'week×1', '2026-02-07'], true],
  ['vpn-trial-7d', 0, null, null, [499, 'week×1', '2026-02-07'], true],
  ['vpn-trial-1m', 0, null, null, [1299, 'month×1', '2026-02-07'], true],
  ['vpn-trial-1y', 0, null, null, [7188, 'year×1', '2026-02-07'], true],
  ['vpn-trial-30d', 0, null, null, [1299, 'month×1', '2026-03-02'], true],
  ['vpn-12plus3', 7188, '5.99', 63, [7188, 'month×12', '2027-04-30'], true],
  ['family-1m', 1999, '19.99', null, [1999, 'month×1', '2026-02-28'], true],
  ['family-1y', 11988, '9.99', 50, [11988, 'year×1', '2027-01-31'], true],
  ['family-lifetime', 39900, null, null, null, false],
  ['mono-defense-1m', 1499, '14.99', null, [1499, 'month×1', '2026-02-28'], true],
  ['mono-defense-1y', 8388, '6.99', 53, [8388, 'year×1', '2027-01-31'], true],
  ['secure-duo-1m', 1699, '16.99', null, [1699, 'month×1', '2026-02-28'], true],
  ['secure-duo-1y', 9588, '7.99', 53, [9588, 'year×1', '2027-01-31'], true],
  ['security-bundle-1y', 9588, '7.99', null, [9588, 'year×1', '2027-01-31'], true],
  ['pass-lifetime', 7900, null, null, null, false],
  ['team-5-lifetime', 49900, null, null, null, false],
  ['team-10-lifetime', 89900, null, null, null, false],
  ['team-20-lifetime', 159900, null, null, null, false],
]

describe('every seeded plan (table)', () => {
  const all = [...pricePlans, ...morePricePlans]
  const byId = new Map(all.map((plan) => [plan.purchaseId, plan]))
  const rolls = new Map<string, string>([['vpn-trial-7d', 'vpn-7d'], ...morePricePlans.flatMap((plan) => (plan.rollsIntoId ? [[plan.purchaseId, plan.rollsIntoId] as [string, string]] : []))])
  const references = monthlyReferences(all)

  it('covers every seeded plan', () => {
    expect(table.map(([id]) => id).sort()).toEqual(all.map((plan) => plan.purchaseId).sort())
  })

  it.each(table)('%s', (id, total, perMonth, saving, renewal, autoRenew) => {
    const seeded = byId.get(id)!
    const target = rolls.has(id) ? byId.get(rolls.get(id)!)! : null
    const plan = { ...seeded, rollsInto: target } as unknown as QuotePlan
    const result = quote({ plan, now: new Date('2026-01-31T10:00:00Z'), method: 'card', monthlyPlan: references.get(referenceKey(seeded)) ?? null })
    if ('error' in result) throw new Error(result.error)
    expect(result.total).toBe(total)
    expect(result.perMonth ? `${result.perMonth.dollars}.${result.perMonth.cents}` : null).toBe(perMonth)
    expect(result.savingPercent).toBe(saving)
    expect(result.renewal ? [result.renewal.cost, `${result.renewal.period.type}×${result.renewal.period.count}`, result.renewal.at.slice(0, 10)] : null).toEqual(renewal)
    expect(result.autoRenew).toBe(autoRenew)
  })
})
