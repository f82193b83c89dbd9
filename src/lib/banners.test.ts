import { describe, expect, it } from 'vitest'
import { activeKey, bannerActive, isDay, specWindows } from './banners'

const on = (name: keyof typeof specWindows) => ({ enabled: true, ...specWindows[name] })

describe('banner windows', () => {
  it.each([
    ['rewards', '2025-07-08T23:59:59Z', false],
    ['rewards', '2025-07-09T00:00:00Z', true],
    ['rewards', '2025-12-31T23:59:59Z', true],
    ['rewards', '2026-01-01T00:00:00Z', false],
    ['coin', '2025-05-13T23:59:59Z', false],
    ['coin', '2025-05-14T08:00:00Z', true],
    ['coin', '2025-10-30T23:59:59Z', true],
    ['coin', '2025-10-31T00:00:00Z', false],
  ] as const)('%s on %s → %s', (name, date, expected) => {
    expect(bannerActive(on(name), new Date(date))).toBe(expected)
  })

  it('shows nothing when switched off or without a whole window', () => {
    const inside = new Date('2025-08-01T12:00:00Z')
    expect(bannerActive({ ...on('rewards'), enabled: false }, inside)).toBe(false)
    expect(bannerActive({ enabled: true, from: '2025-07-09', to: null }, inside)).toBe(false)
    expect(bannerActive({ enabled: true, from: 'July 9', to: '2025-12-31' }, inside)).toBe(false)
    expect(bannerActive(undefined, inside)).toBe(false)
  })

  it('names the showing banners in one key that changes at each edge', () => {
    const windows = { rewards: on('rewards'), rewardsMini: on('rewardsMini'), coin: on('coin'), coinMini: on('coinMini') }
    expect(activeKey(windows, new Date('2025-06-01T00:00:00Z'))).toBe('coin,coinMini')
    expect(activeKey(windows, new Date('2025-08-01T00:00:00Z'))).toBe('rewards,rewardsMini,coin,coinMini')
    expect(activeKey(windows, new Date('2025-11-01T00:00:00Z'))).toBe('rewards,rewardsMini')
    expect(activeKey(windows, new Date('2026-11-26T00:00:00Z'))).toBe('')
  })

  it('accepts only real days', () => {
    expect(isDay('2025-02-28')).toBe(true)
    expect(isDay('2025-02-30')).toBe(false)
    expect(isDay('2025-2-3')).toBe(false)
    expect(isDay(20250228)).toBe(false)
  })
})
