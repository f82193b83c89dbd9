// `purchase/redeem/`: a visitor signs up and redeems a gift code in one step; a refused code leaves no account.
import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as overviewRoute } from '@/app/api/veilgate/account/overview/route'
import { GET as redeemGet, POST as redeemRoute } from '@/app/api/veilgate/purchase/redeem/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { sandboxCardToken } from '../support/cards'
import { humanCheck } from '../support/human-check-route'
import { mailSentTo, mailTo } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
let run = 0
const PASSWORD = 'Gift-signup-2026!'

beforeAll(async () => {
  payload = await getPayload({ config })
})

const unique = (prefix: string) => `${prefix}-${Date.now()}-${++run}`
const newAddress = () => `${unique('gift-signup')}@example.com`
const planId = async (purchaseId: string) => (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: purchaseId } }, limit: 1, depth: 0 })).docs[0]!.id
const giftCode = async (plan: string) => payload.create({ collection: 'gift-codes', data: { plan: await planId(plan), origin: 'promotion' } as never, overrideAccess: true })
const bonusCode = (data: Record<string, unknown>) => payload.create({ collection: 'bonus-codes', data: { code: unique('SIGNUP').toUpperCase(), active: true, ...data } as never, overrideAccess: true })

async function signUp(username: string, code: unknown, extra: Record<string, unknown> = {}) {
  return callRoute(redeemRoute, { path: '/api/veilgate/purchase/redeem/', body: { code, username, password: PASSWORD, confirmPassword: PASSWORD, terms: true, locale: 'en', ...(await humanCheck()), ...extra } })
}
const accountOf = async (email: string) => (await payload.find({ collection: 'customers', where: { email: { equals: email } }, depth: 0, overrideAccess: true })).docs[0] ?? null
const giftOf = async (id: number) => payload.findByID({ collection: 'gift-codes', id, depth: 0, overrideAccess: true })

describe('POST /api/veilgate/purchase/redeem/', () => {
  it('makes the account and gives it the gift in one step: 201 with a session, the subscription, the confirmation e-mail', async () => {
    const gift = await giftCode('vpn-1y')
    const email = newAddress()
    const answer = await signUp(email.toUpperCase(), ` ${gift.code!.toLowerCase()} `, { locale: 'de', marketingConsent: true })
    expect(answer.status).toBe(201)
    const account = (await accountOf(email))!
    expect(account).toMatchObject({ state: 'notConfirmed', hasPassword: true, source: 'signup', locale: 'de', marketingConsent: true })
    const [subscription, ...more] = (await payload.find({ collection: 'subscriptions', where: { customer: { equals: account.id } }, depth: 0, overrideAccess: true })).docs
    expect(more).toEqual([])
    expect(subscription).toMatchObject({ plan: 'vpn-1y', status: 'active', provider: 'gift', giftCode: gift.id })
    expect(answer.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), code: gift.code, added: { plan: 'vpn-1y', days: expect.any(Number) }, subscription: { id: subscription!.id, currentPeriodEnd: subscription!.currentPeriodEnd } })
    expect(await giftOf(gift.id)).toMatchObject({ redeemedBy: account.id, redeemedAt: expect.any(String) })
    // Signed in: My account shows the gift.
    const overview = await callRoute(overviewRoute, { path: '/api/veilgate/account/overview/', headers: { 'x-auth-token': String(answer.body.token) } })
    expect(overview.status).toBe(200)
    expect(JSON.stringify(overview.body)).toContain('vpn-1y')
    expect(await mailTo(payload, email, 'confirm-address')).toHaveLength(1)
  })

  it('leaves no account for a refused code: unknown, used, extra days with nothing to extend, a discount', async () => {
    const used = await giftCode('vpn-1m')
    expect((await signUp(newAddress(), used.code)).status).toBe(201)
    const days = await bonusCode({ effect: 'days', value: 30 })
    const percent = await bonusCode({ effect: 'percent', value: 20 })
    const cases: [unknown, string][] = [
      ['NO-SUCH-GIFT-1', 'INVALID_BONUS_CODE'],
      [used.code, 'INVALID_BONUS_CODE'],
      [days.code, 'BAD_NEW_BONUS_CODE'],
      [percent.code, 'BAD_NEW_BONUS_CODE'],
      ['', 'INVALID_BONUS_CODE'],
      [undefined, 'INVALID_BONUS_CODE'],
      [42, 'INVALID_BONUS_CODE'],
      ['X'.repeat(65), 'INVALID_BONUS_CODE'],
    ]
    for (const [code, expected] of cases) {
      const email = newAddress()
      const answer = await signUp(email, code)
      expect(answer, String(code)).toMatchObject({ status: 400, body: { statusCode: 400, code: expected, field: 'code' } })
      expect(await accountOf(email), String(code)).toBeNull()
      expect(await mailSentTo(payload, email, 'confirm-address')).toEqual([])
    }
    const unknown = await signUp(newAddress(), 'NO-SUCH-GIFT-2', { locale: 'de' })
    expect(unknown.body.message).toBe('Der Code ist ungültig! Bitte überprüfen Sie ihn und versuchen Sie es erneut.')
    // The refusals used nothing up.
    expect((await payload.findByID({ collection: 'bonus-codes', id: days.id, overrideAccess: true })).redemptions ?? 0).toBe(0)
  })

  it('refuses an address that has an account (409 ALREADY_IN_USE) and keeps the gift for its owner', async () => {
    const email = newAddress()
    const paid = await callRoute(purchaseRoute, {
      path: '/api/veilgate/purchase/url-with-email/',
      body: { email, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', country: 'DE', locale: 'en', cardToken: await sandboxCardToken() },
      headers: { 'idempotency-key': `gift-signup-${email}` },
    })
    expect(paid.body.status).toBe('paid')
    const gift = await giftCode('vpn-1y')
    expect(await signUp(email, gift.code)).toMatchObject({ status: 409, body: { statusCode: 409, code: 'ALREADY_IN_USE', field: 'username' } })
    expect((await giftOf(gift.id)).redeemedAt ?? null).toBeNull()
  })

  it('gives one gift once when two visitors sign up with it at the same moment', async () => {
    const gift = await giftCode('vpn-6m')
    const [first, second] = [newAddress(), newAddress()]
    const answers = await Promise.all([signUp(first, gift.code), signUp(second, gift.code)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400])
    const winner = answers[0]!.status === 201 ? first : second
    const loser = winner === first ? second : first
    expect(await accountOf(winner)).not.toBeNull()
    expect(await accountOf(loser)).toBeNull()
    expect(answers.find((answer) => answer.status === 400)!.body).toMatchObject({ code: 'INVALID_BONUS_CODE', field: 'code' })
  })

  it('answers malformed input with 4xx, never 5xx: the sign-up rules, the human check, bodies, other methods', async () => {
    const gift = await giftCode('vpn-1m')
    const email = newAddress()
    expect((await signUp(email, gift.code, { password: 'short', confirmPassword: 'short' })).body).toMatchObject({ statusCode: 400, field: 'password' })
    expect((await signUp(email, gift.code, { terms: false })).body).toMatchObject({ statusCode: 400, code: 'TERMS_AGREE' })
    expect((await signUp('not-an-address', gift.code)).body).toMatchObject({ statusCode: 400, code: 'INVALID_EMAIL' })
    expect((await signUp(email, gift.code, { inrecaptcha: 'forged', version: 'altcha' })).body).toMatchObject({ statusCode: 400, code: 'NOT_VERIFIED_CAPTCHA' })
    for (const body of ['{', '[]', 'null', '"x"', JSON.stringify({ code: gift.code })]) {
      const answer = await callRoute(redeemRoute, { path: '/api/veilgate/purchase/redeem/', body })
      expect(answer.status, body).toBeGreaterThanOrEqual(400)
      expect(answer.status, body).toBeLessThan(500)
    }
    expect((await callRoute(redeemGet, { path: '/api/veilgate/purchase/redeem/' })).status).toBe(405)
    expect(await accountOf(email)).toBeNull()
    expect((await giftOf(gift.id)).redeemedAt ?? null).toBeNull()
  })
})
