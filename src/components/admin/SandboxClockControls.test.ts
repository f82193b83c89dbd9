import { describe, expect, it } from 'vitest'
import { addMonths, describeOffset } from './SandboxClockControls'

describe('the admin clock view', () => {
  it('adds calendar months, a day the month lacks becoming its last', () => {
    expect(addMonths(new Date('2030-01-31T09:00:00Z'), 1).toISOString()).toBe('2030-02-28T09:00:00.000Z')
    expect(addMonths(new Date('2032-01-31T09:00:00Z'), 1).toISOString()).toBe('2032-02-29T09:00:00.000Z')
    expect(addMonths(new Date('2030-03-15T00:00:00Z'), 12).toISOString()).toBe('2031-03-15T00:00:00.000Z')
    expect(addMonths(new Date('2032-02-29T00:00:00Z'), 12).toISOString()).toBe('2033-02-28T00:00:00.000Z')
  })

  it('says how far the clock is ahead', () => {
    expect(describeOffset(0)).toBe('Real time')
    expect(describeOffset(86_400_000)).toBe('1 day ahead of real time')
    expect(describeOffset(12 * 86_400_000 + 3 * 3_600_000)).toBe('12 days 3 h ahead of real time')
    expect(describeOffset(5 * 60_000)).toBe('5 min ahead of real time')
  })
})
