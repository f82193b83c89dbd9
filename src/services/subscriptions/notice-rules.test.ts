// Unit tests of when each notice is due: the reminder before a charge, a trial's end, a plan's end.
import { describe, expect, it } from 'vitest'
import { noticeDue, type NoticeCandidate } from './notice-rules'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const end = new Date('2027-06-30T12:00:00.000Z')
const monthly: NoticeCandidate = { status: 'active', autoRenew: true, lifetime: false, currentPeriodStart: new Date(end.getTime() - 30 * DAY), currentPeriodEnd: end, nextRenewalAmount: 1299 }
const at = (ms: number) => new Date(end.getTime() + ms)

describe('the renewal reminder', () => {
  it('is due from 7 days before the charge (24 hours before the end) until the charge', () => {
    expect(noticeDue('renewal-reminder', monthly, at(-8 * DAY - 1000), 7)).toBe(false)
    expect(noticeDue('renewal-reminder', monthly, at(-8 * DAY), 7)).toBe(true)
    expect(noticeDue('renewal-reminder', monthly, at(-DAY - 1000), 7)).toBe(true)
    expect(noticeDue('renewal-reminder', monthly, at(-DAY), 7)).toBe(false)
    expect(noticeDue('renewal-reminder', monthly, at(-4 * DAY), 3)).toBe(true)
    expect(noticeDue('renewal-reminder', monthly, at(-5 * DAY), 3)).toBe(false)
  })
  it('is for renewing periods of a month or longer only', () => {
    const soon = at(-3 * DAY)
    expect(noticeDue('renewal-reminder', { ...monthly, currentPeriodStart: new Date(end.getTime() - 28 * DAY) }, soon, 7)).toBe(true)
    expect(noticeDue('renewal-reminder', { ...monthly, currentPeriodStart: new Date(end.getTime() - 7 * DAY) }, soon, 7)).toBe(false)
    expect(noticeDue('renewal-reminder', { ...monthly, autoRenew: false }, soon, 7)).toBe(false)
    expect(noticeDue('renewal-reminder', { ...monthly, nextRenewalAmount: null }, soon, 7)).toBe(false)
    expect(noticeDue('renewal-reminder', { ...monthly, lifetime: true }, soon, 7)).toBe(false)
    for (const status of ['trialing', 'past_due', 'canceled', 'expired'] as const) expect(noticeDue('renewal-reminder', { ...monthly, status }, soon, 7), status).toBe(false)
  })
})

describe('the trial ending notice', () => {
  const trial: NoticeCandidate = { ...monthly, status: 'trialing', currentPeriodStart: new Date(end.getTime() - 7 * DAY) }
  it('is due from 2 days before the trial ends until its charge', () => {
    expect(noticeDue('trial-ending', trial, at(-2 * DAY - 1000), 7)).toBe(false)
    expect(noticeDue('trial-ending', trial, at(-2 * DAY), 7)).toBe(true)
    expect(noticeDue('trial-ending', trial, at(-DAY - 1000), 7)).toBe(true)
    expect(noticeDue('trial-ending', trial, at(-DAY), 7)).toBe(false)
  })
  it('is not sent for a trial that will not roll on', () => {
    expect(noticeDue('trial-ending', { ...trial, autoRenew: false }, at(-2 * DAY), 7)).toBe(false)
    expect(noticeDue('trial-ending', monthly, at(-2 * DAY), 7)).toBe(false)
  })
})

describe('the plan ending notice', () => {
  const off: NoticeCandidate = { ...monthly, autoRenew: false }
  it('is due from 7 days before the end until the end, for one that will not renew', () => {
    expect(noticeDue('plan-ending', off, at(-7 * DAY - 1000), 7)).toBe(false)
    expect(noticeDue('plan-ending', off, at(-7 * DAY), 7)).toBe(true)
    expect(noticeDue('plan-ending', off, at(-1000), 7)).toBe(true)
    expect(noticeDue('plan-ending', off, end, 7)).toBe(false)
    expect(noticeDue('plan-ending', { ...monthly, status: 'canceled' }, at(-DAY), 7)).toBe(true)
  })
  it('is not sent for what renews, lifetime, or periods of 7 days or less', () => {
    expect(noticeDue('plan-ending', monthly, at(-DAY), 7)).toBe(false)
    expect(noticeDue('plan-ending', { ...off, lifetime: true }, at(-DAY), 7)).toBe(false)
    expect(noticeDue('plan-ending', { ...off, currentPeriodStart: new Date(end.getTime() - 7 * DAY) }, at(-DAY), 7)).toBe(false)
    expect(noticeDue('plan-ending', { ...off, status: 'expired' }, at(-DAY), 7)).toBe(false)
  })
})
