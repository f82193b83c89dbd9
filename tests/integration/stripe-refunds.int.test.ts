// Refunds and disputes through Stripe: an admin's refund given back at Stripe and the subscription stopped there, and Stripe's own refunds and disputes (made in its dashboard) reaching the order they are about.
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as stateRoute, POST as refundRoute } from '@/app/api/veilgate/admin/orders/[id]/refund/route'
import { POST as webhookRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import Stripe from 'stripe'
import { mailSentTo, mailTo } from '../support/mail'
import type { FakeEvent, FakeStripe } from '../support/fake-stripe'
import { deliverStripeEvent, setEnv, stormStripeEvents, useStripeStandIn } from '../support/stripe-account'
import { callRoute } from '../support/routes'

let payload: Payload
let stripe: FakeStripe
let restore: (() => Promise<void>) | undefined
let admin: Record<string, string>
let run = 0
const WEBHOOK_SECRET = 'whsec_refunds0123456789'

beforeAll(async () => {
  payload = await getPayload({ config })
  const standIn = await useStripeStandIn(payload, 'refunds', WEBHOOK_SECRET)
  stripe = standIn.stripe
  restore = standIn.restore
  const { token } = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
  admin = { authorization: `JWT ${token}` }
})
afterAll(() => restore?.())

/** A paid order through Stripe: a yearly plan (a Stripe subscription) or the lifetime plan (one PaymentIntent). */
async function paid(plan: 'vpn-1y' | 'vpn-lifetime' = 'vpn-1y') {
  const n = ++run
  const body = { email: `stripe-refunds-${Date.now()}-${n}@example.com`, receiveMarketingEmails: false, plan, paymentMethod: 'card', cardToken: `pm_card_visa__f${n}`, country: 'DE', locale: 'en' }
  const started = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `stripe-refunds-${Date.now()}-${n}` } })
  if (started.body.clientSecret) expect(stripe.confirm(String(started.body.clientSecret)).status).toBe(200)
  expect((await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: String(started.body.hash) } })).body.status).toBe('paid')
  const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(started.body.hash) } }, depth: 0, overrideAccess: true })).docs[0]!
  const billed = [...stripe.subscriptions.values()].find((candidate) => candidate.metadata.orderId === String(order.id)) ?? null
  return { email: body.email, order, billed }
}

const refund = (id: number) => callRoute(refundRoute, { path: `/api/veilgate/admin/orders/${id}/refund/`, body: {}, headers: admin, params: { id: String(id) } })
const stateOf = (id: number) => callRoute(stateRoute, { path: `/api/veilgate/admin/orders/${id}/refund/`, headers: admin, params: { id: String(id) } })
const orderOf = (id: number) => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
const subscriptionOf = async (orderId: number) => (await payload.find({ collection: 'subscriptions', where: { order: { equals: orderId } }, depth: 0, overrideAccess: true })).docs[0]!
const attemptsOf = async (orderId: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: orderId } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const refundsAsked = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds')
/** What Stripe emitted since `from`, of these types. */
const emittedSince = (from: number, ...types: string[]) => stripe.emitted.slice(from).filter((event) => types.includes(event.type))

const deliver = (event: FakeEvent, secret?: string) => deliverStripeEvent(stripe, event, secret)
const storm = (events: FakeEvent[]) => stormStripeEvents(stripe, events)

describe('an admin’s refund through Stripe', () => {
  it('gives a subscription’s first payment back at Stripe and cancels the subscription there, once under two concurrent calls; Stripe’s events afterwards change nothing', async () => {
    const { order, billed, email } = await paid()
    expect((await stateOf(order.id)).body).toMatchObject({ status: 'paid', refundable: true, reason: null })
    const mark = stripe.emitted.length
    const answers = await Promise.all([refund(order.id), refund(order.id)])
    expect(answers.map((answer) => answer.body)).toEqual([
      { order: { id: order.id, status: 'refunded' }, refund: { amount: order.total } },
      { order: { id: order.id, status: 'refunded' }, refund: { amount: order.total } },
    ])
    // The first invoice's PaymentIntent given back, keyed by the order; the subscription canceled now, once.
    const firstInvoice = billed!.latest_invoice
    const intent = /^(pi_[A-Za-z0-9_]+?)_secret_/.exec(firstInvoice.confirmation_secret!.client_secret)![1]!
    expect(refundsAsked().filter((request) => request.form.get('payment_intent') === intent).map((request) => request.idempotencyKey)).toEqual([`order:${order.id}:refund`])
    expect([...stripe.charges.values()].find((charge) => charge.payment_intent === intent)).toMatchObject({ refunded: true, amount_refunded: order.total })
    expect(billed!.status).toBe('canceled')
    expect(stripe.requests.filter((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${billed!.id}`).map((request) => request.idempotencyKey)).toEqual([`sub:${billed!.id}:cancel`])

    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refundAmount: order.total })
    expect((await attemptsOf(order.id)).map((attempt) => [attempt.kind, attempt.status])).toEqual([
      ['charge', 'succeeded'],
      ['refund', 'succeeded'],
    ])
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'expired', autoRenew: false })
    expect(await mailTo(payload, email, 'refund-issued')).toHaveLength(1)

    // Stripe reports the refund and the cancel, ten times over and in any order: nothing more happens.
    const reported = emittedSince(mark, 'charge.refunded', 'customer.subscription.deleted')
    expect(reported.map((event) => event.type).sort()).toEqual(['charge.refunded', 'customer.subscription.deleted'])
    expect((await storm(reported)).every((answer) => answer.status === 200)).toBe(true)
    expect(await attemptsOf(order.id)).toHaveLength(2)
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'expired' })
    expect(await mailSentTo(payload, email, 'refund-issued')).toHaveLength(1)
  })

  it('gives a one-off payment back by its PaymentIntent', async () => {
    const { order, email } = await paid('vpn-lifetime')
    expect((await refund(order.id)).status).toBe(200)
    const charge = [...stripe.charges.values()].find((candidate) => candidate.metadata && (candidate.metadata as Record<string, string>).orderId === String(order.id))!
    expect(charge).toMatchObject({ refunded: true })
    expect(refundsAsked().filter((request) => request.form.get('payment_intent') === charge.payment_intent)).toHaveLength(1)
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded' })
    expect(await mailTo(payload, email, 'refund-issued')).toHaveLength(1)
  })

  it('changes nothing when Stripe cannot be reached: 503 SERVER_MAINTENANCE, still paid and refundable, then refunds once', async () => {
    const { order, billed } = await paid()
    setEnv({ STRIPE_API_URL: 'http://127.0.0.1:9' })
    try {
      expect((await refund(order.id)).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
    } finally {
      setEnv({ STRIPE_API_URL: stripe.url })
    }
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', refundStartedAt: null, refundedAt: null })
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'active', autoRenew: true })
    expect(billed!.status).toBe('active')
    expect((await stateOf(order.id)).body).toMatchObject({ refundable: true })
    expect((await refund(order.id)).status).toBe(200)
    expect(billed!.status).toBe('canceled')
  })

  it('refunds a renewal Stripe charged: that invoice’s payment, and the subscription it renewed ends', async () => {
    const { order, billed } = await paid()
    const mark = stripe.emitted.length
    stripe.renew(billed!.id)
    await storm(emittedSince(mark, 'invoice.paid'))
    const subscription = await subscriptionOf(order.id)
    const renewal = (await payload.find({ collection: 'orders', where: { renews: { equals: subscription.id } }, depth: 0, overrideAccess: true })).docs[0]!
    expect(renewal).toMatchObject({ status: 'paid', period: 2 })
    expect((await refund(renewal.id)).status).toBe(200)
    expect(await orderOf(renewal.id)).toMatchObject({ status: 'refunded' })
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid' })
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'expired', autoRenew: false })
    expect(billed!.status).toBe('canceled')
  })
})

describe('refunds and disputes made at Stripe', () => {
  it('a refund in Stripe’s dashboard, of a first payment or of a renewal, ends access once however its event comes; a partial refund leaves the order paid', async () => {
    const client = new Stripe('sk_test_refunds0123456789', { host: '127.0.0.1', port: Number(new URL(stripe.url).port), protocol: 'http' })
    const first = await paid()
    const intentOf = (invoice: { confirmation_secret: { client_secret: string } | null }) => /^(pi_[A-Za-z0-9_]+?)_secret_/.exec(invoice.confirmation_secret!.client_secret)![1]!

    // Part of it given back: not a refund of the order.
    let mark = stripe.emitted.length
    await client.refunds.create({ payment_intent: intentOf(first.billed!.latest_invoice), amount: 100 })
    expect((await storm(emittedSince(mark, 'charge.refunded')))[0]!.body).toEqual({ received: true, ignored: true })
    expect(await orderOf(first.order.id)).toMatchObject({ status: 'paid' })

    const second = await paid()
    mark = stripe.emitted.length
    await client.refunds.create({ payment_intent: intentOf(second.billed!.latest_invoice) })
    const answers = await storm(emittedSince(mark, 'charge.refunded'))
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    expect(await orderOf(second.order.id)).toMatchObject({ status: 'refunded', refundAmount: second.order.total })
    expect((await attemptsOf(second.order.id)).filter((attempt) => attempt.kind === 'refund')).toHaveLength(1)
    expect(await subscriptionOf(second.order.id)).toMatchObject({ status: 'expired', autoRenew: false })
    expect(await mailTo(payload, second.email, 'refund-issued')).toHaveLength(1)

    // A renewal's payment refunded in the dashboard: that renewal order, found through its invoice.
    const third = await paid()
    mark = stripe.emitted.length
    const invoice = stripe.renew(third.billed!.id)
    await storm(emittedSince(mark, 'invoice.paid'))
    const renewal = (await payload.find({ collection: 'orders', where: { renews: { equals: (await subscriptionOf(third.order.id)).id } }, depth: 0, overrideAccess: true })).docs[0]!
    const payments = await client.invoicePayments.list({ invoice: invoice.id, status: 'paid' })
    mark = stripe.emitted.length
    await client.refunds.create({ payment_intent: String(payments.data[0]!.payment.payment_intent) })
    await storm(emittedSince(mark, 'charge.refunded'))
    expect(await orderOf(renewal.id)).toMatchObject({ status: 'refunded' })
    expect(await orderOf(third.order.id)).toMatchObject({ status: 'paid' })
  })

  it('a dispute marks the order disputed once, for admins to filter on, and changes nothing else; foreign, badly signed or stale events change nothing', async () => {
    const { order } = await paid('vpn-lifetime')
    const { billed } = await paid()
    const lifetimeCharge = [...stripe.charges.values()].find((charge) => (charge.metadata as Record<string, string>).orderId === String(order.id))!
    const mark = stripe.emitted.length
    const dispute = stripe.dispute(lifetimeCharge.payment_intent)
    const [event] = emittedSince(mark, 'charge.dispute.created')
    expect((await deliver(event!, 'whsec_someone_else0000')).status).toBe(400)
    expect(await orderOf(order.id)).toMatchObject({ disputed: false, disputedAt: null })

    expect((await storm([event!])).map((answer) => answer.status)).toEqual(Array(10).fill(200))
    const disputed = await orderOf(order.id)
    expect(disputed).toMatchObject({ status: 'paid', disputed: true, disputedAt: expect.any(String), disputeRef: dispute.id, version: order.version })
    const listed = await payload.find({ collection: 'orders', where: { disputed: { equals: true } }, depth: 0, overrideAccess: true, limit: 100 })
    expect(listed.docs.map((candidate) => candidate.id)).toContain(order.id)
    // A second report keeps the first time.
    await deliver({ ...event!, id: `${event!.id}_later` })
    expect((await orderOf(order.id)).disputedAt).toBe(disputed.disputedAt)

    // A subscription's first payment disputed: the order that bought it.
    const subscriptionIntent = /^(pi_[A-Za-z0-9_]+?)_secret_/.exec(billed!.latest_invoice.confirmation_secret!.client_secret)![1]!
    const from = stripe.emitted.length
    stripe.dispute(subscriptionIntent)
    await storm(emittedSince(from, 'charge.dispute.created'))
    const bought = (await payload.find({ collection: 'orders', where: { id: { equals: Number(billed!.metadata.orderId) } }, depth: 0, overrideAccess: true })).docs[0]!
    expect(bought).toMatchObject({ status: 'paid', disputed: true })
    expect(await subscriptionOf(bought.id)).toMatchObject({ status: 'active', autoRenew: true })

    // A dispute this Stripe account does not hold, and an event signed too long ago: nothing.
    const foreign: FakeEvent = { ...event!, id: 'evt_foreign_dispute', data: { object: { ...event!.data.object, id: 'dp_not_ours' } } }
    expect((await deliver(foreign)).body).toEqual({ received: true, ignored: true })
    const body = JSON.stringify({ ...event!, id: 'evt_stale_dispute' })
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 })
    expect((await callRoute(webhookRoute, { path: '/api/veilgate/purchase/stripe', body, headers: { 'stripe-signature': stale } })).status).toBe(400)
  })
})
