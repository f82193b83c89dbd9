import { afterEach, describe, expect, it, vi } from 'vitest'
import { clockOffset, now, realNow, securityNow, setClockOffset } from './clock'

afterEach(() => {
  setClockOffset(0)
})

describe('the clock', () => {
  it('runs the sandbox offset ahead of real time, and CLOCK_NOW wins over both', () => {
    setClockOffset(3 * 86_400_000)
    expect(clockOffset()).toBe(3 * 86_400_000)
    expect(now().getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 1_000)
    expect(Math.abs(realNow().getTime() - Date.now())).toBeLessThan(1_000)
    // Sessions keep real time: a month on the sandbox clock signs nobody out.
    expect(Math.abs(securityNow().getTime() - Date.now())).toBeLessThan(1_000)
    vi.stubEnv('CLOCK_NOW', '2030-02-01T10:00:00.000Z')
    expect(now().toISOString()).toBe('2030-02-01T10:00:00.000Z')
    expect(securityNow().toISOString()).toBe('2030-02-01T10:00:00.000Z')
  })

  it('never runs behind: a negative or broken offset counts as none', () => {
    for (const value of [-5, Number.NaN, Number.POSITIVE_INFINITY]) {
      setClockOffset(value)
      expect(clockOffset()).toBe(0)
    }
    setClockOffset(1.9)
    expect(clockOffset()).toBe(1)
  })
})
