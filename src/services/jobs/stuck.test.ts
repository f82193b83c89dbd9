import { describe, expect, it } from 'vitest'
import { isStuck } from './stuck'

describe('the stuck-job rule', () => {
  const now = new Date('2026-11-29T12:00:00.000Z')
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString()

  it('names a job still processing, never completed, untouched for longer than the limit', () => {
    expect(isStuck({ processing: true, completedAt: null, updatedAt: minutesAgo(11) }, now, 600_000)).toBe(true)
    expect(isStuck({ processing: true, updatedAt: minutesAgo(0.1) }, now, 2_000)).toBe(true)
  })

  it('leaves a job running within the limit, one waiting, one done, and one without a time', () => {
    expect(isStuck({ processing: true, updatedAt: minutesAgo(9) }, now, 600_000)).toBe(false)
    expect(isStuck({ processing: true, updatedAt: minutesAgo(10) }, now, 600_000)).toBe(false)
    expect(isStuck({ processing: false, updatedAt: minutesAgo(60) }, now, 600_000)).toBe(false)
    expect(isStuck({ processing: true, completedAt: minutesAgo(30), updatedAt: minutesAgo(60) }, now, 600_000)).toBe(false)
    expect(isStuck({ processing: true, updatedAt: null }, now, 600_000)).toBe(false)
  })
})
