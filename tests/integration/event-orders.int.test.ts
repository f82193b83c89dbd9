// One payment's events in any order and number. fast-check picks how often each event is
// delivered (1–10 times) and in which order, all at once: a card order's two attempts (the first
// wanting 3-D Secure, then declined; the second wanting it, processing, then paid, perhaps
// refunded after), and a Paymentwall order's paid and refund pingbacks. Whatever the order, the
// payment ends in one state, the provider's latest (paid, or refunded when the provider refunded
// it), with one subscription and one receipt. EVENT_SEED reruns a seed; EVENT_RUNS (default 15)
// sets the number of runs per property.
import fc from 'fast-check'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as paymentwallRoute } from '@/app/api/veilgate/purchase/paymentwall/route'
import { POST as cardRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { query } from '@/services/db'
import { PINGBACK_REFUND, sandboxPingback, signedPingback } from '@/services/payments/paymentwall/pingback'
import { setWebhookTransport } from '@/services/payments/sandbox/deliver'
import { sandboxWebhookSecret } from '@/services/payments/sandbox/provider'
import { sandboxEvent, sandboxRefundEvent, SANDBOX_SIGNATURE_HEADER, signPayload } from '@/services/payments/webhooks'
import { runEmailJobs } from '../support/mail'
import { callRoute } from '../support/routes'

const seed = Number(process.env.EVENT_SEED ?? Math.floor(Math.random() * 2 ** 31))
const runs = Number(process.env.EVENT_RUNS ?? 15)

let payload: Payload
let counter = 0

beforeAll(async () => {
  payload = await getPayload({ config })
  // What the sandbox sends by itself is not delivered: the test delivers every event.
  setWebhookTransport(async () => ({ status: 200 }))
  console.info(`EVENT_SEED=${seed} (EVENT_RUNS=${runs})`)
})
afterAll(() => setWebhookTransport(null))

const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body.token)
const purchase = (body: Record<string, unknown>) => callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `events-${seed}-${++counter}` } })
const orderOf = async (id: number) => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
const orderByHash = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!

/** One delivery of an event: to the card route signed as the sandbox signs, or Paymentwall's pingback. */
type Delivery = { name: string; send: () => Promise<number> }
const cardEvent = (name: string, event: unknown): Delivery => {
  const body = JSON.stringify(event)
  return { name, send: async () => (await callRoute(cardRoute, { path: '/api/veilgate/purchase/stripe', body, headers: { [SANDBOX_SIGNATURE_HEADER]: signPayload(sandboxWebhookSecret(payload), body, new Date()) } })).status }
}
const pingback = (name: string, params: Record<string, string>): Delivery => ({
  name,
  send: async () => {
    const url = new URL(`/api/veilgate/purchase/paymentwall?${signedPingback(params, sandboxWebhookSecret(payload), new Date())}`, 'http://localhost:3000')
    return (await paymentwallRoute(new Request(url), {} as never)).status
  },
})

/**
 * Every delivery at once, each event `copies[i]` times in the order `ranks` gives; a 5xx (an event
 * another delivery is applying) is delivered again, as the provider retries, until taken.
 */
async function deliverAll(events: Delivery[], copies: number[], ranks: number[]) {
  const deliveries = events.flatMap((event, index) => Array.from({ length: copies[index]! }, () => event))
  const order = deliveries.map((delivery, index) => ({ delivery, rank: ranks[index % ranks.length]! + index / 1000 })).sort((a, b) => a.rank - b.rank)
  const statuses = await Promise.all(
    order.map(async ({ delivery }) => {
      for (let tries = 0; tries < 20; tries++) {
        const status = await delivery.send()
        if (status < 500) return status
      }
      return 503
    }),
  )
  expect(statuses.every((status) => status === 200), statuses.join(',')).toBe(true)
  return deliveries.map((delivery) => delivery.name)
}

/** The payment ended once: this state, one subscription (ended when refunded), one receipt, one refund at most. */
async function endedOnce(orderId: number, email: string, status: 'paid' | 'refunded') {
  const order = await orderOf(orderId)
  expect(order.status).toBe(status)
  const subscriptions = (await payload.find({ collection: 'subscriptions', where: { order: { equals: orderId } }, depth: 0, overrideAccess: true })).docs
  expect(subscriptions).toHaveLength(1)
  await runEmailJobs(payload)
  expect(await query(payload, `select id from outbox where "to" = $1 and template = 'receipt'`, [email])).toHaveLength(1)
  const refunds = await query(payload, `select id from payment_attempts where order_id = $1 and kind = 'refund'`, [orderId])
  expect(refunds.length).toBe(status === 'refunded' ? 1 : 0)
}

describe('a payment’s events in any order and number', () => {
  it(`end a card order’s two attempts in the provider’s latest state (${runs} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 6, maxLength: 6 }), fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 60, maxLength: 60 }), async (refunded, copies, ranks) => {
        const email = `events-card-${seed}-${++counter}@example.com`
        // Attempt 1: 3-D Secure wanted; the bank declined it, which the site heard before the retry.
        const started = await purchase({ email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: await tokenFor('4000002760003184'), country: 'DE', locale: 'en' })
        const order = await orderByHash(started.body.hash)
        const first = `sbx_${order.id}_1`
        await query(payload, `update sandbox_ledger set status = 'failed', error_code = 'card_declined' where ref = $1`, [first])
        expect((await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: order.publicHash } })).body).toMatchObject({ status: 'failed' })
        // Attempt 2: 3-D Secure again, then paid at the processor; the site has not heard.
        const retried = await purchase({ hash: order.publicHash, paymentMethod: 'card', cardToken: await tokenFor('4000002760003184'), locale: 'en' })
        expect(retried.body).toMatchObject({ status: 'requires_action' })
        const second = `sbx_${order.id}_2`
        await query(payload, `update sandbox_ledger set status = 'succeeded' where ref = $1`, [second])
        const at = new Date()
        const about = (providerRef: string, attempt: number) => ({ providerRef, orderId: order.id, hash: order.publicHash, attempt, at })
        const events = [
          cardEvent('1: requires_action', sandboxEvent({ ...about(first, 1), status: 'requires_action' })),
          cardEvent('1: payment_failed', sandboxEvent({ ...about(first, 1), status: 'failed' })),
          cardEvent('2: requires_action', sandboxEvent({ ...about(second, 2), status: 'requires_action' })),
          cardEvent('2: processing', sandboxEvent({ ...about(second, 2), status: 'processing' })),
          cardEvent('2: succeeded', sandboxEvent({ ...about(second, 2), status: 'succeeded' })),
          ...(refunded ? [cardEvent('2: charge.refunded', sandboxRefundEvent({ ...about(second, 2), amount: order.total }))] : []),
        ]
        await deliverAll(events, copies, ranks)
        await endedOnce(order.id, email, refunded ? 'refunded' : 'paid')
        const attempts = (await payload.find({ collection: 'payment-attempts', where: { and: [{ order: { equals: order.id } }, { kind: { equals: 'charge' } }] }, sort: 'number', depth: 0, overrideAccess: true })).docs
        expect(attempts.map((attempt) => attempt.status)).toEqual(['failed', 'succeeded'])
      }),
      { seed, numRuns: runs, endOnFailure: true },
    )
  }, 600_000)

  it(`end a Paymentwall order in the provider’s latest state, its refund pingback before or after the payment’s (${runs} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 2, maxLength: 2 }), fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 20, maxLength: 20 }), async (refunded, copies, ranks) => {
        const email = `events-paymentwall-${seed}-${++counter}@example.com`
        const started = await purchase({ email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'paymentwall', country: 'DE', locale: 'en' })
        const order = await orderByHash(started.body.hash)
        const ref = `sbx_${order.id}_1`
        // The buyer paid on Paymentwall's page (and it may have refunded them since); the site has heard nothing.
        await query(payload, `update sandbox_ledger set status = 'succeeded' where ref = $1`, [ref])
        const params = { providerRef: ref, hash: order.publicHash, customer: `order-${order.id}` }
        const events = [pingback('paid pingback', sandboxPingback(params)), ...(refunded ? [pingback('refund pingback', sandboxPingback({ ...params, type: PINGBACK_REFUND }))] : [])]
        await deliverAll(events, copies, ranks)
        await endedOnce(order.id, email, refunded ? 'refunded' : 'paid')
      }),
      { seed, numRuns: runs, endOnFailure: true },
    )
  }, 600_000)
})
