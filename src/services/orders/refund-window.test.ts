import { describe, expect, it } from 'vitest'
import { refundDeadline, refundWindowOpen } from './refund-window'

describe('the money-back period', () => {
  const paidAt = new Date('2026-11-01T10:00:00.000Z')

  it('ends 30 whole days after the payment, to the second', () => {
    expect(refundDeadline(paidAt, 30).toISOString()).toBe('2026-12-01T10:00:00.000Z')
    expect(refundWindowOpen(paidAt, new Date('2026-11-01T10:00:00.000Z'), 30)).toBe(true)
    expect(refundWindowOpen(paidAt, new Date('2026-12-01T09:59:59.000Z'), 30)).toBe(true)
    expect(refundWindowOpen(paidAt, new Date('2026-12-01T10:00:00.000Z'), 30)).toBe(true)
    expect(refundWindowOpen(paidAt, new Date('2026-12-01T10:00:01.000Z'), 30)).toBe(false)
    expect(refundWindowOpen(paidAt, new Date('2026-12-31T10:00:00.000Z'), 30)).toBe(false)
  })

  it('follows MONEY_BACK_DAYS and ignores daylight saving (whole 24-hour days)', () => {
    expect(refundDeadline(paidAt, 14).toISOString()).toBe('2026-11-15T10:00:00.000Z')
    const march = new Date('2027-03-20T12:00:00.000Z')
    expect(refundDeadline(march, 30).toISOString()).toBe('2027-04-19T12:00:00.000Z')
    expect(refundWindowOpen(march, new Date('2027-04-19T12:00:01.000Z'), 30)).toBe(false)
  })
})
