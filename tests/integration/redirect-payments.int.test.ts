// PayPal and Paymentwall through the sandbox: a provider per method, the approval page's answers, the signed routes on one intake, retries switching method, renewals, and production.
import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as approveRoute } from '@/app/api/payments/sandbox/approve/[attempt]/route'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { GET as costRoute } from '@/app/api/veilgate/purchase/cost/route'
import { GET as paymentwallRoute, POST as paymentwallPost } from '@/app/api/veilgate/purchase/paymentwall/route'
import { GET as paypalReturn, POST as paypalRoute } from '@/app/api/veilgate/purchase/paypal/route'
import { POST as cardRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { now } from '@/lib/clock'
import { resetEnv } from '@/lib/env'
import { query } from '@/services/db'
import { advanceClock } from '@/services/payments/sandbox/clock'
import { setWebhookTransport } from '@/services/payments/sandbox/deliver'
import { drainWebhooks as drainPending } from '../support/webhooks'
import { sandboxProvider, sandboxWebhookSecret } from '@/services/payments/sandbox/provider'
import { sandboxPingback, signedPingback } from '@/services/payments/paymentwall/pingback'
import { sandboxPaypalEvent } from '@/services/payments/paypal/events'
import { signPayload } from '@/services/payments/webhooks'
import { runRenewals } from '@/services/subscriptions/renewals'
import { mailTo } from '../support/mail'
import { callRoute } from '../support/routes'
import { resetSandboxClock } from '../support/sandbox-clock'

let payload: Payload
let buyers = 0
let keys = 0

/** What the sandbox sent, delivered in process to the route it names. */
type Sent = { url: string; method: 'POST' | 'GET'; headers: Record<string, string>; body?: string }
let sent: Sent[] = []

/** A raw request to a route handler: status and text. */
async function send(handler: (request: Request, context: never) => Promise<Response>, url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  const response = await handler(new Request(new URL(url, 'http://localhost:3000'), init), {} as never)
  return { status: response.status, text: await response.text(), location: response.headers.get('location') }
}

const routeFor = (url: string) => (url.includes('/purchase/paymentwall') ? paymentwallRoute : url.includes('/purchase/paypal') ? paypalRoute : cardRoute)
const redeliver = (delivery: Sent) => send(routeFor(delivery.url), delivery.url, delivery)

beforeAll(async () => {
  payload = await getPayload({ config })
  await resetSandboxClock(payload)
})
afterAll(() => resetSandboxClock(payload))

afterEach(() => {
  setWebhookTransport(null)
  sent = []
})

/** Deliveries go to the routes in process, and are kept for replaying. */
function deliverInProcess() {
  setWebhookTransport(async (url, init) => {
    sent.push({ url, ...init })
    return { status: (await redeliver({ url, ...init })).status }
  })
}

const drainWebhooks = () => drainPending(payload)

const orderOf = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!
const attemptsOf = async (orderId: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: orderId } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const subscriptionsOf = async (orderId: number) => (await payload.find({ collection: 'subscriptions', where: { order: { equals: orderId } }, depth: 0, overrideAccess: true })).docs

const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2036, cvc: '123' } })).body.token)

function buy(overrides: Record<string, unknown> = {}) {
  const email = `redirect-${Date.now()}-${++buyers}@example.com`
  const body = { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'paypal', country: 'DE', locale: 'en', ...overrides }
  return callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `redirect-key-${Date.now()}-${++keys}` } }).then((answer) => ({
    ...answer,
    email,
  }))
}
const retry = (body: Record<string, unknown>) =>
  callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `redirect-retry-${Date.now()}-${++keys}` } })
const answer = (reference: string, outcome: string) => callRoute(approveRoute, { path: `/api/payments/sandbox/approve/${reference}`, body: { outcome }, params: { attempt: reference } })
const referenceOf = (url: unknown) => String(url).split('/').pop()!

describe('PayPal through the sandbox', () => {
  it('approve: the browser return waits for the signed event, which pays the order once; receipt and a billing agreement', async () => {
    deliverInProcess()
    const started = await buy()
    expect(started.status).toBe(200)
    const order = await orderOf(started.body.hash)
    expect(started.body).toEqual({ hash: order.publicHash, status: 'requires_action', url: `/sandbox/approve/sbx_${order.id}_1` })
    expect(order).toMatchObject({ status: 'requires_action', method: 'paypal', provider: 'sandbox', autoRenew: true })
    // Nothing is reported while the buyer has not answered.
    await drainWebhooks()
    expect(sent.filter((delivery) => delivery.body?.includes(`order:${order.id}:`))).toEqual([])

    const reference = referenceOf(started.body.url)
    const approved = await answer(reference, 'approve')
    expect(approved.body.url).toMatch(new RegExp(`^/api/veilgate/purchase/paypal\\?token=${reference}&PayerID=SBXPAYER\\d{8}$`))
    // The processor's answer now: captured, with the billing agreement of a recurring plan.
    expect(await sandboxProvider(payload).retrieve(reference)).toMatchObject({ status: 'succeeded', providerRef: reference, savedMethod: expect.stringMatching(/^ba_sandbox_/) })
    const back = await send(paypalReturn, String(approved.body.url), { method: 'GET' })
    expect(back.status).toBe(303)
    expect(new URL(back.location!).pathname + new URL(back.location!).search).toBe(`/payment-success?hash=${order.publicHash}`)
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'awaiting_provider' })
    // The same answer again: where the order is now.
    expect((await answer(reference, 'cancel')).body).toEqual({ url: `/payment-success?hash=${order.publicHash}` })

    await drainWebhooks()
    const ours = sent.filter((delivery) => delivery.body?.includes(`order:${order.id}:attempt:1`))
    expect(ours.map((delivery) => delivery.url)).toEqual([expect.stringMatching(/\/api\/veilgate\/purchase\/paypal$/)])
    expect(JSON.parse(ours[0]!.body!)).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: reference, custom_id: `order:${order.id}:attempt:1`, amount: { currency_code: 'USD', value: (order.total / 100).toFixed(2) } },
    })
    const paid = await orderOf(order.publicHash)
    expect(paid).toMatchObject({ status: 'paid', fulfilledAt: expect.any(String) })
    // Ten more deliveries at once: taken in once, no effect.
    const again = await Promise.all(Array.from({ length: 10 }, () => redeliver(ours[0]!)))
    expect(again.map((reply) => [reply.status, JSON.parse(reply.text).duplicate])).toEqual(Array(10).fill([200, true]))
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid', version: paid.version })
    const [subscription, ...more] = await subscriptionsOf(order.id)
    expect(more).toEqual([])
    expect(subscription).toMatchObject({ status: 'active', autoRenew: true, provider: 'sandbox', savedMethod: expect.stringMatching(/^ba_sandbox_/) })
    const receipts = await mailTo(payload, started.email, 'receipt')
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.text).toContain('Payment method: PayPal')
    // The return once more, after payment: the success page.
    expect((await send(paypalReturn, String(approved.body.url), { method: 'GET' })).status).toBe(303)
  })

  it('cancel: failed and retryable with PAYMENT_CANCELED, back to checkout with the order, in its language', async () => {
    const started = await buy({ locale: 'de' })
    const order = await orderOf(started.body.hash)
    expect((await answer(referenceOf(started.body.url), 'cancel')).body).toEqual({ url: `/order/checkout?hash=${order.publicHash}` })
    expect(await orderOf(order.publicHash)).toMatchObject({
      status: 'failed',
      failure: { code: 'PAYMENT_CANCELED', providerCode: 'payment_canceled', retryable: true, message: 'Die Zahlung wurde abgebrochen. Wählen Sie eine andere Methode oder versuchen Sie es erneut.' },
    })
    const step = await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: order.publicHash, locale: 'en' } })
    expect(step.body).toMatchObject({
      status: 'failed',
      url: `/order/checkout?hash=${order.publicHash}`,
      failure: { code: 'PAYMENT_CANCELED', message: 'The payment was canceled. Choose another method or try again.', retryable: true },
    })
    // A cancel is no payment: the browser return leads back to checkout too.
    const back = await send(paypalReturn, `/api/veilgate/purchase/paypal?token=${referenceOf(started.body.url)}&PayerID=x`, { method: 'GET' })
    expect(new URL(back.location!).pathname + new URL(back.location!).search).toBe(`/de/order/checkout?hash=${order.publicHash}`)
  })

  it('fail: PAYMENT_DECLINED to /payment-error, then a card pays the same order; method, provider and auto-renewal follow', async () => {
    deliverInProcess()
    const started = await buy({ plan: 'vpn-lifetime' })
    const order = await orderOf(started.body.hash)
    expect(order).toMatchObject({ method: 'paypal', autoRenew: false })
    expect((await answer(referenceOf(started.body.url), 'fail')).body).toEqual({ url: `/payment-error?hash=${order.publicHash}` })
    await drainWebhooks()
    expect(sent.filter((delivery) => delivery.body?.includes(`order:${order.id}:`)).map((delivery) => JSON.parse(delivery.body!).event_type)).toEqual(['PAYMENT.CAPTURE.DENIED'])
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'failed', failure: { code: 'PAYMENT_DECLINED', retryable: true } })
    const byCard = await retry({ hash: order.publicHash, paymentMethod: 'card', cardToken: await tokenFor('4242424242424242') })
    expect(byCard.body).toMatchObject({ hash: order.publicHash, status: 'paid' })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid', method: 'card', provider: 'sandbox', total: order.total })
    expect((await attemptsOf(order.id)).map((attempt) => [attempt.number, attempt.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ])
  })

  it('a declined card retried with PayPal: a new attempt on the same order, renewing by PayPal', async () => {
    const declined = await buy({ plan: 'vpn-1m', paymentMethod: 'card', cardToken: await tokenFor('4000000000000002') })
    expect(declined.status).toBe(402)
    const order = await orderOf(declined.body.hash)
    expect(order).toMatchObject({ method: 'card', status: 'failed' })
    // Today's body (no method) still means a card.
    expect((await retry({ hash: order.publicHash })).body).toMatchObject({ statusCode: 400, code: 'REQUIRED', field: 'cardToken' })
    expect((await retry({ hash: order.publicHash, paymentMethod: 'paypal', cardToken: await tokenFor('4242424242424242') })).body).toMatchObject({ statusCode: 400, field: 'cardToken' })
    const byPaypal = await retry({ hash: order.publicHash, paymentMethod: 'paypal', locale: 'en' })
    expect(byPaypal.body).toEqual({ hash: order.publicHash, status: 'requires_action', url: `/sandbox/approve/sbx_${order.id}_2` })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'requires_action', method: 'paypal', provider: 'sandbox', autoRenew: true, total: order.total })
  })

  it('a PayPal subscription renews through the clock with its billing agreement', async () => {
    deliverInProcess()
    const started = await buy({ plan: 'vpn-1m' })
    const reference = referenceOf(started.body.url)
    const approved = await answer(reference, 'approve')
    await send(paypalReturn, String(approved.body.url), { method: 'GET' })
    await drainWebhooks()
    const order = await orderOf(started.body.hash)
    expect(order.status).toBe('paid')
    const [subscription] = await subscriptionsOf(order.id)
    try {
      await advanceClock(payload, { to: new Date(new Date(subscription!.currentPeriodEnd).getTime() + 3_600_000).toISOString() })
      await runRenewals(payload, now())
      await drainWebhooks()
      const renewals = (await payload.find({ collection: 'orders', where: { renews: { equals: subscription!.id } }, depth: 0, overrideAccess: true })).docs
      expect(renewals).toHaveLength(1)
      expect(renewals[0]).toMatchObject({ status: 'paid', method: 'paypal', provider: 'sandbox', period: 2 })
      expect(await attemptsOf(renewals[0]!.id)).toMatchObject([{ kind: 'renewal', status: 'succeeded' }])
      // Its capture event reached the PayPal route and changed nothing more.
      expect(sent.filter((delivery) => delivery.body?.includes(`order:${renewals[0]!.id}:attempt:1`))).toHaveLength(1)
      expect(await payload.findByID({ collection: 'subscriptions', id: subscription!.id, depth: 0, overrideAccess: true })).toMatchObject({ status: 'active', period: 2 })
    } finally {
      await resetSandboxClock(payload)
    }
  })
})

describe('the PayPal route', () => {
  const secret = () => sandboxWebhookSecret(payload)
  const post = (body: string, headers: Record<string, string>) =>
    send(paypalRoute, '/api/veilgate/purchase/paypal', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

  it('refuses bad, missing and stale signatures (nothing changes) and malformed bodies with 4xx, never 5xx', async () => {
    const started = await buy()
    const order = await orderOf(started.body.hash)
    const body = JSON.stringify(sandboxPaypalEvent({ providerRef: `sbx_${order.id}_1`, status: 'succeeded', orderId: order.id, attempt: 1, amount: order.total, at: new Date() }))
    const signatures: Record<string, string>[] = [
      {},
      { 'sandbox-signature': 't=1,v1=abc' },
      { 'sandbox-signature': signPayload('not-the-secret', body, new Date()) },
      { 'sandbox-signature': signPayload(secret(), body, new Date(Date.now() - 600_000)) },
    ]
    for (const headers of signatures) {
      const reply = await post(body, headers)
      expect([reply.status, JSON.parse(reply.text).code]).toEqual([400, 'INVALID_SIGNATURE'])
    }
    for (const wrong of [
      '{',
      '[]',
      'null',
      JSON.stringify({ id: 'x', event_type: 'PAYMENT.CAPTURE.COMPLETED' }),
      JSON.stringify({ id: 'x', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'y', amount: 5 } }),
    ]) {
      const reply = await post(wrong, { 'sandbox-signature': signPayload(secret(), wrong, new Date()) })
      expect([reply.status, JSON.parse(reply.text).code], wrong).toEqual([400, 'INVALID_INPUT'])
    }
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'requires_action', version: order.version })
    // Browser returns without a token, with a malformed or an unknown one.
    expect((await send(paypalReturn, '/api/veilgate/purchase/paypal', { method: 'GET' })).status).toBe(400)
    expect((await send(paypalReturn, '/api/veilgate/purchase/paypal?token=EC-123', { method: 'GET' })).status).toBe(400)
    expect((await send(paypalReturn, '/api/veilgate/purchase/paypal?token=sbx_999999999_1', { method: 'GET' })).status).toBe(404)
  })

  it('takes events in any order and ten times over with one effect: a late DENIED never undoes the payment', async () => {
    const started = await buy()
    const order = await orderOf(started.body.hash)
    const reference = referenceOf(started.body.url)
    const event = (status: string) => JSON.stringify(sandboxPaypalEvent({ providerRef: reference, status, orderId: order.id, attempt: 1, amount: order.total, at: new Date() }))
    // A PENDING before the buyer answered: the payment is re-read, still waiting, nothing moves.
    const pending = event('processing')
    expect((await post(pending, { 'sandbox-signature': signPayload(secret(), pending, new Date()) })).status).toBe(200)
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'requires_action' })
    await answer(reference, 'approve')
    const denied = event('failed')
    const completed = event('succeeded')
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => post(denied, { 'sandbox-signature': signPayload(secret(), denied, new Date()) })),
      ...Array.from({ length: 10 }, () => post(completed, { 'sandbox-signature': signPayload(secret(), completed, new Date()) })),
    ])
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(200))
    const paid = await orderOf(order.publicHash)
    expect(paid.status).toBe('paid')
    expect(await subscriptionsOf(order.id)).toHaveLength(1)
    const rows = await query<{ count: string }>(payload, `select count(*) from webhook_events where provider = 'paypal' and event_id in ($1, $2)`, [JSON.parse(denied).id, JSON.parse(completed).id])
    expect(Number(rows[0]!.count)).toBe(2)
  })
})

describe('Paymentwall through the sandbox', () => {
  it('approve: the success page waits for the pingback, which pays once and never renews', async () => {
    deliverInProcess()
    const started = await buy({ paymentMethod: 'paymentwall', locale: 'ar' })
    const order = await orderOf(started.body.hash)
    expect(order).toMatchObject({ status: 'requires_action', method: 'paymentwall', provider: 'sandbox', autoRenew: false })
    expect((await answer(referenceOf(started.body.url), 'approve')).body).toEqual({ url: `/payment-success?hash=${order.publicHash}` })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'awaiting_provider' })
    await drainWebhooks()
    // (Deliveries queued by earlier tests may go out in this drain too.)
    const ours = sent.filter((delivery) => delivery.url.includes(order.publicHash))
    expect(ours).toHaveLength(1)
    const pingback = new URL(ours[0]!.url)
    expect([ours[0]!.method, pingback.pathname]).toEqual(['GET', '/api/veilgate/purchase/paymentwall'])
    expect(Object.fromEntries(pingback.searchParams)).toMatchObject({ goodsid: order.publicHash, type: '0', ref: `sbx_${order.id}_1`, sign_version: '3', sig: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid' })
    const again = await Promise.all(Array.from({ length: 10 }, () => redeliver(ours[0]!)))
    expect(again.map((reply) => [reply.status, reply.text])).toEqual(Array(10).fill([200, 'OK']))
    const [subscription, ...more] = await subscriptionsOf(order.id)
    expect(more).toEqual([])
    expect(subscription).toMatchObject({ autoRenew: false })
    expect(await mailTo(payload, started.email, 'receipt')).toHaveLength(1)
  })

  it('takes a refund pingback for its own order only; refuses bad signatures and malformed pingbacks; POST is 405', async () => {
    deliverInProcess()
    const started = await buy({ paymentMethod: 'paymentwall' })
    const order = await orderOf(started.body.hash)
    const reference = referenceOf(started.body.url)
    await answer(reference, 'approve')
    await drainWebhooks()
    expect((await orderOf(order.publicHash)).status).toBe('paid')
    const other = await buy({ paymentMethod: 'paymentwall' })
    const pingbackUrl = (params: Record<string, string>, secret = sandboxWebhookSecret(payload), at = new Date()) => `/api/veilgate/purchase/paymentwall?${signedPingback(params, secret, at)}`
    const get = (url: string) => send(paymentwallRoute, url, { method: 'GET' })

    // Signed, but naming another order's hash: taken in, ignored.
    expect((await get(pingbackUrl(sandboxPingback({ providerRef: reference, hash: String(other.body.hash), customer: 'c', type: '2' })))).text).toBe('OK')
    expect((await orderOf(order.publicHash)).status).toBe('paid')
    for (const url of [
      pingbackUrl(sandboxPingback({ providerRef: reference, hash: order.publicHash, customer: 'c', type: '2' }), 'not-the-secret'),
      pingbackUrl(sandboxPingback({ providerRef: reference, hash: order.publicHash, customer: 'c', type: '2' }), undefined, new Date(Date.now() - 600_000)),
      `/api/veilgate/purchase/paymentwall?uid=c&goodsid=${order.publicHash}&type=2&ref=${reference}&sign_version=3`,
    ]) {
      const reply = await get(url)
      expect([reply.status, JSON.parse(reply.text).code]).toEqual([400, 'INVALID_SIGNATURE'])
    }
    for (const url of [
      pingbackUrl({ uid: 'c', goodsid: 'x', type: '2', ref: reference }),
      pingbackUrl({ uid: 'c', goodsid: order.publicHash, type: 'refund', ref: reference }),
      '/api/veilgate/purchase/paymentwall?%E0%A4%A=1',
    ]) {
      const reply = await get(url)
      expect(reply.status, url).toBeGreaterThanOrEqual(400)
      expect(reply.status, url).toBeLessThan(500)
    }
    expect((await orderOf(order.publicHash)).status).toBe('paid')
    const posted = await send(paymentwallPost, '/api/veilgate/purchase/paymentwall', { method: 'POST', body: 'x' })
    expect([posted.status, JSON.parse(posted.text).code]).toEqual([405, 'METHOD_NOT_ALLOWED'])
    // Its own refund: the order is refunded, once.
    const refund = pingbackUrl(sandboxPingback({ providerRef: reference, hash: order.publicHash, customer: 'c', type: '2' }))
    expect((await Promise.all([get(refund), get(refund)])).map((reply) => reply.text)).toEqual(['OK', 'OK'])
    expect((await orderOf(order.publicHash)).status).toBe('refunded')
  })
})

describe('which methods are payable where', () => {
  const saved = { NODE_ENV: process.env.NODE_ENV, PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX }
  const setEnv = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete (process.env as Record<string, string | undefined>)[key]
      else (process.env as Record<string, string>)[key] = value
    }
    resetEnv()
  }
  afterEach(() => setEnv(saved))

  it('checks a plan’s own methods and the method’s input', async () => {
    expect((await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y' } })).body.methods).toEqual(['card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments', 'paymentwall'])
    expect((await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-trial-1m' } })).body.methods).toEqual(['card', 'paypal'])
    expect((await buy({ plan: 'vpn-trial-1m', paymentMethod: 'paymentwall' })).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'paymentMethod' })
    expect((await buy({ paymentMethod: 'wire' })).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'paymentMethod' })
    expect((await buy({ paymentMethod: 'card' })).body).toMatchObject({ statusCode: 400, code: 'REQUIRED', field: 'cardToken' })
    expect((await buy({ cardToken: await tokenFor('4242424242424242') })).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'cardToken' })
    // Crypto is taken by the sandbox's invoices.
    expect((await buy({ paymentMethod: 'bitcoin' })).body).toMatchObject({ status: 'requires_action', url: expect.stringMatching(/^\/sandbox\/invoice\/sbx_\d+_1$/) })
  })

  it('in production on a public address the sandbox-only methods answer 503 while cards keep their provider', async () => {
    const started = await buy()
    setEnv({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'off' })
    expect((await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y' } })).body.methods).toEqual([])
    expect((await buy()).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
    expect((await buy({ paymentMethod: 'paymentwall' })).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
    expect((await answer(referenceOf(started.body.url), 'approve')).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
    const body = JSON.stringify({ id: 'x' })
    const reply = await send(paypalRoute, '/api/veilgate/purchase/paypal', { method: 'POST', headers: { 'sandbox-signature': signPayload(sandboxWebhookSecret(payload), body, new Date()) }, body })
    expect(reply.status).toBe(400)
  })
})
