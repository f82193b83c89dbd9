// Unit tests of the renewal rules: due-ness, periods (15-then-12, month ends), the retry schedule.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { env, resetEnv } from '@/lib/env'
import { quote } from '@/services/catalog/pricing'
import { autoRenewLocked, nextPeriod, nextRetryAt, renewalDue, renewalExpiresAt, renewalKey, renewalPeriodOf, RENEW_AHEAD_MS } from './renewal-rules'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const end = new Date('2027-03-31T10:00:00.000Z')
const base = { autoRenew: true, status: 'active' as const, lifetime: false, provider: 'sandbox', currentPeriodEnd: end.toISOString() }

describe('when a renewal falls due', () => {
  it('is due from 24 hours before the period ends, and after it', () => {
    expect(RENEW_AHEAD_MS).toBe(24 * HOUR)
    expect(renewalDue(base, new Date(end.getTime() - 24 * HOUR - 1))).toBe(false)
    expect(renewalDue(base, new Date(end.getTime() - 24 * HOUR))).toBe(true)
    expect(renewalDue(base, new Date(end.getTime() + 30 * DAY))).toBe(true)
    expect(renewalDue({ ...base, status: 'trialing' }, end)).toBe(true)
  })

  it('never for renewal off, lifetime, billed by a Stripe subscription, past due, canceled or expired subscriptions', () => {
    const late = new Date(end.getTime() + DAY)
    expect(renewalDue({ ...base, autoRenew: false }, late)).toBe(false)
    expect(renewalDue({ ...base, lifetime: true }, late)).toBe(false)
    expect(renewalDue({ ...base, provider: 'stripe', providerRef: 'stripe:sub_1Abc' }, late)).toBe(false)
    // A Stripe card bought as a PaymentIntent is ours to renew (the migration turned those off).
    expect(renewalDue({ ...base, provider: 'stripe', providerRef: 'stripe:pi_1Abc' }, late)).toBe(true)
    for (const status of ['past_due', 'canceled', 'expired'] as const) expect(renewalDue({ ...base, status }, late), status).toBe(false)
  })

  it('locks switching off from 24 hours before the period ends, to the second (the 24-hour rule)', () => {
    const second = 1000
    expect(autoRenewLocked(base, new Date(end.getTime() - 24 * HOUR - second))).toBe(false)
    expect(autoRenewLocked(base, new Date(end.getTime() - 24 * HOUR))).toBe(true)
    expect(autoRenewLocked(base, new Date(end.getTime() - HOUR))).toBe(true)
    // After the end, while the paid period waits to start, it stays locked.
    expect(autoRenewLocked(base, new Date(end.getTime() + HOUR))).toBe(true)
    expect(autoRenewLocked({ ...base, status: 'trialing' }, end)).toBe(true)
  })

  it('locks nothing that will not renew: switched off, lifetime, past due, canceled or expired', () => {
    expect(autoRenewLocked({ ...base, autoRenew: false }, end)).toBe(false)
    expect(autoRenewLocked({ ...base, lifetime: true }, end)).toBe(false)
    for (const status of ['past_due', 'canceled', 'expired'] as const) expect(autoRenewLocked({ ...base, status }, end), status).toBe(false)
  })

  it('keys one order per subscription and period', () => {
    expect(renewalKey(42, 2)).toBe('sub:42:period:2')
  })
})

describe('the period a renewal pays for', () => {
  it('15-then-12: the first period is 15 months, every renewal 12 months at the renewal price', () => {
    const bought = new Date('2026-11-26T12:00:00.000Z')
    const priced = quote({ plan: { purchaseId: 'vpn-15m', periodType: 'year', periodCount: 1, cost: 9999, renewalCost: 7999, firstPeriodMonths: 15 }, method: 'card', now: bought })
    if ('error' in priced) throw new Error(priced.error)
    expect(priced.periodEndsAt).toBe('2028-02-26T12:00:00.000Z')
    const period = renewalPeriodOf(priced)
    expect(period).toEqual({ type: 'year', count: 1 })
    expect(priced.renewal?.cost).toBe(7999)
    const second = nextPeriod(new Date(priced.periodEndsAt!), period!)
    expect(second).toEqual({ start: new Date('2028-02-26T12:00:00.000Z'), end: new Date('2029-02-26T12:00:00.000Z') })
    expect(nextPeriod(second.end, period!).end.toISOString()).toBe('2030-02-26T12:00:00.000Z')
  })

  it('month ends: 31 January + 1 month is the end of February (29th in a leap year), and weeks are 7 days', () => {
    expect(nextPeriod(new Date('2027-01-31T08:00:00Z'), { type: 'month', count: 1 }).end.toISOString()).toBe('2027-02-28T08:00:00.000Z')
    expect(nextPeriod(new Date('2028-01-31T08:00:00Z'), { type: 'month', count: 1 }).end.toISOString()).toBe('2028-02-29T08:00:00.000Z')
    expect(nextPeriod(new Date('2027-08-31T08:00:00Z'), { type: 'month', count: 1 }).end.toISOString()).toBe('2027-09-30T08:00:00.000Z')
    expect(nextPeriod(new Date('2028-02-29T08:00:00Z'), { type: 'year', count: 1 }).end.toISOString()).toBe('2029-02-28T08:00:00.000Z')
    expect(nextPeriod(new Date('2027-12-28T08:00:00Z'), { type: 'week', count: 1 }).end.toISOString()).toBe('2028-01-04T08:00:00.000Z')
  })

  it('a trial renews for the period of the plan it rolls into', () => {
    const priced = quote({
      plan: { purchaseId: 'vpn-trial-7d', periodType: 'day', periodCount: 7, cost: 0, trialDays: 7, rollsInto: { purchaseId: 'vpn-7d', periodType: 'week', periodCount: 1, cost: 499 } },
      method: 'card',
      now: new Date('2026-11-26T00:00:00Z'),
    })
    if ('error' in priced) throw new Error(priced.error)
    expect(renewalPeriodOf(priced)).toEqual({ type: 'week', count: 1 })
    expect(priced.renewal?.cost).toBe(499)
  })

  it('reads only a well-formed renewal period from a stored quote', () => {
    for (const bad of [null, {}, { renewal: null }, { renewal: { period: { type: 'fortnight', count: 1 } } }, { renewal: { period: { type: 'month', count: 0 } } }, { renewal: { period: { type: 'month', count: 1.5 } } }])
      expect(renewalPeriodOf(bad), JSON.stringify(bad)).toBeNull()
  })
})

describe('the retry schedule', () => {
  // The stubbed value is undone after each test (unstubEnvs); the parsed environment is read again.
  afterEach(() => resetEnv())

  it('retries 1, 3 and 5 days after the first failure by default, then none is left', () => {
    const failed = new Date('2027-01-10T09:00:00.000Z')
    const days = env().RENEWAL_RETRY_DAYS
    expect(days).toEqual([1, 3, 5])
    expect([0, 1, 2, 3].map((done) => nextRetryAt(failed, days, done)?.toISOString() ?? null)).toEqual(['2027-01-11T09:00:00.000Z', '2027-01-13T09:00:00.000Z', '2027-01-15T09:00:00.000Z', null])
    // The order stays payable by its link until a day after the last retry.
    expect(renewalExpiresAt(failed, days).toISOString()).toBe('2027-01-17T09:00:00.000Z')
    expect(nextRetryAt(failed, [], 0)).toBeNull()
  })

  it('takes RENEWAL_RETRY_DAYS as rising whole days, and refuses anything else', () => {
    vi.stubEnv('RENEWAL_RETRY_DAYS', ' 2, 4 ,9')
    resetEnv()
    expect(env().RENEWAL_RETRY_DAYS).toEqual([2, 4, 9])
    for (const bad of ['3,1', '0,2', '1,,3', 'one', '1;3', '1,3,61']) {
      vi.stubEnv('RENEWAL_RETRY_DAYS', bad)
      resetEnv()
      expect(() => env(), bad).toThrow(/RENEWAL_RETRY_DAYS/)
    }
  })
})
