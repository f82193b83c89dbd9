import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { seed } from '@/seed'
import { GET as pricingService } from '@/app/api/veilgate/sales/pricing-service/route'
import { POST as priceService } from '@/app/api/veilgate/sales/price-service/route'
import { GET as priceRoute } from '@/app/api/veilgate/sales/price/[id]/route'
import { GET as redeemCode } from '@/app/api/veilgate/sales/redeem-code/route'
import { GET as bonusRoute } from '@/app/api/veilgate/sales/bonus/route'
import { GET as comments } from '@/app/api/veilgate/sales/comments/route'
import { POST as register } from '@/app/api/veilgate/auth/register/route'
import { referralCodeOf } from '@/services/catalog/codes'
import { humanCheck } from '../support/human-check-route'
import { callRoute } from '../support/routes'

let payload: Payload

beforeAll(async () => {
  payload = await getPayload({ config })
})

type Offer = { service: string; tariffs: { id: string; billing: string; traffic: string | null; quantity: number; cost: number; info: { type: string; count: number } }[]; regions: { code: string; country: string; countryCode: string; city: string }[] }

describe('add-ons and server locations', () => {
  it('seeds every add-on of the spec once, and a second run changes nothing', async () => {
    const before = (await payload.count({ collection: 'add-ons' })).totalDocs
    await seed(payload)
    expect((await payload.count({ collection: 'add-ons' })).totalDocs).toBe(before)
    const ids = (await payload.find({ collection: 'add-ons', limit: 200, pagination: false, depth: 0 })).docs.map((a) => a.purchaseId)
    for (const id of ['slots-1-1m', 'slots-5-1m', 'slots-10-1m', 'slots-1-1y', 'slots-5-1y', 'slots-10-1y', 'slots-5-lifetime', 'server-unlimited-1m', 'server-unlimited-1y', 'server-1tb-1m', 'server-1tb-1y', 'server-2tb-1m', 'server-2tb-1y', 'server-3tb-1m', 'server-3tb-1y', 'server-512gb-lifetime', 'server-unlimited-lifetime', 'static-ip-1m', 'static-ip-1y']) {
      expect(ids, id).toContain(id)
    }
    const plans = (await payload.find({ collection: 'price-plans', where: { purchaseId: { in: ids } }, limit: 1 })).totalDocs
    expect(plans).toBe(0)
  })

  it('keeps a purchase id unique across plans and add-ons', async () => {
    await expect(payload.create({ collection: 'price-plans', data: { purchaseId: 'slots-5-1y', product: 'vpn', title: 'x', cost: 1, periodType: 'year', periodCount: 1 } })).rejects.toMatchObject({ data: { errors: [{ path: 'purchaseId', message: expect.stringMatching(/already used by an add-on/) }] } })
    await expect(payload.create({ collection: 'add-ons', data: { purchaseId: 'vpn-1y', kind: 'static-ip', billing: 'yearly', title: 'x', cost: 1 } })).rejects.toMatchObject({ data: { errors: [{ path: 'purchaseId', message: expect.stringMatching(/already used by a plan/) }] } })
    await expect(payload.create({ collection: 'add-ons', data: { purchaseId: 'server-x-1m', kind: 'personal-server', billing: 'monthly', title: 'x', cost: 1 } })).rejects.toThrow()
  })

  it('gives every location a unique lower-case code', async () => {
    const codes = (await payload.find({ collection: 'server-locations', limit: 500, pagination: false, depth: 0 })).docs.map((l) => l.code)
    expect(codes).toContain('de-frankfurt')
    expect(codes).toContain('br-sao-paulo')
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(code).toMatch(/^[a-z]{2}-[a-z0-9-]+$/)
    const made = await payload.create({ collection: 'server-locations', data: { countryCode: 'IS', city: 'Reykjavík', region: 'europe', servers: 3, latitude: 64.1, longitude: -21.9 } as never })
    expect(made.code).toBe('is-reykjavik')
    await expect(payload.create({ collection: 'server-locations', data: { code: 'de-frankfurt', countryCode: 'DE', city: 'Frankfurt', region: 'europe', servers: 1, latitude: 0, longitude: 0 } })).rejects.toThrow()
  })
})

describe('price-service/ and pricing-service/', () => {
  const service = (body: unknown) => callRoute(priceService, { body })
  const pricing = (query: Record<string, string> = {}) => callRoute(pricingService, { path: '/api/veilgate/sales/pricing-service/', query })

  it('lists server tariffs and every location for VPNSERVER, in the asked language', async () => {
    const answer = await service({ service: 'VPNSERVER', locale: 'de' })
    expect(answer.status).toBe(200)
    const offer = answer.body as unknown as Offer
    expect(offer.service).toBe('VPNSERVER')
    expect(offer.tariffs.find((t) => t.id === 'server-unlimited-1m')).toMatchObject({ traffic: 'unlimited', billing: 'monthly', quantity: 1, cost: 2999, info: { type: 'month', count: 1 } })
    expect(offer.tariffs.find((t) => t.id === 'server-512gb-lifetime')).toMatchObject({ billing: 'lifetime', info: { type: 'year', count: 100 } })
    expect(offer.tariffs.every((t) => t.id.startsWith('server-'))).toBe(true)
    expect(offer.regions).toContainEqual({ code: 'de-frankfurt', country: 'Deutschland', countryCode: 'DE', city: 'Frankfurt' })
    expect(offer.regions.some((r) => r.code === 'br-sao-paulo')).toBe(true)
  })

  it('offers static IPs only where a location has them, and slots without a region', async () => {
    const ip = (await service({ service: 'STATICIP' })).body as unknown as Offer
    expect(ip.tariffs.map((t) => t.id).sort()).toEqual(['static-ip-1m', 'static-ip-1y'])
    expect(ip.regions.some((r) => r.code === 'de-frankfurt')).toBe(true)
    expect(ip.regions.some((r) => r.code === 'br-sao-paulo')).toBe(false)
    const slots = (await service({ service: 'SLOTS' })).body as unknown as Offer
    expect(slots.regions).toEqual([])
    expect(slots.tariffs.find((t) => t.id === 'slots-10-1y')).toMatchObject({ quantity: 10, billing: 'yearly' })
  })

  it('answers unknown services and broken bodies with 400 INVALID_INPUT', async () => {
    for (const body of [{}, { service: 'vpnserver' }, { service: 5 }, '{nope', '[]', 'null']) {
      const answer = await service(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe('INVALID_INPUT')
    }
  })

  it('answers all three services, and only the add-ons that go with a plan', async () => {
    const all = (await pricing()).body as { plan: null; services: Offer[] }
    expect(all.services.map((s) => s.service)).toEqual(['VPNSERVER', 'STATICIP', 'SLOTS'])
    const billings = async (plan: string) => new Set(((await pricing({ plan, ts: '1' })).body as { services: Offer[] }).services.flatMap((s) => s.tariffs.map((t) => t.billing)))
    expect(await billings('vpn-1m')).toEqual(new Set(['monthly']))
    expect(await billings('vpn-6m')).toEqual(new Set(['monthly']))
    expect(await billings('vpn-1y')).toEqual(new Set(['yearly']))
    expect(await billings('vpn-3y')).toEqual(new Set(['yearly', 'monthly']))
    expect(await billings('vpn-lifetime')).toEqual(new Set(['lifetime']))
    expect(await billings('vpn-7d')).toEqual(new Set())
    expect(await pricing({ plan: 'no-such-plan', locale: 'de' })).toMatchObject({ status: 404, body: { code: 'PLAN_NOT_FOUND' } })
    expect((await pricing({ plan: 'bad plan!' })).status).toBe(400)
  })

  it('answers an add-on on price/{id} with its billing', async () => {
    const answer = await callRoute((request) => priceRoute(request, { params: Promise.resolve({ id: 'static-ip-1y' }) }), { path: '/api/veilgate/sales/price/static-ip-1y' })
    expect(answer).toMatchObject({ status: 200, body: { id: 'static-ip-1y', kind: 'static-ip', billing: 'yearly', info: { type: 'year', count: 1 }, renewalCost: 5988 } })
  })
})

describe('redeem-code/, bonus/ and comments/', () => {
  const redeem = (query: Record<string, string>, headers: Record<string, string> = {}) => callRoute(redeemCode, { path: '/api/veilgate/sales/redeem-code/', query, headers })

  it('tells what a gift code gives without redeeming it, and refuses used or expired ones', async () => {
    const plan = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: 'vpn-1y' } }, limit: 1 })).docs[0]!
    const slots = (await payload.find({ collection: 'add-ons', where: { purchaseId: { equals: 'slots-5-1y' } }, limit: 1 })).docs[0]!
    const gift = await payload.create({ collection: 'gift-codes', data: { plan: plan.id, addOns: [slots.id] }, overrideAccess: true })
    expect(gift.code).toMatch(/^[A-Z2-9]{16}$/)
    const answer = await redeem({ code: gift.code!.toLowerCase() })
    expect(answer).toMatchObject({ status: 200, body: { code: gift.code, type: 'gift', plan: 'vpn-1y', addOns: ['slots-5-1y'], planTitle: '1 year', addOnTitles: [slots.title] } })
    expect((await payload.findByID({ collection: 'gift-codes', id: gift.id, overrideAccess: true })).redeemedAt ?? null).toBeNull()
    const expired = await payload.create({ collection: 'gift-codes', data: { plan: plan.id, validTo: '2020-01-01T00:00:00.000Z' }, overrideAccess: true })
    expect((await redeem({ code: expired.code! })).body.code).toBe('INVALID_BONUS_CODE')
    const used = await payload.create({ collection: 'gift-codes', data: { plan: plan.id, redeemedAt: '2026-01-01T00:00:00.000Z' }, overrideAccess: true })
    expect((await redeem({ code: used.code! })).body.code).toBe('INVALID_BONUS_CODE')
  })

  it('tells what a bonus code gives, and answers made-up or missing codes with 400 in the asked language', async () => {
    expect(await redeem({ code: ' welcome10 ' })).toMatchObject({ status: 200, body: { code: 'WELCOME10', type: 'bonus', effect: { type: 'percent', value: 10 }, plans: [], newCustomersOnly: true } })
    expect(await redeem({ code: 'MADE-UP', locale: 'de' })).toMatchObject({ status: 400, body: { code: 'INVALID_BONUS_CODE', message: 'Der Code ist ungültig! Bitte überprüfen Sie ihn und versuchen Sie es erneut.' } })
    expect((await redeem({})).body.code).toBe('INVALID_BONUS_CODE')
    expect((await redeem({ code: 'x'.repeat(65) })).status).toBe(400)
  })

  it('makes one referral code per customer on the first call and answers 401 without a session', async () => {
    const anonymous = await callRoute(bonusRoute, { path: '/api/veilgate/sales/bonus/' })
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    expect((await callRoute(bonusRoute, { path: '/api/veilgate/sales/bonus/', headers: { 'x-auth-token': 'not-a-token' } })).status).toBe(401)
    const password = 'referral-Friend-pass-2'
    const created = await callRoute(register, { body: { username: 'bonus-owner@example.com', password, confirmPassword: password, terms: true, ...(await humanCheck()) } })
    const headers = { 'x-auth-token': String(created.body.token) }
    const [first, second] = await Promise.all([callRoute(bonusRoute, { path: '/api/veilgate/sales/bonus/', headers }), callRoute(bonusRoute, { path: '/api/veilgate/sales/bonus/', headers })])
    expect(first).toMatchObject({ status: 200, body: { effect: { type: 'percent', value: 10 }, redemptions: 0 } })
    expect(first.body.code).toMatch(/^VG-[A-Z2-9]{8}$/)
    expect(second.body.code).toBe(first.body.code)
    const owner = (await payload.find({ collection: 'customers', where: { email: { equals: 'bonus-owner@example.com' } }, overrideAccess: true })).docs[0]!
    expect((await payload.count({ collection: 'bonus-codes', where: { owner: { equals: owner.id } }, overrideAccess: true })).totalDocs).toBe(1)
    expect(first.body.code).toBe(referralCodeOf(payload.secret, owner.id))
    expect((await redeem({ code: String(first.body.code) }, headers)).body.code).toBe('USE_NEW_BONUS_CODE_ON_OWN_ACC')
    expect((await redeem({ code: String(first.body.code) })).status).toBe(200)
  })

  it('lists published reviews in the request’s language, newest first', async () => {
    const list = async (query: Record<string, string>) => callRoute(comments, { path: '/api/veilgate/sales/comments/', query })
    const english = (await list({})).body as unknown as { author: string; text: string; rating: number; date: string }[]
    expect(english).toHaveLength(5)
    expect(Object.keys(english[0]!).sort()).toEqual(['author', 'date', 'rating', 'text'])
    expect([...english].sort((a, b) => b.date.localeCompare(a.date))).toEqual(english)
    const german = (await list({ locale: 'de' })).body as unknown as typeof english
    expect(german[0]!.author).toBe(english[0]!.author)
    expect(german[0]!.text).not.toBe(english[0]!.text)
    expect((await list({ limit: '2' })).body).toHaveLength(2)
    for (const limit of ['0', '51', 'abc', '1.5']) expect((await list({ limit })).status, limit).toBe(400)
    const hidden = await payload.create({ collection: 'reviews', data: { author: 'Hidden', text: 'Not shown', rating: 1, date: '2030-01-01T00:00:00.000Z', published: false } })
    expect(((await list({})).body as unknown as typeof english).some((r) => r.author === 'Hidden')).toBe(false)
    await payload.delete({ collection: 'reviews', id: hidden.id })
  })
})

describe('access to codes', () => {
  it('lets only admins read or write bonus and gift codes', async () => {
    for (const collection of ['bonus-codes', 'gift-codes'] as const) {
      await expect(payload.find({ collection, overrideAccess: false })).rejects.toThrow()
      const customer = (await payload.find({ collection: 'customers', limit: 1, overrideAccess: true })).docs[0]!
      await expect(payload.find({ collection, overrideAccess: false, user: { ...customer, collection: 'customers' } as never })).rejects.toThrow()
    }
    expect((await payload.find({ collection: 'add-ons', overrideAccess: false, limit: 1 })).docs).toHaveLength(1)
  })
})

describe('odd input on every sales route', () => {
  it('answers broken bodies and odd queries with a 4xx catalogue error, never a 5xx', async () => {
    const { POST: priceList } = await import('@/app/api/veilgate/sales/price-list/route')
    const { POST: checkCode } = await import('@/app/api/veilgate/sales/check-new-bonus-code/route')
    const posts = [priceList, checkCode, priceService]
    const bodies: unknown[] = ['', '{', 'null', '"text"', '[1,2]', '{"list":{"a":1}}', '{"service":"VPN SERVER"}', { code: ['x'] }, { list: ['\u0000'] }, { service: 'x'.repeat(5000) }]
    for (const route of posts) {
      for (const body of bodies) {
        const answer = await callRoute(route, { body })
        expect(answer.status, `${route.name} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400)
        expect(answer.status).toBeLessThan(500)
        expect(answer.body).toMatchObject({ statusCode: answer.status, code: expect.any(String), message: expect.any(String) })
      }
    }
    const gets: [typeof comments, string][] = [
      [comments, '/api/veilgate/sales/comments/'],
      [pricingService, '/api/veilgate/sales/pricing-service/'],
      [redeemCode, '/api/veilgate/sales/redeem-code/'],
      [bonusRoute, '/api/veilgate/sales/bonus/'],
    ]
    const queries: Record<string, string>[] = [{ ts: 'x'.repeat(100) }, { limit: '-1' }, { plan: '../../etc' }, { code: '\u0000' }, { locale: 'x'.repeat(50) }]
    for (const [route, path] of gets) {
      for (const query of queries) {
        const answer = await callRoute(route, { path, query })
        expect(answer.status, `${path} ${JSON.stringify(query)}`).toBeLessThan(500)
      }
    }
    for (const id of ['..', '%', 'a'.repeat(200), ' ']) {
      const answer = await callRoute((request) => priceRoute(request, { params: Promise.resolve({ id }) }), { path: '/api/veilgate/sales/price/x' })
      expect(answer.status, id).toBeGreaterThanOrEqual(400)
      expect(answer.status, id).toBeLessThan(500)
    }
  })
})
