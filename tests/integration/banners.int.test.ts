import type { PoolClient } from 'pg'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { CHANGE_ANNOUNCED_EVENT, CONTENT_CHANNEL } from '../../scripts/lib/content-changes.mjs'
import { refreshBanners } from '@/services/content/banner-refresh'
import { shownBanners } from '@/services/content/banners'
import { pgPool } from '@/services/db'

let payload: Payload
let listener: PoolClient
const signals: string[] = []

beforeAll(async () => {
  payload = await getPayload({ config })
  listener = await (pgPool(payload) as unknown as { connect(): Promise<PoolClient> }).connect()
  listener.on('notification', (message) => {
    if (message.channel === CONTENT_CHANNEL) signals.push(message.payload ?? '')
  })
  await listener.query(`listen ${CONTENT_CHANNEL}`)
})

afterAll(async () => {
  await listener?.query(`unlisten ${CONTENT_CHANNEL}`)
  listener?.release()
})

const inRewards = new Date('2025-08-01T12:00:00Z')

describe('the banners global', () => {
  it('is seeded with the spec windows and its texts in every locale', async () => {
    const en = await payload.findGlobal({ slug: 'banners', depth: 0 })
    expect(en.rewards).toMatchObject({ enabled: true, from: '2025-07-09', to: '2025-12-31', linkPath: '/order/pickup', text: 'Pay with crypto and earn rewards on every Veilgate plan.', linkLabel: 'Learn more' })
    expect(en.coin).toMatchObject({ enabled: true, from: '2025-05-14', to: '2025-10-30', linkPath: '/ks-coin' })
    expect(en.coinMini).toMatchObject({ from: '2025-05-14', to: '2025-10-30' })
    const de = await payload.findGlobal({ slug: 'banners', depth: 0, locale: 'de' })
    expect(de.rewardsMini?.linkLabel).toBe('Mehr erfahren')
    expect(de.coin?.text).toContain('Veilgate Coin')
    const ar = await payload.findGlobal({ slug: 'banners', depth: 0, locale: 'ar' })
    expect(ar.coin?.linkLabel).toBe('اكتشف Veilgate Coin')
  })

  it('shows a banner only inside its window, with its link in the page locale', async () => {
    const de = await shownBanners('de', inRewards, payload)
    expect(Object.keys(de).sort()).toEqual(['coin', 'coinMini', 'rewards', 'rewardsMini'])
    expect(de.rewards).toMatchObject({ name: 'rewards', href: '/de/order/pickup', linkLabel: 'Mehr erfahren' })
    expect(de.coin?.href).toBe('/de/ks-coin')
    expect((await shownBanners('en', new Date('2025-07-08T23:59:59Z'), payload)).rewards).toBeUndefined()
    expect(Object.keys(await shownBanners('en', new Date('2025-11-15T00:00:00Z'), payload)).sort()).toEqual(['rewards', 'rewardsMini'])
    expect(await shownBanners('en', new Date('2026-11-26T00:00:00Z'), payload)).toEqual({})
  })

  it('refuses a day that does not exist and a window that ends before it starts', async () => {
    const current = await payload.findGlobal({ slug: 'banners', depth: 0 })
    await expect(payload.updateGlobal({ slug: 'banners', data: { rewards: { ...current.rewards!, from: '2025-13-01' } } })).rejects.toThrow(/rewards|From/i)
    const after = await payload.findGlobal({ slug: 'banners', depth: 0 })
    expect(after.rewards?.from).toBe('2025-07-09')
  })

  it('refreshes every cached page when saved, and once when a window opens or closes', async () => {
    const current = await payload.findGlobal({ slug: 'banners', depth: 0 })
    signals.length = 0
    // This instance's response cache hears of the change during the save, before its answer, with the signal's text.
    const announced: string[] = []
    const hear = (text: string) => announced.push(text)
    process.on(CHANGE_ANNOUNCED_EVENT, hear)
    try {
      await payload.updateGlobal({ slug: 'banners', data: { rewardsMini: { ...current.rewardsMini!, to: '2099-12-31' } } })
      expect(announced).toEqual(['{"all":true}'])
    } finally {
      process.off(CHANGE_ANNOUNCED_EVENT, hear)
    }
    await expect.poll(() => signals).toContain('{"all":true}')
    expect((await payload.findGlobal({ slug: 'banners', depth: 0, locale: 'de' })).rewardsMini?.text).toBe((await payload.findGlobal({ slug: 'banners', depth: 0, locale: 'de' })).rewards?.text)

    const today = new Date('2026-11-26T10:00:00Z')
    await refreshBanners(payload, today)
    signals.length = 0
    // Nothing crossed an edge since the last check: nothing refreshed.
    expect(await refreshBanners(payload, new Date('2026-11-26T23:59:00Z'))).toEqual({ refreshed: 0 })
    // The day after the mini-banner's window ends: one refresh, then none.
    await payload.updateGlobal({ slug: 'banners', data: { rewardsMini: { ...current.rewardsMini!, to: '2026-11-26' } }, context: { disableRevalidate: true } })
    signals.length = 0
    expect(await refreshBanners(payload, new Date('2026-11-27T00:01:00Z'))).toEqual({ refreshed: 1 })
    await expect.poll(() => signals).toContain('{"all":true}')
    expect(await refreshBanners(payload, new Date('2026-11-27T00:06:00Z'))).toEqual({ refreshed: 0 })

    await payload.updateGlobal({ slug: 'banners', data: { rewardsMini: current.rewardsMini! } })
  })
})
