// Orders left open by a lost answer or a stopped server, reconciled with their provider: the
// sandbox through its ledger, Stripe through its stand-in; and the ledger's own rules.
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { query } from '@/services/db'
import { reconcileOrders } from '@/services/orders/reconcile'
import { providerById } from '@/services/payments/registry'
import { ledgerEntry } from '@/services/payments/sandbox/ledger'
import { copyAttemptsToLedger } from '@/migrations/20261129_215700_sandbox_ledger'
import type { FakeStripe } from '../support/fake-stripe'
import { useStripeStandIn } from '../support/stripe-account'
import { queuedCardEvents } from '../support/webhooks'
import { callRoute } from '../support/routes'

let payload: Payload
let counter = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body.token)
const buy = async (overrides: Record<string, unknown>, key = `reconcile-${++counter}-${Date.now()}`) =>
  callRoute(purchaseRoute, {
    path: '/api/veilgate/purchase/url-with-email/',
    body: { email: `reconcile-${counter}-${Date.now()}@example.com`, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', country: 'DE', locale: 'en', ...overrides },
    headers: { 'idempotency-key': key },
  })
const orderOf = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!
const attemptsOf = async (orderId: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: orderId } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const subscriptionsOf = async (orderId: number) => (await payload.find({ collection: 'subscriptions', where: { order: { equals: orderId } }, depth: 0, overrideAccess: true })).docs

/** The order as a server that died mid-charge leaves it: processing, the attempt only pending, untouched for 11 minutes. */
async function leftProcessing(orderId: number, attempt: { id: number; provider: string } | null) {
  await query(payload, `update orders set status = 'processing', updated_at = now() - interval '11 minutes' where id = $1`, [orderId])
  if (attempt) await query(payload, `update payment_attempts set status = 'processing', provider_ref = $2 where id = $1`, [attempt.id, `${attempt.provider}:pending_order:${orderId}:attempt:1`])
}

/** Reconciliation until this order is no longer open (other files' open orders may come first in a pass). */
async function reconcile() {
  return reconcileOrders(payload, new Date(), 600)
}

describe('reconciliation with the sandbox ledger', () => {
  it('settles an order whose charge the processor made but whose answer was lost: paid once, fulfilled once', async () => {
    // A 3-D Secure card: the processor records the challenge; the buyer completes it there.
    const started = await buy({ cardToken: await tokenFor('4000002760003184') })
    const order = await orderOf(started.body.hash)
    const [attempt] = await attemptsOf(order.id)
    await query(payload, `update sandbox_ledger set status = 'succeeded' where ref = $1`, [`sbx_${order.id}_1`])
    await leftProcessing(order.id, attempt!)
    const counts = await reconcile()
    expect(counts.settled).toBeGreaterThanOrEqual(1)
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid' })
    const [settled] = await attemptsOf(order.id)
    expect(settled).toMatchObject({ status: 'succeeded', providerRef: `sandbox:sbx_${order.id}_1` })
    expect(await subscriptionsOf(order.id)).toHaveLength(1)
    // The sandbox sends the event for the charge it made (the lost request never queued it).
    expect(await queuedCardEvents(payload, order.id)).toEqual(['payment_intent.requires_action', 'payment_intent.succeeded'])
    // Asked again, nothing more happens.
    const { version } = await orderOf(order.publicHash)
    await reconcile()
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid', version })
    expect(await subscriptionsOf(order.id)).toHaveLength(1)
  })

  it('fails, retryable with PROCESSING_ERROR, an order whose charge never reached the processor; the buyer’s retry pays the same order', async () => {
    const started = await buy({ cardToken: await tokenFor('4000002760003184') })
    const order = await orderOf(started.body.hash)
    const [attempt] = await attemptsOf(order.id)
    // The create call never reached the processor: it has no record.
    await query(payload, `delete from sandbox_ledger where ref = $1`, [`sbx_${order.id}_1`])
    await leftProcessing(order.id, attempt!)
    await reconcile()
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'failed', failure: { code: 'PROCESSING_ERROR', retryable: true } })
    // A charge it never saw: the sandbox sends nothing for it.
    expect(await queuedCardEvents(payload, order.id)).toEqual(['payment_intent.requires_action'])
    const retried = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body: { hash: order.publicHash, paymentMethod: 'card', cardToken: await tokenFor('4242424242424242') }, headers: { 'idempotency-key': `reconcile-retry-${order.id}` } })
    expect(retried.body).toMatchObject({ hash: order.publicHash, status: 'paid' })
    expect((await attemptsOf(order.id)).map((row) => row.status)).toEqual(['failed', 'succeeded'])
    expect(await subscriptionsOf(order.id)).toHaveLength(1)
  })

  it('fails an order left processing before its attempt was written, and leaves recent and waiting orders as they are', async () => {
    const stranded = await orderOf((await buy({ cardToken: await tokenFor('4000002760003184') })).body.hash)
    await query(payload, `delete from payment_attempts where order_id = $1`, [stranded.id])
    await leftProcessing(stranded.id, null)
    // A buyer still on the 3-D Secure page, for 11 minutes: asked, unchanged, asked again only after another wait.
    const waiting = await orderOf((await buy({ cardToken: await tokenFor('4000002760003184') })).body.hash)
    await query(payload, `update orders set updated_at = now() - interval '11 minutes' where id = $1`, [waiting.id])
    // A charge just under way.
    const recent = await orderOf((await buy({ cardToken: await tokenFor('4000002760003184') })).body.hash)
    await query(payload, `update orders set status = 'processing' where id = $1`, [recent.id])
    await reconcile()
    expect(await orderOf(stranded.publicHash)).toMatchObject({ status: 'failed', failure: { code: 'PROCESSING_ERROR', retryable: true } })
    expect(await orderOf(waiting.publicHash)).toMatchObject({ status: 'requires_action', version: waiting.version })
    expect(await orderOf(recent.publicHash)).toMatchObject({ status: 'processing' })
    const [touched] = await query<{ fresh: boolean }>(payload, `select updated_at > now() - interval '1 minute' as fresh from orders where id = $1`, [waiting.id])
    expect(touched!.fresh).toBe(true)
  })
})

describe('the sandbox ledger', () => {
  it('answers a repeated create with the first answer and is what retrieve() reads', async () => {
    const provider = providerById(payload, 'sandbox')!
    const input = { orderId: 990_001 + counter++, hash: 'ledger-test', attempt: 1, amount: 1000, currency: 'USD' as const, method: 'card' as const, recurring: false, locale: 'en', now: new Date() }
    const key = `order:${input.orderId}:attempt:1`
    const first = await provider.createPayment({ ...input, cardToken: await tokenFor('4242424242424242'), idempotencyKey: key })
    expect(first).toMatchObject({ status: 'succeeded', providerRef: `sbx_${input.orderId}_1` })
    // The same key with a card that would be declined: still the first answer, still one charge.
    expect(await provider.createPayment({ ...input, cardToken: await tokenFor('4000000000000002'), idempotencyKey: key })).toEqual(first)
    expect(await ledgerEntry(`sbx_${input.orderId}_1`)).toMatchObject({ key, status: 'succeeded' })
    expect(await provider.retrieve(`sbx_${input.orderId}_1`)).toMatchObject({ status: 'succeeded', card: { last4: '4242' } })
    // By our key, when only the pending reference was kept.
    expect(await provider.retrieve(`pending_${key}`)).toMatchObject({ status: 'succeeded', providerRef: `sbx_${input.orderId}_1` })
    // Never seen: failed, retryable.
    expect(await provider.retrieve(`sbx_${input.orderId + 1}_1`)).toMatchObject({ status: 'failed', error: { code: 'PROCESSING_ERROR', retryable: true } })
  })

  it('is filled at the upgrade from the attempts recorded before it existed', async () => {
    const waiting = await orderOf((await buy({ cardToken: await tokenFor('4000002760003184') })).body.hash)
    const paid = await orderOf((await buy({ cardToken: await tokenFor('4242424242424242') })).body.hash)
    const before = await Promise.all([waiting, paid].map((order) => ledgerEntry(`sbx_${order.id}_1`)))
    await query(payload, `delete from sandbox_ledger where ref = any($1)`, [[waiting, paid].map((order) => `sbx_${order.id}_1`)])
    await copyAttemptsToLedger((payload.db as unknown as { drizzle: Parameters<typeof copyAttemptsToLedger>[0] }).drizzle)
    const [w, p] = await Promise.all([waiting, paid].map((order) => ledgerEntry(`sbx_${order.id}_1`)))
    expect(w).toMatchObject({ key: `order:${waiting.id}:attempt:1`, status: 'requires_action', nextAction: before[0]!.nextAction, answer: { card: before[0]!.answer.card, authOutcome: 'succeed' } })
    expect(p).toMatchObject({ key: `order:${paid.id}:attempt:1`, status: 'succeeded', answer: { status: 'succeeded', card: { last4: '4242' } } })
    const provider = providerById(payload, 'sandbox')!
    expect(await provider.retrieve(`sbx_${waiting.id}_1`)).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', url: `/sandbox/3ds/sbx_${waiting.id}_1` } })
  })
})

describe('reconciliation with Stripe', () => {
  let stripe: FakeStripe
  let restore: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const standIn = await useStripeStandIn(payload, 'reconcile', 'whsec_reconcile0123456789')
    stripe = standIn.stripe
    restore = standIn.restore
  })
  afterAll(() => restore?.())

  it('finds a payment by our key when only the pending reference was kept, and fails one Stripe never saw', async () => {
    const made = await orderOf((await buy({ plan: 'vpn-lifetime', cardToken: `pm_card_visa__r${counter}` })).body.hash)
    expect(made.status).toBe('paid')
    const [attempt] = await attemptsOf(made.id)
    const intent = attempt!.providerRef.slice('stripe:'.length)
    expect(stripe.intents.get(intent)?.status).toBe('succeeded')
    await leftProcessing(made.id, attempt!)
    // Another order whose create call never reached Stripe.
    const lost = await orderOf((await buy({ plan: 'vpn-lifetime', cardToken: `pm_card_visa__r${counter}b` })).body.hash)
    const [lostAttempt] = await attemptsOf(lost.id)
    stripe.intents.delete(lostAttempt!.providerRef.slice('stripe:'.length))
    await leftProcessing(lost.id, lostAttempt!)
    await reconcile()
    expect(await orderOf(made.publicHash)).toMatchObject({ status: 'paid' })
    expect((await attemptsOf(made.id))[0]).toMatchObject({ status: 'succeeded', providerRef: `stripe:${intent}` })
    expect(await subscriptionsOf(made.id)).toHaveLength(1)
    expect(await orderOf(lost.publicHash)).toMatchObject({ status: 'failed', failure: { code: 'PROCESSING_ERROR', retryable: true } })
  })
})
