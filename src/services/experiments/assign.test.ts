// Unit tests of variant assignment: stable, weighted and fair.
import { describe, expect, it } from 'vitest'
import { assignVariant, drawVariant, EXPERIMENT_COOKIE_MAX_AGE, storedVariant } from './assign'

/** A seeded random source (mulberry32), so draws are repeatable. */
function seeded(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('the stored variant (table)', () => {
  it.each([
    ['0', 2, 0],
    ['1', 2, 1],
    ['2', 2, null],
    ['7', 2, null],
    ['-1', 2, null],
    ['1.0', 2, null],
    ['01', 2, null],
    [' 1', 2, null],
    ['1e0', 2, null],
    ['', 2, null],
    [undefined, 2, null],
    ['abc', 2, null],
    ['9999999999', 2, null],
  ] as const)('%j of %i variants → %j', (value, count, expected) => {
    expect(storedVariant(value, count)).toBe(expected)
  })
})

describe('assignment', () => {
  it('keeps a valid stored index and draws otherwise', () => {
    expect(assignVariant('1', [50, 50], () => 0)).toEqual({ index: 1, drawn: false })
    expect(assignVariant('7', [50, 50], () => 0)).toEqual({ index: 0, drawn: true })
    expect(assignVariant('7', [50, 50], () => 0.99)).toEqual({ index: 1, drawn: true })
    expect(EXPERIMENT_COOKIE_MAX_AGE).toBe(5_184_000)
  })

  it('draws by weight: 50/50 near half each, 0 never, 1:3 near a quarter', () => {
    const count = (weights: number[], n = 20_000) => {
      const random = seeded(42)
      const hits = weights.map(() => 0)
      for (let i = 0; i < n; i++) hits[drawVariant(weights, random)]!++
      return hits.map((h) => h / n)
    }
    const [a, b] = count([50, 50])
    expect(a).toBeGreaterThan(0.48)
    expect(b).toBeGreaterThan(0.48)
    expect(count([1, 0, 3])).toEqual([expect.closeTo(0.25, 1), 0, expect.closeTo(0.75, 1)])
    expect(count([0, 0])[0]).toBeGreaterThan(0.45)
    expect(drawVariant([0, 5, 0], () => 0.999999)).toBe(1)
  })
})
