// Amazon Pay, Apple Pay and Google Pay through the sandbox: the approval, Amazon's browser return, the wallet page's two reads and "Pay now", the signed charge notices, the approval's 30 minutes, and the device wallets.
import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as approveRoute } from '@/app/api/payments/sandbox/approve/[attempt]/route'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { GET as amazonReturnGet, POST as amazonRoute } from '@/app/api/veilgate/purchase/amazon/route'
import { DELETE as amazonValidateDelete, GET as amazonValidate, POST as amazonValidatePost } from '@/app/api/veilgate/purchase/amazon-validate/route'
import { GET as userInfoRoute, POST as userInfoPost } from '@/app/api/veilgate/purchase/amazon-user-info/route'
import { GET as payValidateRoute, PUT as payValidatePut } from '@/app/api/veilgate/purchase/amazon-pay-validate/route'
import { GET as costRoute } from '@/app/api/veilgate/purchase/cost/route'
import { POST as cardRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { setWebhookTransport } from '@/services/payments/sandbox/deliver'
import { sandboxWebhookSecret } from '@/services/payments/sandbox/provider'
import { sandboxAmazonNotice } from '@/services/payments/amazon/notices'
import { signPayload } from '@/services/payments/webhooks'
import { maskEmail } from '@/services/purchase-flow/checkout-rules'
import { drainWebhooks as drainPending } from '../support/webhooks'
import { mailTo } from '../support/mail'
import { callRoute } from '../support/routes'
import { resetSandboxClock } from '../support/sandbox-clock'

let payload: Payload
let buyers = 0
let keys = 0

type Sent = { url: string; method: 'POST' | 'GET'; headers: Record<string, string>; body?: string }
let sent: Sent[] = []

async function send(handler: (request: Request, context: never) => Promise<Response>, url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  const response = await handler(new Request(new URL(url, 'http://localhost:3000'), init), {} as never)
  return { status: response.status, text: await response.text(), location: response.headers.get('location') }
}
const routeFor = (url: string) => (url.includes('/purchase/amazon') ? amazonRoute : cardRoute)
const redeliver = (delivery: Sent) => send(routeFor(delivery.url), delivery.url, delivery)

beforeAll(async () => {
  payload = await getPayload({ config })
  await resetSandboxClock(payload)
})
afterAll(() => resetSandboxClock(payload))
afterEach(() => {
  setWebhookTransport(null)
  sent = []
  delete process.env.CLOCK_NOW
})

function deliverInProcess() {
  setWebhookTransport(async (url, init) => {
    sent.push({ url, ...init })
    return { status: (await redeliver({ url, ...init })).status }
  })
}
const drainWebhooks = () => drainPending(payload)

const orderOf = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!
const attemptsOf = async (orderId: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: orderId } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2036, cvc: '123' } })).body.token)

function buy(overrides: Record<string, unknown> = {}) {
  const email = `wallet-${Date.now()}-${++buyers}@example.com`
  const body = { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'amazon-pay', country: 'DE', locale: 'en', ...overrides }
  return callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `wallet-key-${Date.now()}-${++keys}` } }).then((answer) => ({ ...answer, email }))
}
const payNow = (hash: string, method = 'amazon-pay') =>
  callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body: { hash, paymentMethod: method, locale: 'en' }, headers: { 'idempotency-key': `wallet-pay-${Date.now()}-${++keys}` } })
const answer = (reference: string, outcome: string) => callRoute(approveRoute, { path: `/api/payments/sandbox/approve/${reference}`, body: { outcome }, params: { attempt: reference } })
const referenceOf = (url: unknown) => String(url).split('/').pop()!
const userInfo = (hash: string) => callRoute(userInfoRoute, { path: '/api/veilgate/purchase/amazon-user-info/', query: { hash } })
const payValidate = (hash: string) => callRoute(payValidateRoute, { path: '/api/veilgate/purchase/amazon-pay-validate/', query: { hash } })
const pathOf = (location: string | null) => (location ? new URL(location).pathname + new URL(location).search : null)

/** An Amazon Pay order approved on the sandbox's page and returned through `amazon-validate`. */
async function approvedAmazonOrder(overrides: Record<string, unknown> = {}) {
  const started = await buy(overrides)
  expect(started.status).toBe(200)
  const order = await orderOf(started.body.hash)
  const reference = referenceOf(started.body.url)
  const approved = await answer(reference, 'approve')
  expect(approved.body).toEqual({ url: `/api/veilgate/purchase/amazon-validate?token=${reference}` })
  return { started, order, reference, email: started.email }
}

describe('Amazon Pay through the sandbox', () => {
  it('approve → amazon-validate → the wallet page’s reads → "Pay now" → the charge notice pays the order once; receipt, no renewal', async () => {
    deliverInProcess()
    const started = await buy()
    const order = await orderOf(started.body.hash)
    expect(started.body).toEqual({ hash: order.publicHash, status: 'requires_action', url: `/sandbox/approve/sbx_${order.id}_1` })
    expect(order).toMatchObject({ status: 'requires_action', method: 'amazon-pay', provider: 'sandbox', autoRenew: false })
    const reference = referenceOf(started.body.url)
    // Before the approval the browser return leads back to the approval page.
    expect(pathOf((await send(amazonValidate, `/api/veilgate/purchase/amazon-validate?token=${reference}`, { method: 'GET' })).location)).toBe(`/sandbox/approve/${reference}`)

    const approved = await answer(reference, 'approve')
    expect(approved.body).toEqual({ url: `/api/veilgate/purchase/amazon-validate?token=${reference}` })
    const [attempt] = await attemptsOf(order.id)
    expect(attempt).toMatchObject({ status: 'requires_action', nextAction: `/amazon/payment?hash=${order.publicHash}` })
    const expiresIn = new Date(attempt!.approvalExpiresAt!).getTime() - Date.now()
    expect(expiresIn).toBeGreaterThan(29 * 60_000)
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000)
    // A second answer does not undo the first.
    expect((await answer(reference, 'cancel')).body).toEqual({ url: `/order/checkout?hash=${order.publicHash}` })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'requires_action' })

    // The browser return, by any method, and the order's reads lead to the wallet page.
    for (const handler of [amazonValidate, amazonValidatePost, amazonReturnGet]) {
      const back = await send(handler, `/api/veilgate/purchase/amazon-validate?token=${reference}`, { method: handler === amazonValidatePost ? 'POST' : 'GET' })
      expect([back.status, pathOf(back.location)]).toEqual([303, `/amazon/payment?hash=${order.publicHash}`])
    }
    expect((await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: order.publicHash } })).body).toEqual({ hash: order.publicHash, status: 'requires_action', url: `/amazon/payment?hash=${order.publicHash}` })
    expect((await userInfo(order.publicHash)).body).toEqual({ name: 'Sandbox Buyer', email: maskEmail(started.email) })
    expect((await payValidate(order.publicHash)).body).toEqual({ valid: true, expiresAt: new Date(attempt!.approvalExpiresAt!).toISOString() })
    await drainWebhooks()
    expect(sent.filter((delivery) => delivery.body?.includes(`order:${order.id}:`))).toEqual([])

    // "Pay now" twice: one capture, one notice; both told the success page.
    const [first, second] = [await payNow(order.publicHash), await payNow(order.publicHash)]
    expect(first).toEqual({ status: 200, body: { hash: order.publicHash, status: 'awaiting_provider', url: `/payment-success?hash=${order.publicHash}` } })
    expect(second.status).toBe(200)
    expect(second.body.url).toBe(`/payment-success?hash=${order.publicHash}`)
    await drainWebhooks()
    const ours = sent.filter((delivery) => delivery.body?.includes(`order:${order.id}:attempt:1`))
    expect(ours.map((delivery) => delivery.url)).toEqual([expect.stringMatching(/\/api\/veilgate\/purchase\/amazon$/)])
    expect(JSON.parse(ours[0]!.body!)).toEqual({ NotificationId: expect.stringMatching(/^SBX-NTF-/), ChargeId: reference, ChargeStatus: 'Completed', MerchantReference: `order:${order.id}:attempt:1` })
    const paid = await orderOf(order.publicHash)
    expect(paid).toMatchObject({ status: 'paid', fulfilledAt: expect.any(String) })
    expect(await attemptsOf(order.id)).toHaveLength(1)
    // Ten more deliveries at once: taken in once, no effect.
    const again = await Promise.all(Array.from({ length: 10 }, () => redeliver(ours[0]!)))
    expect(again.map((reply) => [reply.status, JSON.parse(reply.text).duplicate])).toEqual(Array(10).fill([200, true]))
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid', version: paid.version })
    const receipts = await mailTo(payload, started.email, 'receipt')
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.text).toContain('Payment method: Amazon Pay')
    // Pressed once more after payment: the success page, nothing charged.
    expect((await payNow(order.publicHash)).body).toMatchObject({ status: 'paid', url: `/payment-success?hash=${order.publicHash}` })
    expect(await attemptsOf(order.id)).toHaveLength(1)
  })

  it('"Pay now" pressed five times at once: one capture', async () => {
    deliverInProcess()
    const { order } = await approvedAmazonOrder()
    const answers = await Promise.all(Array.from({ length: 5 }, () => payNow(order.publicHash)))
    expect(answers.map((reply) => reply.body.url)).toEqual(Array(5).fill(`/payment-success?hash=${order.publicHash}`))
    await drainWebhooks()
    expect(sent.filter((delivery) => delivery.body?.includes(`order:${order.id}:attempt:1`))).toHaveLength(1)
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid' })
  })

  it('an approval past its 30 minutes is refused: the order fails PAYMENT_CANCELED, retryable, and a card pays it', async () => {
    const { order, reference } = await approvedAmazonOrder()
    process.env.CLOCK_NOW = new Date(Date.now() + 31 * 60_000).toISOString()
    expect((await payNow(order.publicHash)).body).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_RETRYABLE' })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'failed', failure: { code: 'PAYMENT_CANCELED', retryable: true } })
    expect((await payValidate(order.publicHash)).body).toMatchObject({ valid: false, expiresAt: expect.any(String) })
    // Sent anyway: still refused; the browser return and url/ lead to checkout.
    expect((await payNow(order.publicHash)).body).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_RETRYABLE' })
    expect(pathOf((await send(amazonValidate, `/api/veilgate/purchase/amazon-validate?token=${reference}`, { method: 'GET' })).location)).toBe(`/order/checkout?hash=${order.publicHash}`)
    const step = await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: order.publicHash } })
    expect(step.body).toMatchObject({ status: 'failed', url: `/order/checkout?hash=${order.publicHash}`, failure: { code: 'PAYMENT_CANCELED', retryable: true } })
    const card = await payNow(order.publicHash, 'card').catch(() => null)
    expect(card?.body).toMatchObject({ statusCode: 400, code: 'REQUIRED', field: 'cardToken' })
    const paid = await callRoute(purchaseRoute, {
      path: '/api/veilgate/purchase/url-with-email/',
      body: { hash: order.publicHash, paymentMethod: 'card', cardToken: await tokenFor('4242424242424242'), locale: 'en' },
      headers: { 'idempotency-key': `wallet-card-${Date.now()}-${++keys}` },
    })
    expect(paid.body).toMatchObject({ status: 'paid' })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid', method: 'card' })
  })

  it('expires on the first read too: amazon-pay-validate past the 30 minutes fails the order', async () => {
    const { order } = await approvedAmazonOrder()
    process.env.CLOCK_NOW = new Date(Date.now() + 30 * 60_000 + 5_000).toISOString()
    expect((await payValidate(order.publicHash)).body).toMatchObject({ valid: false })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'failed', failure: { code: 'PAYMENT_CANCELED', retryable: true } })
  })

  it('cancel and fail as for PayPal: checkout with PAYMENT_CANCELED, the payment error page with PAYMENT_DECLINED, each noticed', async () => {
    deliverInProcess()
    const canceled = await buy()
    const canceledOrder = await orderOf(canceled.body.hash)
    expect((await answer(referenceOf(canceled.body.url), 'cancel')).body).toEqual({ url: `/order/checkout?hash=${canceledOrder.publicHash}` })
    const failed = await buy()
    const failedOrder = await orderOf(failed.body.hash)
    expect((await answer(referenceOf(failed.body.url), 'fail')).body).toEqual({ url: `/payment-error?hash=${failedOrder.publicHash}` })
    await drainWebhooks()
    const statusOf = (orderId: number) => sent.filter((delivery) => delivery.body?.includes(`order:${orderId}:`)).map((delivery) => JSON.parse(delivery.body!).ChargeStatus)
    expect(statusOf(canceledOrder.id)).toEqual(['Canceled'])
    expect(statusOf(failedOrder.id)).toEqual(['Declined'])
    expect(await orderOf(canceledOrder.publicHash)).toMatchObject({ status: 'failed', failure: { code: 'PAYMENT_CANCELED', retryable: true } })
    expect(await orderOf(failedOrder.publicHash)).toMatchObject({ status: 'failed', failure: { code: 'PAYMENT_DECLINED', retryable: true } })
    // A canceled order paid again with Amazon Pay: a new approval.
    const again = await payNow(canceledOrder.publicHash)
    expect(again.body).toMatchObject({ status: 'requires_action', url: `/sandbox/approve/sbx_${canceledOrder.id}_2` })
  })
})

describe('the Amazon routes refuse what they cannot read', () => {
  it('amazon-validate: no or malformed token 400, unknown 404; other methods’ tokens are not Amazon’s', async () => {
    expect((await send(amazonValidate, '/api/veilgate/purchase/amazon-validate', { method: 'GET' })).status).toBe(400)
    expect(JSON.parse((await send(amazonValidate, '/api/veilgate/purchase/amazon-validate?token=%00x', { method: 'GET' })).text)).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' })
    expect(JSON.parse((await send(amazonValidateDelete, '/api/veilgate/purchase/amazon-validate?token=sbx_999999999_1', { method: 'DELETE' })).text)).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' })
    const paypal = await buy({ paymentMethod: 'paypal' })
    expect((await send(amazonValidate, `/api/veilgate/purchase/amazon-validate?token=${referenceOf(paypal.body.url)}`, { method: 'GET' })).status).toBe(404)
  })

  it('the two reads: hash missing or malformed 400, unknown or not Amazon Pay 404, other methods 405', async () => {
    for (const read of [userInfo, payValidate]) {
      expect((await read('')).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' })
      expect((await read('not-a-hash')).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' })
      expect((await read('A'.repeat(22))).body).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' })
    }
    const paypal = await buy({ paymentMethod: 'paypal' })
    expect((await userInfo(String(paypal.body.hash))).body).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' })
    expect((await callRoute(userInfoPost, { path: '/api/veilgate/purchase/amazon-user-info/', body: {} })).body).toMatchObject({ statusCode: 405, code: 'METHOD_NOT_ALLOWED' })
    expect((await callRoute(payValidatePut, { path: '/api/veilgate/purchase/amazon-pay-validate/', method: 'PUT', body: {} })).body).toMatchObject({ statusCode: 405, code: 'METHOD_NOT_ALLOWED' })
  })

  it('purchase/amazon: bad, missing and stale signatures 400 INVALID_SIGNATURE (nothing changes); malformed bodies 4xx, never 5xx', async () => {
    const { order, reference } = await approvedAmazonOrder()
    const secret = sandboxWebhookSecret(payload)
    const notice = JSON.stringify(sandboxAmazonNotice({ providerRef: reference, status: 'succeeded', orderId: order.id, attempt: 1 }))
    const post = (body: string, signature: string | null) => send(amazonRoute, '/api/veilgate/purchase/amazon', { method: 'POST', headers: signature ? { 'sandbox-signature': signature } : {}, body })
    expect((await post(notice, null)).status).toBe(400)
    expect(JSON.parse((await post(notice, signPayload('wrong-secret-0123456789', notice, new Date()))).text)).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' })
    expect(JSON.parse((await post(notice, signPayload(secret, notice, new Date(Date.now() - 10 * 60_000)))).text)).toMatchObject({ code: 'INVALID_SIGNATURE' })
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'requires_action' })
    for (const body of ['', 'not json', '[]', '{}', JSON.stringify({ NotificationId: 'x', ChargeId: 'y', ChargeStatus: 'Open' }), JSON.stringify({ NotificationId: '', ChargeId: 'y', ChargeStatus: 'Completed' }), '{"NotificationId":"\u0000"}']) {
      const reply = await post(body, signPayload(secret, body, new Date()))
      expect(reply.status, body).toBe(400)
      expect(JSON.parse(reply.text)).toMatchObject({ code: 'INVALID_INPUT' })
    }
    // A signed notice of a charge nobody captured: the sandbox still says requires_action, nothing changes.
    expect((await post(notice, signPayload(secret, notice, new Date()))).status).toBe(200)
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'requires_action' })
  })

  it('takes each notice ten times and out of order with one effect: a late Declined never undoes the payment', async () => {
    deliverInProcess()
    const { order, reference } = await approvedAmazonOrder()
    expect((await payNow(order.publicHash)).status).toBe(200)
    await drainWebhooks()
    const secret = sandboxWebhookSecret(payload)
    const completed = JSON.stringify(sandboxAmazonNotice({ providerRef: reference, status: 'succeeded', orderId: order.id, attempt: 1 }))
    const declined = JSON.stringify(sandboxAmazonNotice({ providerRef: reference, status: 'failed', providerCode: 'payment_declined', orderId: order.id, attempt: 1 }))
    const canceled = JSON.stringify(sandboxAmazonNotice({ providerRef: reference, status: 'failed', providerCode: 'payment_canceled', orderId: order.id, attempt: 1 }))
    const deliveries = [declined, canceled, completed].flatMap((body) => Array.from({ length: 10 }, () => body)).sort(() => Math.random() - 0.5)
    const replies = await Promise.all(deliveries.map((body) => send(amazonRoute, '/api/veilgate/purchase/amazon', { method: 'POST', headers: { 'sandbox-signature': signPayload(secret, body, new Date()) }, body })))
    expect(replies.every((reply) => reply.status === 200)).toBe(true)
    const paid = await orderOf(order.publicHash)
    expect(paid).toMatchObject({ status: 'paid' })
    expect(await mailTo(payload, (await orderOf(order.publicHash)).email!, 'receipt')).toHaveLength(1)
  })
})

describe('Apple Pay and Google Pay through the sandbox', () => {
  it('the sandbox takes no token for them: 400 INVALID_INPUT on cardToken', async () => {
    expect((await buy({ paymentMethod: 'apple-pay', cardToken: 'pm_card_visa' })).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'cardToken' })
  })

  it('each is approved on the sandbox’s page and paid by its card-route event, one-off', async () => {
    deliverInProcess()
    expect((await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y' } })).body.methods).toEqual(['card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments', 'paymentwall'])
    for (const method of ['apple-pay', 'google-pay']) {
      const started = await buy({ paymentMethod: method })
      const order = await orderOf(started.body.hash)
      expect(started.body).toEqual({ hash: order.publicHash, status: 'requires_action', url: `/sandbox/approve/sbx_${order.id}_1` })
      expect(order).toMatchObject({ method, autoRenew: false })
      expect((await answer(referenceOf(started.body.url), 'approve')).body).toEqual({ url: `/payment-success?hash=${order.publicHash}` })
      await drainWebhooks()
      expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid', method })
    }
  })
})
