import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as page } from '@/app/api/coms/pages/page/route'
import { pickerData } from '@/services/purchase-flow/picker'
import { parseSelection } from '@/services/purchase-flow/selection'

let payload: Payload

beforeAll(async () => {
  payload = await getPayload({ config })
})

const get = async (url: string) => {
  const response = await page(new Request(`http://localhost${url}`), undefined as never)
  return { status: response.status, body: await response.json() }
}

/** A stand-in translator: the key and its values, enough to see which text a card uses. */
const t = ((key: string, values: Record<string, unknown>) => `${key}:${JSON.stringify(values)}`) as never

describe('the /order/pickup content page', () => {
  it('answers the seeded page with its pricing plans keyed by purchase id, in English and German', async () => {
    const english = await get('/api/coms/pages/page/?path=/order/pickup')
    expect(english.status).toBe(200)
    expect(Object.keys(english.body.pricingPlans).sort()).toEqual(['vpn-1m', 'vpn-1y', 'vpn-3y', 'vpn-lifetime'])
    expect(english.body.components.map((c: { name: string }) => c.name)).toEqual(['pricingCards', 'serversMap', 'region', 'faq', 'moneyBack'])
    const german = await get('/api/coms/pages/page/?path=/de/order/pickup')
    expect(german.status).toBe(200)
    expect(german.body.title).toBe('Wähle deinen Tarif')
  })
})

describe('the picker’s data', () => {
  it('offers each plan the add-ons billed like it, priced for its length, and the locations', async () => {
    const data = await pickerData(payload, { planIds: ['vpn-1m', 'vpn-1y', 'vpn-3y', 'vpn-lifetime', 'vpn-trial-7d', 'no-such-plan'], locale: 'en', now: new Date('2026-03-01T00:00:00Z'), t })
    expect(data.plans.map((plan) => plan.id)).toEqual(['vpn-1m', 'vpn-1y', 'vpn-3y', 'vpn-lifetime', 'vpn-trial-7d'])
    expect(data.catalogue.defaultPlan).toBe('vpn-1y')
    const offer = (id: string) => data.catalogue.plans.find((plan) => plan.id === id)!
    expect(offer('vpn-1m')).toMatchObject({ slots: { '1': 'slots-1-1m', '5': 'slots-5-1m', '10': 'slots-10-1m' }, staticIp: 'static-ip-1m' })
    expect(offer('vpn-1y').servers).toMatchObject({ unlimited: 'server-unlimited-1y', '1tb': 'server-1tb-1y', '2tb': 'server-2tb-1y', '3tb': 'server-3tb-1y' })
    expect(offer('vpn-lifetime')).toMatchObject({ slots: { '5': 'slots-5-lifetime' }, servers: { '512gb': 'server-512gb-lifetime', unlimited: 'server-unlimited-lifetime' }, staticIp: null })
    expect(offer('vpn-trial-7d')).toMatchObject({ slots: {}, servers: {}, staticIp: null, methods: ['card', 'paypal'] })
    // Three years of a yearly add-on: three times its price.
    expect(data.addOnPrices['vpn-3y']!['slots-5-1y']).toEqual({ amount: 3 * 2999, label: '+$89.97' })
    expect(data.addOnPrices['vpn-1y']!['static-ip-1y']).toEqual({ amount: 5988, label: '+$59.88' })
    expect(data.plans.find((plan) => plan.id === 'vpn-trial-7d')!.amount).toBe(0)
    expect(data.regions.find((r) => r.code === 'de-frankfurt')).toEqual({ code: 'de-frankfurt', label: 'Frankfurt, Germany' })
    expect(data.catalogue.ipRegions).toContain('de-frankfurt')
    expect(data.catalogue.ipRegions).not.toContain('br-sao-paulo')
    expect(parseSelection(new URLSearchParams('plan=vpn-1y&slots=5&ipRegion=de-frankfurt'), data.catalogue)).toMatchObject({ plan: 'vpn-1y', slots: 5, ipRegion: 'de-frankfurt' })
  })
})

describe('the picker global', () => {
  it('is seeded once with variants b–e, readable by anyone, changed by admins only', async () => {
    const picker = await payload.findGlobal({ slug: 'picker', depth: 1 })
    expect(picker.views?.map((row) => row.view)).toEqual(['pickup-b', 'pickup-c', 'pickup-d', 'pickup-e'])
    const b = picker.views!.find((row) => row.view === 'pickup-b')!
    expect(b.cardVariant).toBe('total')
    expect((b.plans as { purchaseId: string }[]).map((plan) => plan.purchaseId)).toEqual(['vpn-1m', 'vpn-1y', 'vpn-3y'])
    await expect(payload.updateGlobal({ slug: 'picker', data: { views: [] }, overrideAccess: false })).rejects.toThrow()
    const rows = picker.views!.map((row) => ({ ...row, plans: (row.plans as { id: number }[]).map((plan) => plan.id), defaultPlan: (row.defaultPlan as { id: number } | null)?.id }))
    await expect(payload.updateGlobal({ slug: 'picker', data: { views: [...rows, { ...rows[0]!, id: undefined }] } })).rejects.toThrow()
  })
})
