import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { seed } from '@/seed'
import { toQuotePlan } from '@/services/catalog/catalog'
import { quote } from '@/services/catalog/pricing'

let payload: Payload

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(async () => {
  await payload?.destroy()
})

const plan = async (purchaseId: string) =>
  (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: purchaseId } }, depth: 1, limit: 1 })).docs[0]!

describe('the plan catalogue', () => {
  it('seeds every plan of the spec once, and a second run changes nothing', async () => {
    const before = (await payload.count({ collection: 'price-plans' })).totalDocs
    await seed(payload)
    expect((await payload.count({ collection: 'price-plans' })).totalDocs).toBe(before)
    const ids = (await payload.find({ collection: 'price-plans', limit: 200, pagination: false, depth: 0 })).docs.map((p) => p.purchaseId)
    for (const id of ['vpn-1m', 'vpn-2m', 'vpn-3m', 'vpn-6m', 'vpn-1y', 'vpn-3y', 'vpn-lifetime', 'vpn-7d', 'vpn-trial-7d', 'vpn-trial-1m', 'vpn-trial-1y', 'vpn-trial-30d', 'vpn-12plus3', 'family-1m', 'family-1y', 'family-lifetime', 'mono-defense-1m', 'mono-defense-1y', 'secure-duo-1m', 'secure-duo-1y', 'security-bundle-1y', 'pass-lifetime', 'team-5-lifetime', 'team-10-lifetime', 'team-20-lifetime']) {
      expect(ids, id).toContain(id)
    }
  })

  it('never overwrites an editor’s change when the seed runs again', async () => {
    const sixMonths = await plan('vpn-6m')
    await payload.update({ collection: 'price-plans', id: sixMonths.id, data: { cost: 4999 } })
    await seed(payload)
    expect((await plan('vpn-6m')).cost).toBe(4999)
  })

  it('quotes stored plans: the free trial renews weekly, 15 months then every 12, families of five', async () => {
    const now = new Date('2026-03-01T00:00:00Z')
    const trial = quote({ plan: toQuotePlan(await plan('vpn-trial-7d')), now, method: 'card' })
    expect(trial).toMatchObject({ total: 0, trialEndsAt: '2026-03-08T00:00:00.000Z', renewal: { cost: 499, period: { type: 'week', count: 1 } }, autoRenew: true })
    expect(quote({ plan: toQuotePlan(await plan('vpn-trial-7d')), now, method: 'bitcoin' })).toEqual({ error: 'INVALID_INPUT' })
    const special = quote({ plan: toQuotePlan(await plan('vpn-12plus3')), now, method: 'paypal' })
    expect(special).toMatchObject({ total: 7188, periodEndsAt: '2027-06-01T00:00:00.000Z', renewal: { at: '2027-06-01T00:00:00.000Z', period: { type: 'month', count: 12 } } })
    expect(await plan('family-1y')).toMatchObject({ audience: 'family', members: 5, tier: 'standard', active: true })
    expect(await plan('team-20-lifetime')).toMatchObject({ audience: 'team', members: 20 })
    expect(quote({ plan: toQuotePlan(await plan('vpn-lifetime')), now, method: 'card' })).toMatchObject({ renewal: null, autoRenew: false })
  })
})
