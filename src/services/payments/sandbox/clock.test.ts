import type { Payload } from 'payload'
import { afterEach, describe, expect, it } from 'vitest'
import { clockOffset, setClockOffset } from '@/lib/clock'
import { advanceBody, advanceTarget, announcedOffset, clockAnnouncement, loadClock } from './clock'

const from = new Date('2030-01-10T12:00:00.000Z')

describe('moving the sandbox clock', () => {
  it('takes whole days from 1 to 3660, or an ISO date, and nothing else', () => {
    for (const good of [{ days: 1 }, { days: 3660 }, { to: '2030-02-01' }, { to: '2030-02-01T00:00:00Z' }, { to: '2030-02-01T00:00:00.000+02:00' }])
      expect(advanceBody.safeParse(good).success, JSON.stringify(good)).toBe(true)
    for (const bad of [{}, { days: 0 }, { days: 3661 }, { days: 2.5 }, { days: '3' }, { to: 'tomorrow' }, { to: '2030-13-45' }, { days: 1, to: '2030-02-01' }, { days: 1, extra: true }])
      expect(advanceBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })

  it('moves days ahead of its now, or to a later date; never back or in place', () => {
    expect(advanceTarget({ days: 32 }, from).toISOString()).toBe('2030-02-11T12:00:00.000Z')
    expect(advanceTarget({ to: '2030-03-01T00:00:00Z' }, from).toISOString()).toBe('2030-03-01T00:00:00.000Z')
    for (const to of ['2030-01-10T12:00:00Z', '2030-01-01']) expect(() => advanceTarget({ to }, from)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', field: 'to' }))
  })
})

describe('loading the sandbox clock', () => {
  const answering = (reply: () => unknown) => ({ db: { pool: { query: async () => reply() } } }) as unknown as Payload
  afterEach(() => setClockOffset(0))

  it('reads the stored offset', async () => {
    await loadClock(answering(() => ({ rows: [{ offset_ms: '86400000' }] })))
    expect(clockOffset()).toBe(86_400_000)
  })

  it('takes a database without the table yet (never migrated) as a clock nobody moved, and fails on any other error', async () => {
    setClockOffset(5)
    await loadClock(answering(() => Promise.reject(Object.assign(new Error('relation "sandbox_clock" does not exist'), { code: '42P01' }))))
    expect(clockOffset()).toBe(0)
    await expect(loadClock(answering(() => Promise.reject(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }))))).rejects.toThrow('connection refused')
  })
})

describe('announcing an advance', () => {
  it('names the new offset and this process, which ignores its own and takes another’s', () => {
    const own = clockAnnouncement(172_800_000)
    expect(own).toMatch(/^172800000 [0-9a-f-]{36}$/)
    expect(announcedOffset(own)).toBe('own')
    expect(announcedOffset('172800000 another-process')).toBe(172_800_000)
    expect(announcedOffset('172800000')).toBe(172_800_000)
    for (const unreadable of ['', 'soon', ' x y']) expect(announcedOffset(unreadable)).toBeNull()
  })
})
