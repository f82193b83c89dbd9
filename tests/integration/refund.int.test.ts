// The 30-day money-back guarantee: an admin's refund through the sandbox, its one effect, its refusals, and refunds reported by the provider.
import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as approveRoute } from '@/app/api/payments/sandbox/approve/[attempt]/route'
import { GET as stateRoute, POST as refundRoute } from '@/app/api/veilgate/admin/orders/[id]/refund/route'
import { GET as paymentwallRoute } from '@/app/api/veilgate/purchase/paymentwall/route'
import { GET as paypalReturn, POST as paypalRoute } from '@/app/api/veilgate/purchase/paypal/route'
import { POST as cardRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { query } from '@/services/db'
import { advanceClock } from '@/services/payments/sandbox/clock'
import { setWebhookTransport } from '@/services/payments/sandbox/deliver'
import { mailSentTo, mailTo } from '../support/mail'
import { callRoute } from '../support/routes'
import { resetSandboxClock } from '../support/sandbox-clock'
import { drainWebhooks } from '../support/webhooks'

let payload: Payload
let admin: Record<string, string>
let customerHeaders: Record<string, string>
let buyers = 0
let keys = 0

type Sent = { url: string; method: 'POST' | 'GET'; headers: Record<string, string>; body?: string }
let sent: Sent[] = []

async function send(handler: (request: Request, context: never) => Promise<Response>, url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  const response = await handler(new Request(new URL(url, 'http://localhost:3000'), init), {} as never)
  return { status: response.status, text: await response.text() }
}
const routeFor = (url: string) => (url.includes('/purchase/paymentwall') ? paymentwallRoute : url.includes('/purchase/paypal') ? paypalRoute : cardRoute)

beforeAll(async () => {
  payload = await getPayload({ config })
  await resetSandboxClock(payload)
  const { token } = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
  admin = { authorization: `JWT ${token}` }
  const record = await createPasswordlessCustomer(payload, { email: `refund-customer-${Date.now()}@example.com`, source: 'admin' })
  customerHeaders = { 'x-auth-token': await createSession(payload, record.id, { userAgent: 'refund test' }) }
  // The sandbox's events go to their routes in this process, and are kept.
  setWebhookTransport(async (url, init) => {
    sent.push({ url, ...init })
    return { status: (await send(routeFor(url), url, init)).status }
  })
})
afterEach(() => {
  sent = []
})
afterAll(async () => {
  setWebhookTransport(null)
  await resetSandboxClock(payload)
})

const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2036, cvc: '123' } })).body.token)

async function buy(overrides: Record<string, unknown> = {}) {
  const email = `refund-${Date.now()}-${++buyers}@example.com`
  const body = { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', country: 'DE', locale: 'en', ...overrides }
  const answer = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `refund-key-${Date.now()}-${++keys}` } })
  const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(answer.body.hash) } }, depth: 0, overrideAccess: true })).docs[0]!
  return { answer, order, email }
}
const paidByCard = async (number = '4242424242424242', overrides: Record<string, unknown> = {}) => {
  const bought = await buy({ cardToken: await tokenFor(number), ...overrides })
  expect(bought.answer.body.status).toBe('paid')
  await drainWebhooks(payload)
  return bought
}

const refund = (id: number | string, headers = admin) => callRoute(refundRoute, { path: `/api/veilgate/admin/orders/${id}/refund/`, body: {}, headers, params: { id: String(id) } })
const stateOf = (id: number | string, headers = admin) => callRoute(stateRoute, { path: `/api/veilgate/admin/orders/${id}/refund/`, headers, params: { id: String(id) } })
const orderOf = async (id: number) => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
const attemptsOf = async (id: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: id } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const subscriptionOf = async (id: number) => (await payload.find({ collection: 'subscriptions', where: { order: { equals: id } }, depth: 0, overrideAccess: true })).docs[0]!
const cancelJobsFor = async (ref: string) => query<{ id: number }>(payload, `select id from payload_jobs where task_slug = 'cancelRenewals' and input->'refs' ? $1`, [ref])

describe('the 30-day refund', () => {
  it('refunds a 10-day-old card order once: refund attempt, access ended, renewal stopped, e-mail; the event back and a second click change nothing', async () => {
    const { order, email } = await paidByCard()
    const subscription = await subscriptionOf(order.id)
    expect(subscription).toMatchObject({ status: 'active', autoRenew: true })
    await advanceClock(payload, { days: 10 })

    expect((await stateOf(order.id)).body).toMatchObject({ status: 'paid', refundable: true, reason: null, refunded: null })
    const answer = await refund(order.id)
    expect(answer).toEqual({ status: 200, body: { order: { id: order.id, status: 'refunded' }, refund: { amount: order.total } } })

    const refunded = await orderOf(order.id)
    expect(refunded).toMatchObject({ status: 'refunded', refundAmount: order.total, refundedAt: expect.any(String), refundStartedAt: null })
    const attempts = await attemptsOf(order.id)
    expect(attempts.map((attempt) => [attempt.kind, attempt.status, attempt.amount])).toEqual([
      ['charge', 'succeeded', order.total],
      ['refund', 'succeeded', order.total],
    ])
    expect(attempts[1]!.providerRef).toBe(`sandbox:sbx_${order.id}_1:refund`)
    const ended = await subscriptionOf(order.id)
    expect(ended).toMatchObject({ status: 'expired', autoRenew: false, nextRenewal: { at: null, amount: null } })
    expect(new Date(ended.currentPeriodEnd).getTime()).toBeLessThanOrEqual(new Date(refunded.refundedAt!).getTime())
    expect(await cancelJobsFor(`sandbox:sbx_${order.id}_1`)).toHaveLength(1)

    const [mail, ...more] = await mailTo(payload, email, 'refund-issued')
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Your Veilgate refund')
    expect(mail!.text).toContain(`$${(order.total / 100).toFixed(2)}`)
    expect(mail!.text).toContain('Visa •••• 4242')

    // The sandbox reported it as Stripe does; taken in, nothing more happens.
    await drainWebhooks(payload)
    const event = sent.find((delivery) => delivery.body?.includes('charge.refunded') && delivery.body.includes(`order:${order.id}:attempt:1`))
    expect(JSON.parse(event!.body!)).toMatchObject({ type: 'charge.refunded', data: { object: { payment_intent: `sbx_${order.id}_1`, refunded: true, amount_refunded: order.total } } })
    expect(await send(cardRoute, event!.url, event!)).toMatchObject({ status: 200 })

    // A second click: the same answer, nothing more given back or sent.
    expect(await refund(order.id)).toEqual(answer)
    expect(await attemptsOf(order.id)).toHaveLength(2)
    expect(await mailSentTo(payload, email, 'refund-issued')).toHaveLength(1)
    expect((await stateOf(order.id)).body).toMatchObject({ status: 'refunded', refundable: false, refunded: { amount: order.total } })
    await resetSandboxClock(payload)
  })

  it('refunds once under two concurrent calls', async () => {
    const { order, email } = await paidByCard('5555555555554444')
    const answers = await Promise.all([refund(order.id), refund(order.id)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers[0]!.body).toEqual(answers[1]!.body)
    expect((await attemptsOf(order.id)).filter((attempt) => attempt.kind === 'refund')).toHaveLength(1)
    expect(await mailTo(payload, email, 'refund-issued')).toHaveLength(1)
  })

  it('refuses after the 30 days (409 REFUND_WINDOW_CLOSED); an order not paid (409 ORDER_NOT_REFUNDABLE); nothing changes', async () => {
    const { order } = await paidByCard()
    const paidAt = new Date((await orderOf(order.id)).paidAt!)
    // The clock five minutes before the end of the 30 days: still open. (The clock runs on from
    // there: one second before, a loaded machine read the state after the deadline had passed.)
    await advanceClock(payload, { to: new Date(paidAt.getTime() + 30 * 86_400_000 - 300_000).toISOString() })
    expect((await stateOf(order.id)).body).toMatchObject({ refundable: true, deadline: new Date(paidAt.getTime() + 30 * 86_400_000).toISOString() })
    await advanceClock(payload, { to: new Date(paidAt.getTime() + 31 * 86_400_000).toISOString() })
    expect(await refund(order.id)).toEqual({ status: 409, body: { statusCode: 409, code: 'REFUND_WINDOW_CLOSED', message: 'The 30-day money-back period of this order has ended.' } })
    expect((await stateOf(order.id)).body).toMatchObject({ refundable: false, reason: 'REFUND_WINDOW_CLOSED' })
    expect((await orderOf(order.id)).status).toBe('paid')
    await resetSandboxClock(payload)

    const declined = await buy({ cardToken: await tokenFor('4000000000000002') })
    expect(declined.order.status).toBe('failed')
    expect(await refund(declined.order.id)).toEqual({ status: 409, body: { statusCode: 409, code: 'ORDER_NOT_REFUNDABLE', message: 'This order cannot be refunded.' } })
    // A free trial paid nothing.
    const trial = await paidByCard('4242424242424242', { plan: 'vpn-trial-1m' })
    expect((await refund(trial.order.id)).body).toMatchObject({ code: 'ORDER_NOT_REFUNDABLE' })
    expect((await attemptsOf(declined.order.id)).map((attempt) => attempt.kind)).toEqual(['charge'])
  })

  it('changes nothing when the provider refuses: 503 SERVER_MAINTENANCE, the order still paid and refundable', async () => {
    const { order, email } = await paidByCard('4000000000005126')
    expect(await refund(order.id)).toEqual({ status: 503, body: { statusCode: 503, code: 'SERVER_MAINTENANCE', message: 'Server maintenance. Please, try again later' } })
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', refundStartedAt: null, refundedAt: null })
    expect((await attemptsOf(order.id)).map((attempt) => attempt.kind)).toEqual(['charge'])
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'active', autoRenew: true })
    expect(await mailSentTo(payload, email, 'refund-issued')).toEqual([])
    expect((await stateOf(order.id)).body).toMatchObject({ refundable: true })
  })

  it('is for admins only: nobody and customers get 401 EXPIRED_SESSION; unknown and malformed ids 404', async () => {
    const { order } = await paidByCard()
    for (const headers of [{}, customerHeaders, { authorization: 'JWT nope' }]) {
      expect(await refund(order.id, headers)).toMatchObject({ status: 401, body: { statusCode: 401, code: 'EXPIRED_SESSION' } })
      expect((await stateOf(order.id, headers)).status).toBe(401)
    }
    expect((await orderOf(order.id)).status).toBe('paid')
    for (const id of ['999999999', 'abc', '-1', '1.5', '0']) expect((await refund(id)).body, id).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' })
  })

  it('refunds a PayPal order: PAYMENT.CAPTURE.REFUNDED goes to the PayPal route, the billing agreement stops', async () => {
    const { answer, order, email } = await buy({ paymentMethod: 'paypal' })
    const reference = String(answer.body.url).split('/').pop()!
    const approved = await callRoute(approveRoute, { path: `/api/payments/sandbox/approve/${reference}`, body: { outcome: 'approve' }, params: { attempt: reference } })
    await send(paypalReturn, String(approved.body.url), { method: 'GET' })
    await drainWebhooks(payload)
    expect((await orderOf(order.id)).status).toBe('paid')
    expect((await refund(order.id)).body).toEqual({ order: { id: order.id, status: 'refunded' }, refund: { amount: order.total } })
    await drainWebhooks(payload)
    const event = sent.find((delivery) => delivery.url.endsWith('/purchase/paypal') && delivery.body?.includes('PAYMENT.CAPTURE.REFUNDED'))
    expect(JSON.parse(event!.body!)).toMatchObject({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: reference, custom_id: `order:${order.id}:attempt:1` } })
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'expired', autoRenew: false })
    expect(await cancelJobsFor(`sandbox:${reference}`)).toHaveLength(1)
    const [mail] = await mailTo(payload, email, 'refund-issued')
    expect(mail!.text).toContain('PayPal')
  })

  it('ends access when the refund is made at the provider: a Paymentwall refund pingback', async () => {
    const { answer, order, email } = await buy({ paymentMethod: 'paymentwall', locale: 'de' })
    const reference = String(answer.body.url).split('/').pop()!
    await callRoute(approveRoute, { path: `/api/payments/sandbox/approve/${reference}`, body: { outcome: 'approve' }, params: { attempt: reference } })
    await drainWebhooks(payload)
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'active' })
    const { sandboxPingback, signedPingback } = await import('@/services/payments/paymentwall/pingback')
    const { sandboxWebhookSecret } = await import('@/services/payments/sandbox/provider')
    const url = `/api/veilgate/purchase/paymentwall?${signedPingback(sandboxPingback({ providerRef: reference, hash: order.publicHash, customer: 'c', type: '2' }), sandboxWebhookSecret(payload), new Date())}`
    expect((await send(paymentwallRoute, url, { method: 'GET' })).text).toBe('OK')
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refundAmount: order.total })
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'expired', autoRenew: false })
    const [mail] = await mailTo(payload, email, 'refund-issued')
    expect(mail!.subject).toBe('Ihre Veilgate-Erstattung')
    // The admin's button then answers as for any refunded order.
    expect((await refund(order.id)).body).toEqual({ order: { id: order.id, status: 'refunded' }, refund: { amount: order.total } })
  })
})
