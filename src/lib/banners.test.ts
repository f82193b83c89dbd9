import { describe, expect, it } from 'vitest'
import { bannerActive } from './banners'

describe('banner windows', () => {
  it.each([
    ['rewards', '2025-07-08T23:59:59Z', false],
    ['rewards', '2025-07-09T00:00:00Z', true],
    ['rewards', '2025-12-31T23:59:59Z', true],
    ['rewards', '2026-01-01T00:00:00Z', false],
    ['coin', '2025-05-14T08:00:00Z', true],
    ['coin', '2025-10-31T00:00:00Z', false],
  ] as const)('%s on %s → %s', (name, date, expected) => {
    expect(bannerActive(name, new Date(date))).toBe(expected)
  })
})
