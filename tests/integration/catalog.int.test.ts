import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { seed } from '@/seed'
import { toQuotePlan } from '@/services/catalog/catalog'
import { quote } from '@/services/catalog/pricing'
import { GET as priceRoute } from '@/app/api/veilgate/sales/price/[id]/route'
import { POST as priceListRoute } from '@/app/api/veilgate/sales/price-list/route'
import { POST as checkCode } from '@/app/api/veilgate/sales/check-new-bonus-code/route'
import { POST as register } from '@/app/api/veilgate/auth/register/route'
import { humanCheck } from '../support/human-check-route'
import { callRoute } from '../support/routes'

let payload: Payload

beforeAll(async () => {
  payload = await getPayload({ config })
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

describe('sales endpoints: price-list/ and price/{id}', () => {
  const price = (id: string, query: Record<string, string> = {}) =>
    callRoute((request) => priceRoute(request, { params: Promise.resolve({ id }) }), { path: `/api/veilgate/sales/price/${encodeURIComponent(id)}`, query })

  it('answers known ids in the order asked, unknown ones left out', async () => {
    const answer = await callRoute(priceListRoute, { body: { list: ['vpn-1y', 'no-such-plan', 'slots-5-1y', 'vpn-lifetime'] } })
    expect(answer.status).toBe(200)
    const items = answer.body as unknown as { id: string; cost: number; info: { type: string; count: number }; description: string }[]
    expect(items.map((item) => item.id)).toEqual(['vpn-1y', 'slots-5-1y', 'vpn-lifetime'])
    expect(items[0]).toEqual({ id: 'vpn-1y', cost: 7188, info: { type: 'year', count: 1 }, description: expect.any(String) })
    expect(Object.keys(items[0]!).sort()).toEqual(['cost', 'description', 'id', 'info'])
  })

  it('answers malformed bodies with 400 INVALID_INPUT, localized', async () => {
    for (const body of [{}, { list: [] }, { list: 'vpn-1y' }, { list: Array(101).fill('vpn-1y') }, { list: [5] }, '{broken', '[]']) {
      const answer = await callRoute(priceListRoute, { body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe('INVALID_INPUT')
    }
  })

  it('quotes one plan: 15 months then every 12, and 404 PLAN_NOT_FOUND in the asked language', async () => {
    const special = await price('vpn-12plus3')
    expect(special.status).toBe(200)
    expect(special.body).toMatchObject({ id: 'vpn-12plus3', info: { type: 'month', count: 12 }, quote: { total: 7188, renewal: { period: { type: 'month', count: 12 } } } })
    const q = special.body.quote as { periodEndsAt: string; renewal: { at: string } }
    const months = (new Date(q.periodEndsAt).getTime() - Date.now()) / (30.44 * 86_400_000)
    expect(Math.round(months)).toBe(15)
    const yearly = await price('vpn-1y')
    expect(yearly.body).toMatchObject({ quote: { savingPercent: 54, perMonth: { dollars: '5', cents: '99' } } })
    expect(await price('nope', { locale: 'de' })).toMatchObject({ status: 404, body: { statusCode: 404, code: 'PLAN_NOT_FOUND', message: 'Diesen Tarif gibt es nicht.' } })
    expect((await price('%00bad id')).status).toBe(400)
  })
})

describe('check-new-bonus-code/', () => {
  const check = (body: Record<string, unknown>, headers: Record<string, string> = {}) => callRoute(checkCode, { body, headers })

  it('applies WELCOME10 to the 1-year plan, in any case and with spaces', async () => {
    const answer = await check({ code: '  welcome10 ', plan: 'vpn-1y' })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ code: 'WELCOME10', effect: { type: 'percent', value: 10 }, quote: { subtotal: 7188, discount: 719, total: 6469 } })
    expect((await check({ code: 'WELCOME10' })).body).toEqual({ code: 'WELCOME10', effect: { type: 'percent', value: 10 } })
  })

  it('answers a made-up code with the spec’s text, in German when asked', async () => {
    expect((await check({ code: 'MADE-UP-CODE' })).body).toEqual({ statusCode: 400, code: 'INVALID_BONUS_CODE', message: 'The code is invalid! Please check it and try again.', field: 'code' })
    expect((await check({ code: 'MADE-UP-CODE', locale: 'de' })).body.message).toBe('Der Code ist ungültig! Bitte überprüfen Sie ihn und versuchen Sie es erneut.')
    expect((await check({})).body.code).toBe('INVALID_BONUS_CODE')
    expect((await check({ code: 'WELCOME10', plan: 'no-such-plan' })).body.code).toBe('PLAN_NOT_FOUND')
  })

  it('refuses inactive, expired, used-up and other plans’ codes, too large amounts, and one’s own referral code', async () => {
    const monthly = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: 'vpn-1m' } }, limit: 1 })).docs[0]!
    const rows = [
      { code: 'OFF-CODE', effect: 'percent', value: 5, active: false },
      { code: 'OLD-CODE', effect: 'percent', value: 5, validTo: '2020-01-01T00:00:00.000Z' },
      { code: 'USED-UP', effect: 'percent', value: 5, maxRedemptions: 3, redemptions: 3 },
      { code: 'MONTHLY-ONLY', effect: 'percent', value: 5, plans: [monthly.id] },
      { code: 'BIG-FIXED', effect: 'fixed', value: 100_000 },
    ] as const
    for (const data of rows) await payload.create({ collection: 'bonus-codes', data: data as never, overrideAccess: true })
    for (const code of ['OFF-CODE', 'OLD-CODE', 'USED-UP']) expect((await check({ code })).body.code, code).toBe('INVALID_BONUS_CODE')
    expect((await check({ code: 'MONTHLY-ONLY', plan: 'vpn-1y' })).body.code).toBe('INVALID_BONUS_CODE')
    expect((await check({ code: 'MONTHLY-ONLY', plan: 'vpn-1m' })).status).toBe(200)
    expect((await check({ code: 'BIG-FIXED', plan: 'vpn-1m' })).body).toMatchObject({ statusCode: 400, code: 'INVALID_AMOUNT_NEW_BONUS_CODE', message: 'Invalid discount amount' })
    const password = 'referral-Owner-pass-1'
    const created = await callRoute(register, { body: { username: 'referrer@example.com', password, confirmPassword: password, terms: true, ...(await humanCheck()) } })
    const owner = (await payload.find({ collection: 'customers', where: { email: { equals: 'referrer@example.com' } }, overrideAccess: true })).docs[0]!
    await payload.create({ collection: 'bonus-codes', data: { code: 'FRIEND-OF-ME', effect: 'percent', value: 10, owner: owner.id }, overrideAccess: true })
    const own = await check({ code: 'friend-of-me' }, { 'x-auth-token': String(created.body.token) })
    expect(own.body).toMatchObject({ statusCode: 400, code: 'USE_NEW_BONUS_CODE_ON_OWN_ACC' })
    expect((await check({ code: 'friend-of-me' })).status).toBe(200)
  })
})
