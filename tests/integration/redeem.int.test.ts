import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as overviewRoute } from '@/app/api/veilgate/account/overview/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { POST as redeemRoute } from '@/app/api/veilgate/sales/redeem-gift/route'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { addPeriod } from '@/services/catalog/pricing'
import { sandboxCardToken } from '../support/cards'
import { callRoute } from '../support/routes'

let payload: Payload
let run = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

const unique = (prefix: string) => `${prefix}-${Date.now()}-${++run}`

/** A signed-in customer; with `buy`, one who paid for the 1-month VPN plan by card. */
async function customer(buy: boolean) {
  const email = `${unique('redeem')}@example.com`
  if (buy) {
    const paid = await callRoute(purchaseRoute, {
      path: '/api/veilgate/purchase/url-with-email/',
      body: { email, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', country: 'DE', locale: 'en', cardToken: await sandboxCardToken() },
      headers: { 'idempotency-key': `redeem-${email}` },
    })
    expect(paid.body.status).toBe('paid')
  } else {
    await createPasswordlessCustomer(payload, { email, source: 'admin' })
  }
  const record = (await payload.find({ collection: 'customers', where: { email: { equals: email } }, overrideAccess: true })).docs[0]!
  return { customer: record, token: await createSession(payload, record.id, {}) }
}

const planId = async (purchaseId: string) => (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: purchaseId } }, limit: 1, depth: 0 })).docs[0]!.id
const addOnId = async (purchaseId: string) => (await payload.find({ collection: 'add-ons', where: { purchaseId: { equals: purchaseId } }, limit: 1, depth: 0 })).docs[0]!.id

async function giftCode(plan: string, extra: Record<string, unknown> = {}) {
  return payload.create({ collection: 'gift-codes', data: { plan: await planId(plan), origin: 'promotion', ...extra } as never, overrideAccess: true })
}
async function bonusCode(data: Record<string, unknown>) {
  return payload.create({ collection: 'bonus-codes', data: { code: unique('DAYS').toUpperCase(), active: true, ...data } as never, overrideAccess: true })
}

const redeem = (token: string | null, body: unknown) => callRoute(redeemRoute, { path: '/api/veilgate/sales/redeem-gift/', headers: token ? { 'x-auth-token': token } : {}, body })
const subscriptionsOf = async (customerId: number) =>
  (await payload.find({ collection: 'subscriptions', where: { customer: { equals: customerId } }, sort: 'createdAt', depth: 0, overrideAccess: true })).docs

describe('POST /api/veilgate/sales/redeem-gift/', () => {
  it('answers 401 EXPIRED_SESSION without the owner’s token, and 400 for a missing or unknown code', async () => {
    const gift = await giftCode('vpn-1y')
    expect(await redeem(null, { code: gift.code })).toMatchObject({ status: 401, body: { statusCode: 401, code: 'EXPIRED_SESSION' } })
    expect(await redeem('x'.repeat(43), { code: gift.code })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    const { token } = await customer(false)
    expect(await redeem(token, {})).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_BONUS_CODE', field: 'code' } })
    expect(await redeem(token, { code: 'NO-SUCH-CODE-123' })).toMatchObject({ status: 400, body: { code: 'INVALID_BONUS_CODE', message: 'The code is invalid! Please check it and try again.', field: 'code' } })
    expect(await redeem(token, { code: 42 })).toMatchObject({ status: 400, body: { code: 'INVALID_BONUS_CODE' } })
    // Nothing was used up by the refusals.
    const stored = await payload.findByID({ collection: 'gift-codes', id: gift.id, overrideAccess: true })
    expect(stored.redeemedAt ?? null).toBeNull()
  })

  it('gives a customer who owns nothing a new subscription of the gift’s plan and add-ons, once', async () => {
    const { customer: owner, token } = await customer(false)
    const gift = await giftCode('vpn-1y', { addOns: [await addOnId('slots-5-1y')] })
    const before = Date.now()
    const answer = await redeem(token, { code: ` ${gift.code!.toLowerCase()} ` })
    expect(answer.status).toBe(200)
    const [created, ...more] = await subscriptionsOf(owner.id)
    expect(more).toEqual([])
    expect(created).toMatchObject({ plan: 'vpn-1y', status: 'active', lifetime: false, autoRenew: false, provider: 'gift', giftCode: gift.id, order: null })
    expect(created!.addOns).toEqual([expect.objectContaining({ purchaseId: 'slots-5-1y', kind: 'device-slots' })])
    expect(answer.body).toEqual({ code: gift.code, added: { plan: 'vpn-1y', days: expect.any(Number) }, subscription: { id: created!.id, currentPeriodEnd: created!.currentPeriodEnd } })
    expect([365, 366]).toContain((answer.body.added as { days: number }).days)
    expect(new Date(created!.currentPeriodEnd).getTime()).toBeGreaterThanOrEqual(addPeriod(new Date(before), { type: 'year', count: 1 }).getTime())
    const stored = await payload.findByID({ collection: 'gift-codes', id: gift.id, depth: 0, overrideAccess: true })
    expect(stored).toMatchObject({ redeemedBy: owner.id, redeemedAt: expect.any(String) })
    // The overview shows it, with "gift" as the way it was paid.
    const overview = await callRoute(overviewRoute, { path: '/api/veilgate/account/overview/', headers: { 'x-auth-token': token }, query: { locale: 'en' } })
    expect(overview.body.subscriptions).toEqual([expect.objectContaining({ plan: { id: 'vpn-1y', title: '1 year' }, method: { kind: 'gift', brand: null, last4: null }, renewBlocked: 'method' })])
    expect(overview.body.slots).toMatchObject({ bought: 5 })
    // A second redemption, by anyone, is refused and changes nothing.
    expect(await redeem(token, { code: gift.code })).toMatchObject({ status: 400, body: { code: 'INVALID_BONUS_CODE', field: 'code' } })
    const other = await customer(false)
    expect(await redeem(other.token, { code: gift.code })).toMatchObject({ status: 400, body: { code: 'INVALID_BONUS_CODE' } })
    expect(await subscriptionsOf(other.customer.id)).toEqual([])
    expect(await subscriptionsOf(owner.id)).toHaveLength(1)
  })

  it('extends the current subscription of the same product by the gift’s period, renewal date included', async () => {
    const { customer: owner, token } = await customer(true)
    const [paid] = await subscriptionsOf(owner.id)
    expect(paid).toMatchObject({ plan: 'vpn-1m', autoRenew: true })
    const gift = await giftCode('vpn-3m')
    const answer = await redeem(token, { code: gift.code })
    expect(answer.status).toBe(200)
    const expected = addPeriod(new Date(paid!.currentPeriodEnd), { type: 'month', count: 3 }).toISOString()
    expect(answer.body).toMatchObject({ added: { plan: 'vpn-3m' }, subscription: { id: paid!.id, currentPeriodEnd: expected } })
    const after = await subscriptionsOf(owner.id)
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ id: paid!.id, plan: 'vpn-1m', currentPeriodEnd: expected, nextRenewal: { at: expected } })
    // A lifetime gift of another product is a subscription of its own.
    const lifetime = await giftCode('pass-lifetime')
    expect((await redeem(token, { code: lifetime.code })).status).toBe(200)
    expect((await subscriptionsOf(owner.id)).map((row) => [row.plan, row.lifetime])).toEqual([
      ['vpn-1m', false],
      ['pass-lifetime', true],
    ])
  })

  it('refuses a gift code past its date', async () => {
    const { token } = await customer(false)
    const gift = await giftCode('vpn-1m', { validTo: new Date(Date.now() - 60_000).toISOString() })
    expect(await redeem(token, { code: gift.code })).toMatchObject({ status: 400, body: { code: 'INVALID_BONUS_CODE' } })
  })

  it('adds an extra-days bonus code’s days once per customer, and only to a subscription', async () => {
    const bonus = await bonusCode({ effect: 'days', value: 14 })
    const nobody = await customer(false)
    expect(await redeem(nobody.token, { code: bonus.code })).toMatchObject({ status: 400, body: { code: 'BAD_NEW_BONUS_CODE', message: "Unfortunately, you can't apply this code to your account.", field: 'code' } })

    const { customer: owner, token } = await customer(true)
    const [paid] = await subscriptionsOf(owner.id)
    const answer = await redeem(token, { code: bonus.code.toLowerCase() })
    const expected = addPeriod(new Date(paid!.currentPeriodEnd), { type: 'day', count: 14 }).toISOString()
    expect(answer).toMatchObject({ status: 200, body: { code: bonus.code, added: { days: 14 }, subscription: { id: paid!.id, currentPeriodEnd: expected } } })
    expect((answer.body.added as Record<string, unknown>).plan).toBeUndefined()
    expect(await redeem(token, { code: bonus.code })).toMatchObject({ status: 400, body: { code: 'INVALID_BONUS_CODE' } })
    expect((await subscriptionsOf(owner.id))[0]!.currentPeriodEnd).toBe(expected)
    // The refused tries did not count; the one that worked did.
    expect((await payload.findByID({ collection: 'bonus-codes', id: bonus.id, overrideAccess: true })).redemptions).toBe(1)
  })

  it('gives discount codes, a customer’s own referral code and used-up codes their check-new-bonus-code answers', async () => {
    const { customer: owner, token } = await customer(true)
    const percent = await bonusCode({ effect: 'percent', value: 10 })
    expect(await redeem(token, { code: percent.code })).toMatchObject({ status: 400, body: { code: 'BAD_NEW_BONUS_CODE' } })
    const own = await bonusCode({ effect: 'days', value: 7, owner: owner.id })
    expect(await redeem(token, { code: own.code })).toMatchObject({ status: 400, body: { code: 'USE_NEW_BONUS_CODE_ON_OWN_ACC', message: "This promo code can't be used on your own account. Share it with a friend." } })
    const welcome = await bonusCode({ effect: 'days', value: 7, newCustomersOnly: true })
    expect(await redeem(token, { code: welcome.code })).toMatchObject({ status: 400, body: { code: 'BAD_NEW_BONUS_CODE' } })
    const usedUp = await bonusCode({ effect: 'days', value: 7, maxRedemptions: 1, redemptions: 1 })
    expect(await redeem(token, { code: usedUp.code })).toMatchObject({ status: 400, body: { code: 'INVALID_BONUS_CODE' } })
  })

  it('lets exactly one of many concurrent redemptions of a gift code win', async () => {
    const gift = await giftCode('vpn-1y')
    const racers = await Promise.all([customer(false), customer(false), customer(false), customer(false)])
    const answers = await Promise.all(racers.map((racer) => redeem(racer.token, { code: gift.code })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400])
    for (const answer of answers.filter((one) => one.status === 400)) expect(answer.body).toMatchObject({ code: 'INVALID_BONUS_CODE' })
    const made = await payload.find({ collection: 'subscriptions', where: { giftCode: { equals: gift.id } }, depth: 0, overrideAccess: true })
    expect(made.totalDocs).toBe(1)
    const winner = racers[answers.findIndex((answer) => answer.status === 200)]!
    expect(made.docs[0]!.customer).toBe(winner.customer.id)
    expect((await payload.findByID({ collection: 'gift-codes', id: gift.id, depth: 0, overrideAccess: true })).redeemedBy).toBe(winner.customer.id)
  })

  it('counts an extra-days code once when the same customer sends it several times at once, and never past its limit', async () => {
    const { customer: owner, token } = await customer(true)
    const [paid] = await subscriptionsOf(owner.id)
    const bonus = await bonusCode({ effect: 'days', value: 30 })
    const answers = await Promise.all([1, 2, 3].map(() => redeem(token, { code: bonus.code })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400])
    expect((await subscriptionsOf(owner.id))[0]!.currentPeriodEnd).toBe(addPeriod(new Date(paid!.currentPeriodEnd), { type: 'day', count: 30 }).toISOString())
    expect((await payload.findByID({ collection: 'bonus-codes', id: bonus.id, overrideAccess: true })).redemptions).toBe(1)

    const limited = await bonusCode({ effect: 'days', value: 5, maxRedemptions: 1 })
    const two = await Promise.all([customer(true), customer(true)])
    const limitedAnswers = await Promise.all(two.map((racer) => redeem(racer.token, { code: limited.code })))
    expect(limitedAnswers.map((answer) => answer.status).sort()).toEqual([200, 400])
    expect((await payload.findByID({ collection: 'bonus-codes', id: limited.id, overrideAccess: true })).redemptions).toBe(1)
  })
})

describe('the seeded demo customer', () => {
  it('owns a 1-year subscription from a redeemed gift code and two devices, and has no password anyone knows', async () => {
    const demo = (await payload.find({ collection: 'customers', where: { email: { equals: 'demo@veilgate.local' } }, overrideAccess: true })).docs[0]!
    expect(demo).toMatchObject({ hasPassword: false })
    const [subscription, ...more] = await subscriptionsOf(demo.id)
    expect(more).toEqual([])
    // A year that does not renew: other files here move the sandbox clock years ahead, and its scan ends it then.
    expect(subscription).toMatchObject({ plan: 'vpn-1y', provider: 'gift', autoRenew: false, addOns: [expect.objectContaining({ purchaseId: 'slots-5-1y' })] })
    expect(['active', 'expired']).toContain(subscription!.status)
    const days = (new Date(subscription!.currentPeriodEnd).getTime() - new Date(subscription!.currentPeriodStart).getTime()) / 86_400_000
    expect(days).toBeGreaterThanOrEqual(365)
    expect(days).toBeLessThanOrEqual(366)
    const devices = await payload.find({ collection: 'devices', where: { customer: { equals: demo.id } }, depth: 0, overrideAccess: true })
    expect(devices.docs.map((device) => device.platform).sort()).toEqual(['android', 'windows'])
    const redemption = await payload.find({ collection: 'code-redemptions', where: { customer: { equals: demo.id } }, depth: 0, overrideAccess: true })
    expect(redemption.docs).toEqual([expect.objectContaining({ kind: 'gift', plan: 'vpn-1y', subscription: subscription!.id })])
  })
})
