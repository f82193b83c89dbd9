import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import config from '@payload-config'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { POST as secureRoute } from '@/app/api/payments/sandbox/3ds/[attempt]/route'
import { GET as costRoute } from '@/app/api/veilgate/purchase/cost/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { POST as webhookRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { GET as detailRoute } from '@/app/api/veilgate/purchase-detail-by-hash/route'
import { GET as successRoute } from '@/app/api/veilgate/purchase/success-info/route'
import { GET as transactionRoute } from '@/app/api/veilgate/purchase/transaction-id/route'
import { POST as statusRoute } from '@/app/api/veilgate/sales/check-payment-status/route'
import Stripe from 'stripe'
import { POST as checkCode } from '@/app/api/veilgate/sales/check-new-bonus-code/route'
import { POST as register } from '@/app/api/veilgate/auth/register/route'
import { resetEnv } from '@/lib/env'
import { query } from '@/services/db'
import { providerById } from '@/services/payments/registry'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe'
import { humanCheck } from '../support/human-check-route'
import { callRoute } from '../support/routes'
import { logger } from '@/lib/log'

let payload: Payload
let keyCounter = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

async function tokenFor(number: string) {
  const answer = await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: number.startsWith('37') ? '1234' : '123' } })
  expect(answer.status, number).toBe(200)
  return String(answer.body.token)
}

let buyers = 0
/** A purchase body; each has its own address (an address with a paid order is taken). */
const order = (overrides: Record<string, unknown> = {}) => ({
  email: `buyer-${++buyers}@example.com`,
  receiveMarketingEmails: true,
  plan: 'vpn-1y',
  paymentMethod: 'card',
  country: 'DE',
  locale: 'en',
  ...overrides,
})

const buy = (body: unknown, key: string | null = `key-${++keyCounter}`, headers: Record<string, string> = {}) =>
  callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { ...(key ? { 'idempotency-key': key } : {}), ...headers } })

describe('the sandbox card processor', () => {
  it('refuses bad card input with Stripe’s codes and the catalogue’s texts', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number: '4242424242424241' }, 'INCORRECT_NUMBER', 'Your card number is incorrect.'],
      [{ expMonth: 13 }, 'INVALID_EXPIRY_MONTH', "Your card's expiration month is invalid."],
      [{ expYear: 2020 }, 'INVALID_EXPIRY_YEAR', "Your card's expiration year is invalid."],
      [{ cvc: '12' }, 'INVALID_CVC', "Your card's security code is invalid."],
    ]
    for (const [change, code, message] of cases) {
      const answer = await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', ...change } })
      expect(answer).toMatchObject({ status: 400, body: { statusCode: 400, code, message } })
    }
    for (const body of ['{', '[]', {}, { number: 4242 }]) expect((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body })).status).toBe(400)
  })
})

describe('url-with-email/: every test card', () => {
  const rows: [string, number, string, string | null][] = [
    ['4242424242424242', 200, 'paid', null],
    ['5555555555554444', 200, 'paid', null],
    ['378282246310005', 200, 'paid', null],
    ['4000000000000341', 200, 'paid', null],
    ['4000000000000002', 402, 'CARD_DECLINED', 'Your card was declined.'],
    ['4000000000006975', 402, 'CARD_DECLINED', 'Your card was declined.'],
    ['4000000000009995', 402, 'INSUFFICIENT_FUNDS', 'Your card has insufficient funds.'],
    ['4000000000009987', 402, 'LOST_CARD', 'Your card has been reported lost.'],
    ['4000000000009979', 402, 'STOLEN_CARD', 'Your card has been reported stolen.'],
    ['4000000000000069', 402, 'EXPIRED_CARD', 'Your card has expired.'],
    ['4000000000000127', 402, 'INCORRECT_CVC', "Your card's security code is incorrect."],
    ['4000000000000119', 402, 'PROCESSING_ERROR', 'An error occurred while processing your card. Try again in a little bit.'],
    ['4000000000000036', 402, 'INCORRECT_ZIP', 'The zip code you supplied failed validation.'],
    ['4000002500003155', 200, 'requires_action', null],
    ['4000002760003184', 200, 'requires_action', null],
    ['4000000000003220', 200, 'requires_action', null],
    ['4000008400001629', 200, 'requires_action', null],
    ['4000008260003178', 200, 'requires_action', null],
  ]
  for (const [number, status, outcome, message] of rows) {
    it(`${number} → ${status} ${outcome}`, async () => {
      const answer = await buy(order({ cardToken: await tokenFor(number) }))
      expect(answer.status).toBe(status)
      const hash = String(answer.body.hash)
      expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/)
      const stored = (await payload.find({ collection: 'orders', where: { publicHash: { equals: hash } }, depth: 0, overrideAccess: true })).docs[0]!
      if (status === 200) {
        expect(answer.body.status).toBe(outcome)
        expect(stored.status).toBe(outcome)
        if (outcome === 'paid') expect(answer.body.url).toBe(`/payment-success?hash=${hash}`)
        else expect(answer.body.url).toMatch(/^\/sandbox\/3ds\//)
      } else {
        expect(answer.body).toMatchObject({ statusCode: 402, code: outcome, message, hash, retryable: !['LOST_CARD', 'STOLEN_CARD'].includes(outcome) })
        expect(stored).toMatchObject({ status: 'failed', failure: { code: outcome } })
      }
      const attempts = (await payload.find({ collection: 'payment-attempts', where: { order: { equals: stored.id } }, depth: 0, overrideAccess: true })).docs
      expect(attempts).toHaveLength(1)
      expect(attempts[0]).toMatchObject({ number: 1, provider: 'sandbox', brand: expect.any(String), last4: number.slice(-4) })
    })
  }

  it('prices vpn-1y with 5 slots and a static IP on the server, and says the decline in German and Arabic', async () => {
    const paid = await buy(order({ slots: 5, ipRegion: 'de-frankfurt', cardToken: await tokenFor('4242424242424242'), total: 1 }))
    expect(paid.status).toBe(200)
    const stored = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(paid.body.hash) } }, overrideAccess: true })).docs[0]!
    expect(stored).toMatchObject({ total: 7188 + 2999 + 5988, plan: 'vpn-1y', country: 'DE', status: 'paid', version: 2, autoRenew: true })
    expect(stored.lines?.map((line) => [line.purchaseId, line.amount, line.region ?? null])).toEqual([
      ['vpn-1y', 7188, null],
      ['slots-5-1y', 2999, null],
      ['static-ip-1y', 5988, 'de-frankfurt'],
    ])
    const de = await buy(order({ locale: 'de', cardToken: await tokenFor('4000000000000002') }))
    expect(de.body.message).toBe('Ihre Karte wurde abgelehnt.')
    const ar = await buy(order({ locale: 'ar', cardToken: await tokenFor('4000000000009995') }))
    expect(ar.body.message).toBe('رصيد بطاقتك غير كافٍ.')
  })
})

describe('url-with-email/: keys, input and availability', () => {
  it('answers the first response again for the same key and body, and 409 for another body', async () => {
    const body = order({ cardToken: await tokenFor('4242424242424242') })
    const [first, second] = await Promise.all([buy(body, 'twin-key'), buy(body, 'twin-key')])
    expect(second).toEqual(first)
    expect((await buy(body, 'twin-key')).body).toEqual(first.body)
    const orders = await payload.count({ collection: 'orders', where: { publicHash: { equals: String(first.body.hash) } }, overrideAccess: true })
    expect(orders.totalDocs).toBe(1)
    expect((await buy({ ...body, plan: 'vpn-1m' }, 'twin-key')).body).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED' })
  })

  it('requires the key, refuses malformed input and foreign tokens, never a 5xx', async () => {
    expect((await buy(order({ cardToken: 'x' }), null)).body).toMatchObject({ statusCode: 400, code: 'REQUIRED' })
    expect((await buy(order({ cardToken: 'x' }), 'k'.repeat(256))).body).toMatchObject({ statusCode: 400, code: 'REQUIRED' })
    const token = await tokenFor('4242424242424242')
    for (const body of ['{', '[]', 'null', order({ cardToken: token, email: 'nope' }), order({ cardToken: token, country: 'Germany' }), order({ cardToken: token, slots: 3 }), order({ cardToken: token, paymentMethod: 'bitcoin' }), order({ cardToken: token, locale: 'xx' }), order({ cardToken: 'tok_sandbox_forged.sig' }), order({ cardToken: token, region: 'de-frankfurt' }), order({ cardToken: token, server: 'unlimited', region: 'xx-nowhere' }), order({ cardToken: token, plan: 'vpn-lifetime', slots: 1 })]) {
      const answer = await buy(body)
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500)
    }
    expect((await buy(order({ cardToken: token, plan: 'no-such-plan' }))).body).toMatchObject({ statusCode: 404, code: 'PLAN_NOT_FOUND' })
    expect((await buy(order({ cardToken: token, bonusCode: 'MADE-UP' }))).body).toMatchObject({ statusCode: 400, code: 'INVALID_BONUS_CODE' })
    // A token already used by one order is refused for another.
    expect((await buy(order({ cardToken: token }))).status).toBe(200)
    expect((await buy(order({ cardToken: token }))).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'cardToken' })
  })

  it('never stores the card number', async () => {
    await buy(order({ cardToken: await tokenFor('5555555555554444') }))
    const rows = await payload.db.drizzle.execute(`select string_agg(t::text, '') as dump from (select * from orders) t`)
    const attempts = await payload.db.drizzle.execute(`select string_agg(t::text, '') as dump from (select * from payment_attempts) t`)
    const keys = await payload.db.drizzle.execute(`select string_agg(t::text, '') as dump from (select * from idempotency_keys) t`)
    for (const result of [rows, attempts, keys]) expect(JSON.stringify(result)).not.toMatch(/5555555555554444|4242424242424242/)
  })

  it('answers 503 in production on a public SITE_URL, unless PAYMENTS_SANDBOX=on', async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, SITE_URL: process.env.SITE_URL, PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX }
    const set = (values: Record<string, string | undefined>) => {
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) delete (process.env as Record<string, string | undefined>)[key]
        else (process.env as Record<string, string>)[key] = value
      }
      resetEnv()
    }
    try {
      set({ NODE_ENV: 'production', SITE_URL: 'https://www.veilgate.com', PAYMENTS_SANDBOX: undefined })
      expect((await buy(order({ cardToken: 'x' }))).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
      expect((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' } })).status).toBe(503)
      set({ PAYMENTS_SANDBOX: 'on' })
      expect((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' } })).status).toBe(200)
    } finally {
      set(saved)
    }
  })
})

describe('retry, url/, cost/ and new customers', () => {
  it('retries a declined order on the same hash with a new key, once, and refuses what cannot be retried', async () => {
    const declined = await buy(order({ email: 'purchase-retry@example.com', cardToken: await tokenFor('4000000000000002') }))
    expect(declined.status).toBe(402)
    const hash = String(declined.body.hash)
    const retryToken = await tokenFor('4242424242424242')
    // The same retry sent twice at once: one charges. The other either lost the compare-and-set
    // (409) or came after the first had moved the order, and is the same request again: it is
    // told the first one's answer (200, the same attempt asked under its key, nothing charged twice).
    const [a, b] = await Promise.all([buy({ hash, cardToken: retryToken }), buy({ hash, cardToken: retryToken })])
    expect([a.status, b.status]).toContain(200)
    for (const answer of [a, b]) {
      expect([200, 409]).toContain(answer.status)
      if (answer.status === 200) expect(answer.body).toMatchObject({ hash, status: 'paid' })
      else expect(answer.body).toMatchObject({ code: 'ORDER_NOT_RETRYABLE' })
    }
    const stored = (await payload.find({ collection: 'orders', where: { publicHash: { equals: hash } }, overrideAccess: true })).docs[0]!
    expect(stored.status).toBe('paid')
    expect((await payload.count({ collection: 'payment-attempts', where: { order: { equals: stored.id } }, overrideAccess: true })).totalDocs).toBe(2)
    expect((await buy({ hash, cardToken: await tokenFor('4242424242424242') })).body).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_RETRYABLE' })
    const lost = await buy(order({ cardToken: await tokenFor('4000000000009987') }))
    expect((await buy({ hash: lost.body.hash, cardToken: await tokenFor('4242424242424242') })).body).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_RETRYABLE' })
    expect((await buy({ hash: 'A'.repeat(22), cardToken: retryToken })).body).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' })
    expect((await buy({ hash: 5, cardToken: retryToken })).status).toBe(400)
  })

  it('answers 409 to the retry that loses the race to write the same attempt, and charges nothing for it', async () => {
    // The first retry moved the failed order to processing and is about to write attempt 2; the
    // second (the same retry sent again) found it processing with attempt 1 failed. The attempt's
    // reference is stored first here, under another order, so the second's write collides.
    const declined = await buy(order({ email: 'purchase-retry-race@example.com', cardToken: await tokenFor('4000000000000002') }))
    expect(declined.status).toBe(402)
    const hash = String(declined.body.hash)
    const stored = (await payload.find({ collection: 'orders', where: { publicHash: { equals: hash } }, overrideAccess: true })).docs[0]!
    await payload.update({ collection: 'orders', id: stored.id, data: { status: 'processing' }, overrideAccess: true })
    const other = await buy(order({ cardToken: await tokenFor('4242424242424242') }))
    const otherOrder = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(other.body.hash) } }, overrideAccess: true })).docs[0]!
    await payload.create({
      collection: 'payment-attempts',
      overrideAccess: true,
      data: { order: otherOrder.id, number: 9, provider: 'sandbox', providerRef: `sandbox:pending_order:${stored.id}:attempt:2`, kind: 'charge', status: 'processing', amount: 1 },
    })
    const lost = await buy({ hash, cardToken: await tokenFor('4242424242424242') })
    expect(lost.body).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_RETRYABLE' })
    const attempts = await payload.find({ collection: 'payment-attempts', where: { order: { equals: stored.id } }, overrideAccess: true })
    expect(attempts.docs.map((attempt) => [attempt.number, attempt.status])).toEqual([[1, 'failed']])
  })

  it('tells where an order goes next', async () => {
    const paid = await buy(order({ cardToken: await tokenFor('4242424242424242') }))
    const url = (hash: string) => callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash } })
    expect((await url(String(paid.body.hash))).body).toEqual({ hash: paid.body.hash, status: 'paid', url: `/payment-success?hash=${paid.body.hash}` })
    const secure = await buy(order({ cardToken: await tokenFor('4000002760003184') }))
    expect((await url(String(secure.body.hash))).body).toMatchObject({ status: 'requires_action', url: secure.body.url })
    const declined = await buy(order({ cardToken: await tokenFor('4000000000000002') }))
    expect((await url(String(declined.body.hash))).body).toMatchObject({
      status: 'failed',
      url: `/order/checkout?hash=${declined.body.hash}`,
      failure: { code: 'CARD_DECLINED', message: 'Your card was declined.', retryable: true },
    })
    // The failure in the language asked for (checkout's), else the order's.
    const german = await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: String(declined.body.hash), locale: 'de' } })
    expect(german.body).toMatchObject({ failure: { code: 'CARD_DECLINED', message: 'Ihre Karte wurde abgelehnt.' } })
    expect((await url('B'.repeat(22))).body).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' })
    expect((await url('x')).status).toBe(404)
  })

  it('quotes what the order would charge', async () => {
    const cost = (query: Record<string, string>) => callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query })
    expect((await cost({ plan: 'vpn-1y', slots: '5', ipRegion: 'de-frankfurt' })).body).toMatchObject({ plan: 'vpn-1y', addOns: [{ id: 'slots-5-1y' }, { id: 'static-ip-1y', region: 'de-frankfurt' }], quote: { total: 7188 + 2999 + 5988 } })
    expect((await cost({ plan: 'vpn-1y', bonus: 'WELCOME10' })).body).toMatchObject({ bonusCode: 'WELCOME10', quote: { discount: 719 } })
    for (const query of [{}, { plan: 'vpn-1y', slots: '3' }, { plan: 'vpn-1y', method: 'cash' }, { plan: 'vpn-1y', server: 'unlimited' }, { plan: 'vpn-1y', ipRegion: 'br-sao-paulo' }] as Record<string, string>[]) {
      const answer = await cost(query)
      expect(answer.status, JSON.stringify(query)).toBeGreaterThanOrEqual(400)
      expect(answer.status, JSON.stringify(query)).toBeLessThan(500)
    }
    expect((await cost({ plan: 'vpn-trial-7d', method: 'bitcoin' })).status).toBe(400)
  })

  it('counts a buyer with a paid order as not new for WELCOME10 and referral codes', async () => {
    const password = 'paid-Customer-pass-3'
    const created = await callRoute(register, { body: { username: 'repeat@example.com', password, confirmPassword: password, terms: true, ...(await humanCheck()) } })
    const headers = { 'x-auth-token': String(created.body.token) }
    expect((await callRoute(checkCode, { body: { code: 'WELCOME10', plan: 'vpn-1y' }, headers })).status).toBe(200)
    // Signed in: the address belongs to this customer (without the token it is taken: 409).
    expect((await buy(order({ email: 'repeat@example.com', bonusCode: 'WELCOME10', cardToken: await tokenFor('4242424242424242') }))).body).toMatchObject({ statusCode: 409, code: 'ALREADY_IN_USE' })
    expect((await buy(order({ email: 'repeat@example.com', bonusCode: 'WELCOME10', cardToken: await tokenFor('4242424242424242') }), undefined, headers)).status).toBe(200)
    expect((await callRoute(checkCode, { body: { code: 'WELCOME10', plan: 'vpn-1y' }, headers })).body).toMatchObject({
      statusCode: 400,
      code: 'BAD_NEW_BONUS_CODE',
      message: "Unfortunately, you can't apply this code to your account.",
    })
    expect((await buy(order({ email: 'Repeat@Example.com', bonusCode: 'welcome10', cardToken: await tokenFor('4242424242424242') }))).body).toMatchObject({ statusCode: 400, code: 'BAD_NEW_BONUS_CODE' })
  })
})

describe('a referral code at purchase', () => {
  it('is refused on its owner’s own purchase and taken on a friend’s', async () => {
    const password = 'referral-Owner-pass-5'
    const owner = await callRoute(register, { body: { username: `owner-${++buyers}@example.com`, password, confirmPassword: password, terms: true, ...(await humanCheck()) } })
    const ownerInfo = (await payload.find({ collection: 'customers', where: { email: { equals: `owner-${buyers}@example.com` } }, overrideAccess: true })).docs[0]!
    const code = `VG-OWN${buyers}X`
    await payload.create({ collection: 'bonus-codes', data: { code, effect: 'percent', value: 10, active: true, newCustomersOnly: true, owner: ownerInfo.id } as never, overrideAccess: true })
    const own = await buy(order({ email: ownerInfo.email, bonusCode: code, cardToken: await tokenFor('4242424242424242') }), undefined, { 'x-auth-token': String(owner.body.token) })
    expect(own.body).toMatchObject({ statusCode: 400, code: 'USE_NEW_BONUS_CODE_ON_OWN_ACC', field: 'bonusCode' })
    const friend = await buy(order({ bonusCode: code, cardToken: await tokenFor('4242424242424242') }))
    expect(friend.body).toMatchObject({ status: 'paid' })
  })
})

describe('3-D Secure in the sandbox', () => {
  const answer = (url: string, outcome: string) => {
    const ref = url.split('/').pop()!
    return callRoute((request) => secureRoute(request, { params: Promise.resolve({ attempt: ref }) }), { path: `/api/payments/sandbox/3ds/${ref}`, body: { outcome } })
  }
  const status = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, overrideAccess: true })).docs[0]!

  it('fails, is retried on the same hash, completes and is paid: one order', async () => {
    const first = await buy(order({ cardToken: await tokenFor('4000002760003184') }))
    expect(first.body.status).toBe('requires_action')
    expect((await answer(String(first.body.url), 'fail')).body).toEqual({ url: `/order/checkout?hash=${first.body.hash}` })
    expect(await status(first.body.hash)).toMatchObject({ status: 'failed', failure: { code: 'AUTHENTICATION_FAILURE', retryable: true } })
    const again = await buy({ hash: first.body.hash, cardToken: await tokenFor('4000002760003184') })
    expect(again.body).toMatchObject({ hash: first.body.hash, status: 'requires_action' })
    expect((await answer(String(again.body.url), 'complete')).body).toEqual({ url: `/payment-success?hash=${first.body.hash}` })
    expect((await status(first.body.hash)).status).toBe('paid')
    // Answering again changes nothing.
    expect((await answer(String(again.body.url), 'fail')).body).toEqual({ url: `/payment-success?hash=${first.body.hash}` })
    expect((await status(first.body.hash)).status).toBe('paid')
  })

  it('declines …1629 and …3178 after authentication, and succeeds for …3155 and …3220', async () => {
    for (const [number, code] of [['4000008400001629', 'CARD_DECLINED'], ['4000008260003178', 'INSUFFICIENT_FUNDS'], ['4000002500003155', null], ['4000000000003220', null]] as const) {
      const started = await buy(order({ cardToken: await tokenFor(number) }))
      await answer(String(started.body.url), 'complete')
      const stored = await status(started.body.hash)
      if (code) expect(stored, number).toMatchObject({ status: 'failed', failure: { code, retryable: true } })
      else expect(stored.status, number).toBe('paid')
    }
    for (const [ref, body] of [['sbx_999999_1', { outcome: 'complete' }], ['nope', { outcome: 'complete' }], ['sbx_1_1', { outcome: 'maybe' }], ['sbx_1_1', '{']] as const) {
      const result = await callRoute((request) => secureRoute(request, { params: Promise.resolve({ attempt: ref }) }), { path: `/api/payments/sandbox/3ds/${ref}`, body })
      expect(result.status, `${ref} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400)
      expect(result.status).toBeLessThan(500)
    }
  })
})

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete (process.env as Record<string, string | undefined>)[key]
    else (process.env as Record<string, string>)[key] = value
  }
  resetEnv()
}

const orderOf = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!
const attemptsOf = async (orderId: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: orderId } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const next = (hash: unknown) => callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: String(hash) } })

describe('url/ asks the provider, and unpaid orders expire', () => {
  it('settles an order waiting for the provider once the provider has the payment', async () => {
    const started = await buy(order({ cardToken: await tokenFor('4000000000003220') }))
    const stored = await orderOf(started.body.hash)
    const [attempt] = await attemptsOf(stored.id)
    // The processor took the payment; the order was left waiting (a lost answer, a late webhook).
    await query(payload, `update orders set status = 'awaiting_provider' where id = $1`, [stored.id])
    await query(payload, `update sandbox_ledger set status = 'succeeded' where ref = $1`, [attempt!.providerRef.slice('sandbox:'.length)])
    const [a, b] = await Promise.all([next(started.body.hash), next(started.body.hash)])
    for (const answer of [a, b]) expect(answer.body).toEqual({ hash: started.body.hash, status: 'paid', url: `/payment-success?hash=${started.body.hash}` })
    const paid = await orderOf(started.body.hash)
    expect(paid).toMatchObject({ status: 'paid', version: stored.version + 1 })
  })

  it('expires an unpaid order past its 24 hours, on url/ and in the sweep, and drops old idempotency keys', async () => {
    const { sweepCheckout } = await import('@/services/orders/maintenance')
    const declined = await buy(order({ cardToken: await tokenFor('4000000000000002') }))
    const waiting = await buy(order({ cardToken: await tokenFor('4000002760003184') }))
    const paid = await buy(order({ cardToken: await tokenFor('4242424242424242') }))
    for (const hash of [declined.body.hash, waiting.body.hash, paid.body.hash]) await query(payload, `update orders set expires_at = now() - interval '1 minute' where public_hash = $1`, [hash])
    expect((await next(declined.body.hash)).body).toMatchObject({ status: 'expired', url: `/order/checkout?hash=${declined.body.hash}` })
    expect((await buy({ hash: declined.body.hash, cardToken: await tokenFor('4242424242424242') })).body).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_RETRYABLE' })
    await query(payload, `update idempotency_keys set expires_at = now() - interval '1 minute' where id = (select min(id) from idempotency_keys)`)
    const swept = await sweepCheckout(payload, new Date())
    expect(swept.expired).toBeGreaterThanOrEqual(1)
    expect(swept.keys).toBe(1)
    expect((await orderOf(waiting.body.hash)).status).toBe('expired')
    expect((await orderOf(paid.body.hash)).status).toBe('paid')
    expect(await sweepCheckout(payload, new Date())).toEqual({ expired: 0, keys: 0, fulfilled: 0 })
  })
})

describe('Stripe behind PAYMENTS_PROVIDER=stripe', () => {
  let stripe: FakeStripe
  const saved = {
    PAYMENTS_PROVIDER: process.env.PAYMENTS_PROVIDER,
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY,
    STRIPE_API_URL: process.env.STRIPE_API_URL,
    STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET,
  }
  beforeAll(async () => {
    stripe = await startFakeStripe()
    setEnv({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fake0123456789', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake0123456789', STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: 'whsec_fake0123456789' })
  })
  afterAll(async () => {
    setEnv(saved)
    await stripe?.close()
  })
  /** A one-off purchase (lifetime): one PaymentIntent. Auto-renewing plans are Stripe subscriptions (tests/integration/stripe-billing.int.test.ts). */
  const oneOff = (overrides: Record<string, unknown> = {}) => order({ plan: 'vpn-lifetime', ...overrides })

  it('charges a PaymentMethod once, keyed by our ids, and keeps brand and last4', async () => {
    const paid = await buy(oneOff({ cardToken: 'pm_card_visa' }))
    expect(paid.body).toMatchObject({ status: 'paid', url: `/payment-success?hash=${paid.body.hash}` })
    const stored = await orderOf(paid.body.hash)
    expect(stored).toMatchObject({ provider: 'stripe', status: 'paid', total: 19900 })
    expect(await attemptsOf(stored.id)).toMatchObject([{ provider: 'stripe', providerRef: expect.stringMatching(/^stripe:pi_fake_\d+$/), status: 'succeeded', brand: 'visa', last4: '4242', amount: 19900 }])
    const sent = stripe.requests.filter((request) => request.method === 'POST').at(-1)!
    expect(sent.idempotencyKey).toBe(`order:${stored.id}:attempt:1`)
    expect(sent.authorization).toBe('Bearer sk_test_fake0123456789')
    expect(Object.fromEntries(['amount', 'currency', 'payment_method', 'confirm', 'setup_future_usage', 'metadata[orderHash]'].map((key) => [key, sent.form.get(key)]))).toEqual({
      amount: String(19900),
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      setup_future_usage: null,
      'metadata[orderHash]': String(paid.body.hash),
    })
    expect(sent.form.get('return_url')).toBe(`http://localhost:3000/payment-success?hash=${paid.body.hash}`)
  })

  it('takes Apple Pay and Google Pay as PaymentMethods made by Stripe.js, one-off; a wallet without one is refused', async () => {
    const cost = await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y' } })
    expect(cost.body.methods).toEqual(expect.arrayContaining(['card', 'apple-pay', 'google-pay']))
    for (const method of ['apple-pay', 'google-pay']) {
      const paid = await buy(oneOff({ paymentMethod: method, cardToken: `pm_card_visa__${method.replace('-', '_')}` }))
      expect(paid.body).toMatchObject({ status: 'paid', url: `/payment-success?hash=${paid.body.hash}` })
      const stored = await orderOf(paid.body.hash)
      expect(stored).toMatchObject({ method, provider: 'stripe', status: 'paid', autoRenew: false })
      const sent = stripe.requests.filter((request) => request.method === 'POST').at(-1)!
      expect([sent.form.get('payment_method'), sent.form.get('setup_future_usage')]).toEqual([`pm_card_visa__${method.replace('-', '_')}`, null])
    }
    expect((await buy(oneOff({ paymentMethod: 'apple-pay', cardToken: undefined }))).body).toMatchObject({ statusCode: 400, code: 'REQUIRED', field: 'cardToken' })
    expect((await buy(oneOff({ paymentMethod: 'google-pay', cardToken: 'tok_sandbox_x' }))).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'cardToken' })
    expect((await buy(oneOff({ paymentMethod: 'paypal', cardToken: 'pm_card_visa__pp' }))).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'cardToken' })
  })

  it('stops a saved card from renewing by detaching its PaymentMethod, once', async () => {
    const paid = await buy(oneOff({ cardToken: 'pm_card_mastercard' }))
    const [attempt] = await attemptsOf((await orderOf(paid.body.hash)).id)
    const provider = providerById(payload, 'stripe')!
    const reference = String(attempt!.providerRef).replace(/^stripe:/, '')
    await provider.cancelRenewal(reference)
    expect(stripe.requests.filter((request) => request.path === '/v1/payment_methods/pm_card_mastercard/detach')).toHaveLength(1)
    // Again (a retried job): Stripe says it is not attached any more, which is the goal.
    await expect(provider.cancelRenewal(reference)).resolves.toBeUndefined()
  })

  it('answers Stripe’s declines with the catalogue’s messages', async () => {
    for (const [pm, code, retryable] of [
      ['pm_card_chargeDeclined', 'CARD_DECLINED', true],
      ['pm_card_chargeDeclinedInsufficientFunds', 'INSUFFICIENT_FUNDS', true],
      ['pm_card_chargeDeclinedLostCard', 'LOST_CARD', false],
      ['pm_card_chargeDeclinedExpiredCard', 'EXPIRED_CARD', true],
      ['pm_card_unknown', 'CARD_DECLINED', true],
    ] as const) {
      const answer = await buy(oneOff({ cardToken: pm }))
      expect(answer.body, pm).toMatchObject({ statusCode: 402, code, retryable })
      expect((await orderOf(answer.body.hash)).status).toBe('failed')
    }
    expect((await buy(oneOff({ cardToken: 'tok_sandbox_eyJ9.c2ln' }))).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' })
  })

  it('sends 3-D Secure to the bank, and url/ settles the order once the bank says yes', async () => {
    const started = await buy(oneOff({ cardToken: 'pm_card_threeDSecure2Required' }))
    expect(started.body).toMatchObject({ status: 'requires_action', url: expect.stringMatching(/^https:\/\/hooks\.stripe\.test\/3d_secure_2\/pi_fake_\d+$/) })
    expect((await next(started.body.hash)).body).toMatchObject({ status: 'requires_action', url: started.body.url })
    stripe.authenticate(String(started.body.url).split('/').pop()!, true)
    expect((await next(started.body.hash)).body).toEqual({ hash: started.body.hash, status: 'paid', url: `/payment-success?hash=${started.body.hash}` })
    expect((await buy(oneOff({ cardToken: 'pm_card_threeDSecure2Required' }))).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'cardToken' })
    const failing = await buy(oneOff({ cardToken: 'pm_card_threeDSecure2Required__2', locale: 'de' }))
    // The bank sends the buyer back to the success page in the order's language.
    expect(stripe.requests.filter((request) => request.method === 'POST').at(-1)!.form.get('return_url')).toBe(`http://localhost:3000/de/payment-success?hash=${failing.body.hash}`)
    stripe.authenticate(String(failing.body.url).split('/').pop()!, false)
    expect((await next(failing.body.hash)).body).toMatchObject({ status: 'failed', url: `/order/checkout?hash=${failing.body.hash}` })
    expect((await orderOf(failing.body.hash)).failure).toMatchObject({ code: 'AUTHENTICATION_FAILURE', retryable: true })
  })

  it('waits for the provider when its answer is lost, then finds the payment by our key', async () => {
    const started = await buy(oneOff({ cardToken: 'pm_card_unreachable' }))
    expect(started.body).toEqual({ hash: started.body.hash, status: 'awaiting_provider', url: `/payment-success?hash=${started.body.hash}` })
    const stored = await orderOf(started.body.hash)
    expect(stored.status).toBe('awaiting_provider')
    expect((await attemptsOf(stored.id))[0]!.providerRef).toBe(`stripe:pending_order:${stored.id}:attempt:1`)
    expect((await next(started.body.hash)).body).toMatchObject({ status: 'paid' })
    expect((await attemptsOf(stored.id))[0]).toMatchObject({ providerRef: expect.stringMatching(/^stripe:pi_fake_\d+$/), status: 'succeeded', last4: '4242' })
    // The fake charged once, however often the client resent it.
    expect([...stripe.intents.values()].filter((intent) => intent.metadata.orderId === String(stored.id))).toHaveLength(1)
  })

  it('takes Stripe-signed events at the card route, and settles a payment whose answer was lost', async () => {
    const started = await buy(oneOff({ cardToken: 'pm_card_unreachable__webhook' }))
    expect(started.body.status).toBe('awaiting_provider')
    const stored = await orderOf(started.body.hash)
    const intent = [...stripe.intents.values()].find((candidate) => candidate.metadata.orderId === String(stored.id))!
    const body = JSON.stringify({ id: 'evt_fake_1', object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: intent } })
    const send = (signature: string) => callRoute(webhookRoute, { path: '/api/veilgate/purchase/stripe', body, headers: { 'stripe-signature': signature } })
    expect((await send(Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_another0123' }))).body).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' })
    expect((await orderOf(started.body.hash)).status).toBe('awaiting_provider')
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_fake0123456789' })
    expect((await send(signature)).body).toEqual({ received: true })
    expect((await send(signature)).body).toEqual({ received: true, duplicate: true })
    expect(await orderOf(started.body.hash)).toMatchObject({ status: 'paid', version: stored.version + 1 })
    expect((await attemptsOf(stored.id))[0]!.providerRef).toBe(`stripe:${intent.id}`)
  })

  it('closes the sandbox’s endpoints, and tells checkout to use Stripe.js with the publishable key', async () => {
    expect((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' } })).status).toBe(503)
    const cost = await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y' } })
    expect(cost.body).toMatchObject({ card: { provider: 'stripe', publishableKey: 'pk_test_fake0123456789' } })
    expect(cost.body.methods).toContain('card')
  })

  it('answers card purchases 503 without any one of the three keys, or with live and test keys mixed, logging the variable once', async () => {
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined)
    const cases: [Record<string, string | undefined>, string][] = [
      [{ STRIPE_SECRET_KEY: undefined }, 'needs STRIPE_SECRET_KEY'],
      [{ STRIPE_PUBLISHABLE_KEY: undefined }, 'needs STRIPE_PUBLISHABLE_KEY'],
      [{ STRIPE_WEBHOOK_SECRET: undefined }, 'needs STRIPE_WEBHOOK_SECRET'],
      [{ STRIPE_SECRET_KEY: 'sk_live_fake0123456789' }, 'STRIPE_SECRET_KEY is a live key but STRIPE_PUBLISHABLE_KEY a test key'],
    ]
    try {
      for (const [change, line] of cases) {
        setEnv(change)
        try {
          expect((await buy(oneOff({ cardToken: 'pm_card_visa' }))).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
          expect((await buy(oneOff({ cardToken: 'pm_card_visa' }))).body).toMatchObject({ statusCode: 503 })
          const cost = await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y' } })
          expect(cost.body.methods).not.toContain('card')
          expect(cost.body.card).toEqual({ provider: 'stripe' })
          expect(warn.mock.calls.filter((call: unknown[]) => String(call[0]).includes(line))).toHaveLength(1)
        } finally {
          setEnv({ STRIPE_SECRET_KEY: 'sk_test_fake0123456789', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_fake0123456789' })
        }
      }
    } finally {
      warn.mockRestore()
    }
  })
})

describe('against card testing', () => {
  it('answers the 21st quick tokenize or purchase from one address 429 with Retry-After', async () => {
    const tokens = await Promise.all(Array.from({ length: 21 }, () => tokenFor('4242424242424242')))
    setEnv({ CHECKOUT_RATE_LIMIT: '20' })
    try {
      const address = `198.51.100.${10 + Math.floor(Math.random() * 200)}`
      const send = (cardToken: string) =>
        purchaseRoute(
          new Request('http://localhost:3000/api/veilgate/purchase/url-with-email/', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `limit-${cardToken.slice(-12)}`, 'x-forwarded-for': address },
            body: JSON.stringify(order({ cardToken })),
          }),
          {} as never,
        )
      for (const token of tokens.slice(0, 20)) expect((await send(token)).status).toBe(200)
      const refused = await send(tokens[20]!)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await refused.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' })
      const tokenize = () =>
        tokenizeRoute(
          new Request('http://localhost:3000/api/payments/sandbox/tokenize', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' }) }),
          {} as never,
        )
      for (let i = 0; i < 20; i++) expect((await tokenize()).status).toBe(200)
      expect((await tokenize()).status).toBe(429)
    } finally {
      setEnv({ CHECKOUT_RATE_LIMIT: '100000' })
    }
  })
})

describe('the order read endpoints', () => {
  const get = (route: typeof detailRoute, path: string, hash: string) => callRoute(route, { path, query: { hash, ts: '1' } })

  it('answer the order by its hash with nothing personal beyond the masked e-mail', async () => {
    const paid = await buy(order({ email: 'reader@example.com', slots: 5, cardToken: await tokenFor('4242424242424242') }))
    const hash = String(paid.body.hash)
    const detail = await get(detailRoute, '/api/veilgate/purchase-detail-by-hash/', hash)
    expect(detail.body).toMatchObject({ hash, status: 'paid', subtotal: 7188 + 2999, discount: 0, total: 7188 + 2999, currency: 'USD', method: 'card', brand: 'visa', last4: '4242', maskedEmail: 'r•••@example.com' })
    expect((detail.body.lines as { id: string }[]).map((line) => line.id)).toEqual(['vpn-1y', 'slots-5-1y'])
    expect(JSON.stringify(detail.body)).not.toContain('reader@')
    const info = await get(successRoute, '/api/veilgate/purchase/success-info/', hash)
    expect(info.body).toMatchObject({ hash, status: 'paid', plan: 'vpn-1y', maskedEmail: 'r•••@example.com', total: 7188 + 2999, accountCreated: true, renewal: { amount: 7188 + 2999 } })
    const stored = await orderOf(hash)
    expect((await get(transactionRoute, '/api/veilgate/purchase/transaction-id/', hash)).body).toEqual({ transactionId: `sbx_${stored.id}_1` })
    expect((await callRoute(statusRoute, { path: '/api/veilgate/sales/check-payment-status/', body: { hash } })).body).toEqual({ status: 'paid' })

    const declined = await buy(order({ cardToken: await tokenFor('4000000000000002') }))
    expect((await get(transactionRoute, '/api/veilgate/purchase/transaction-id/', String(declined.body.hash))).body).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' })
    expect((await callRoute(statusRoute, { path: '/api/veilgate/sales/check-payment-status/', body: { hash: declined.body.hash } })).body).toEqual({ status: 'failed' })
  })

  it('refuse malformed hashes with 400 and unknown ones with 404, never a 5xx', async () => {
    for (const [route, path] of [
      [detailRoute, '/api/veilgate/purchase-detail-by-hash/'],
      [successRoute, '/api/veilgate/purchase/success-info/'],
      [transactionRoute, '/api/veilgate/purchase/transaction-id/'],
    ] as const) {
      expect((await get(route, path, 'x')).body, path).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' })
      expect((await get(route, path, '%00')).status, path).toBe(400)
      expect((await get(route, path, 'A'.repeat(22))).body, path).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' })
    }
    for (const body of ['{', '[]', {}, { hash: 5 }, { hash: 'short' }]) {
      const answer = await callRoute(statusRoute, { path: '/api/veilgate/sales/check-payment-status/', body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    expect((await callRoute(statusRoute, { path: '/api/veilgate/sales/check-payment-status/', body: { hash: 'B'.repeat(22) } })).status).toBe(404)
  })
})
