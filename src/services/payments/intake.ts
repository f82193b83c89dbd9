// Payment events received: verified by their route, stored once, and applied to their order.
import type { Payload, Where } from 'payload'
import { apiError } from '@/lib/http'
import { query } from '@/services/db'
import { providerById } from './registry'
import { fulfil } from '@/services/orders/fulfil'
import { latestAttempt } from '@/services/orders/orders'
import { applyResult } from './outcome'
import { applyRefund, markDisputed } from '@/services/orders/refund'
import { applyProviderRenewal, applyProviderSubscription } from '@/services/subscriptions/provider-renewals'
import type { PaymentProvider } from './provider'
import type { Order, PaymentAttempt } from '@/payload-types'
import type { OrderStatus } from '@/services/orders/states'
import { attemptKeyOf, cardEvent, SANDBOX_SIGNATURE_HEADER, webhookEvent, type PaymentEvent } from './webhooks'

/** Order statuses a payment event may still move (paid, expired and the rest are final for it). */
const open: readonly OrderStatus[] = ['processing', 'requires_action', 'awaiting_provider']

/** The attempt an event is about: by the provider's reference, else by our key (a payment whose answer was lost). */
async function attemptFor(payload: Payload, provider: PaymentProvider, event: PaymentEvent) {
  if (event.providerRef) {
    // A subscription's attempts are `sub_…` and `sub_…/n`: its event is about the order's latest.
    const ref = `${provider.id}:${event.providerRef}`
    const found = await query<{ id: number }>(payload, `select id from payment_attempts where provider_ref = $1 or provider_ref like $2 order by number desc limit 1`, [ref, `${ref.replace(/[\\%_]/g, '\\$&')}/%`])
    const byRef = found[0] ? await payload.findByID({ collection: 'payment-attempts', id: found[0].id, depth: 1, overrideAccess: true }).catch(() => null) : null
    if (byRef) return byRef
  }
  const key = attemptKeyOf(event.attemptKey)
  if (!key) return null
  const where: Where = { and: [{ order: { equals: key.orderId } }, { number: { equals: key.attempt } }, { provider: { equals: provider.id } }] }
  return (await payload.find({ collection: 'payment-attempts', where, limit: 1, depth: 1, overrideAccess: true })).docs[0] ?? null
}

/**
 * A refund or a dispute reported by the provider. A provider that can read the refund or dispute
 * again (`paymentOfEvent`, Stripe) names the payment it is about, so one of a subscription's
 * invoices finds the order it paid; a charge not wholly given back is not a refund. A refund of a
 * paid order is the one effect of every refund (`applyRefund`: made at the provider, it ends
 * access as ours does; ours, reported back, changes nothing more). A dispute marks the order for
 * an admin, once, and changes nothing else.
 */
async function applyChargeback(payload: Payload, provider: PaymentProvider, event: PaymentEvent, at: Date): Promise<number | null> {
  let about = event
  if (provider.paymentOfEvent && event.objectId) {
    const payment = await provider.paymentOfEvent(event.outcome === 'disputed' ? 'dispute' : 'refund', event.objectId)
    if (!payment || (event.outcome === 'refunded' && !payment.refunded)) return null
    about = { ...event, providerRef: payment.ref }
  }
  const attempt = await attemptFor(payload, provider, about)
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  if (!attempt || !order) return null
  if (event.orderHash !== undefined && event.orderHash !== order.publicHash) return null
  if (event.outcome === 'disputed') {
    await markDisputed(payload, order.id, event.objectId ?? event.eventId, at)
    return order.id
  }
  // A refund that comes before the news of the payment it gives back (events arrive in any
  // order): the payment is read from the provider first, so the order is paid, then refunded.
  if (open.includes(order.status)) {
    await catchUp(payload, provider, order, attempt, about.providerRef, at)
    const [now, taken] = await Promise.all([
      payload.findByID({ collection: 'orders', id: order.id, depth: 0, overrideAccess: true }),
      payload.findByID({ collection: 'payment-attempts', id: attempt.id, depth: 0, overrideAccess: true }),
    ])
    if (now.status === 'paid' && taken.status === 'succeeded') await applyRefund(payload, order.id, now.total, at)
    return order.id
  }
  if (order.status === 'paid' && attempt.status === 'succeeded') await applyRefund(payload, order.id, order.total, at)
  return order.id
}

/**
 * An open order brought up to date from its provider, as an event about its latest attempt does:
 * the payment re-read (`retrieve`) and applied by compare-and-set. Nothing for an attempt that is
 * not the latest, nor while a new attempt is under way and not yet recorded.
 */
async function catchUp(payload: Payload, provider: PaymentProvider, order: Order, attempt: PaymentAttempt, eventRef: string | null | undefined, at: Date): Promise<void> {
  const latest = await latestAttempt(payload, order.id)
  if (latest?.id !== attempt.id) return
  // A new attempt is under way and not yet recorded: this (earlier, settled) attempt's news is old.
  if (order.status === 'processing' && attempt.status !== 'processing') return
  const ref = attempt.providerRef.startsWith(`${provider.id}:pending_`) ? (eventRef ?? '') : attempt.providerRef.slice(provider.id.length + 1)
  const result = await provider.retrieve(ref)
  await applyResult(payload, order, attempt, result, [order.status], at)
}

/**
 * One event applied: the payment is re-read from the provider (the event only says where to
 * look) and its order moved by compare-and-set, if the event is about the order's latest attempt
 * and the order is still open. Late, repeated or reordered events therefore never undo a final
 * state. Refunds reported by the provider (`charge.refunded`, PayPal's `PAYMENT.CAPTURE.REFUNDED`,
 * Paymentwall's type 2) and disputes go to `applyChargeback`. Returns the order's id, or null when
 * the event is not ours.
 */
async function applyEvent(payload: Payload, provider: PaymentProvider, event: PaymentEvent, at: Date): Promise<number | null> {
  if (!event.relevant) return null
  if (event.renewal) return applyProviderRenewal(payload, provider, event.renewal, at)
  if (event.subscriptionChange) return applyProviderSubscription(payload, provider, event.subscriptionChange.subscription, at)
  if (event.outcome === 'refunded' || event.outcome === 'disputed') return applyChargeback(payload, provider, event, at)
  const attempt = await attemptFor(payload, provider, event)
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  if (!attempt || !order) return null
  if (event.orderHash !== undefined && event.orderHash !== order.publicHash) return null
  if (order.status === 'paid') {
    if (!order.fulfilledAt) await fulfil(payload, order.id, at)
    return order.id
  }
  if (!open.includes(order.status)) return order.id
  await catchUp(payload, provider, order, attempt, event.providerRef, at)
  return order.id
}

/**
 * How long an event taken in but not yet applied stays its taker's: a repeat meanwhile waits for
 * it. After that the taker is presumed dead (the server stopped between taking the event in and
 * applying it) and the next delivery takes it over; applying twice is harmless (compare-and-set).
 */
export const EVENT_CLAIM_SECONDS = 30
/** How long a repeat waits for an event being applied before asking the provider to come back. */
const REPEAT_WAIT_MS = 10_000

/**
 * The event's row claimed for applying: a new row, or one whose taker stopped before applying it
 * (not processed, claimed more than `EVENT_CLAIM_SECONDS` ago; the claim is a compare-and-set on
 * `updated_at`). Null when it is taken and either applied or being applied.
 */
async function claimEvent(payload: Payload, event: PaymentEvent): Promise<number | null> {
  const claimed = await query<{ id: number }>(
    payload,
    `insert into webhook_events (provider, event_id, type, updated_at, created_at) values ($1, $2, $3, now(), now())
      on conflict (provider, event_id) do update set updated_at = now()
        where webhook_events.processed_at is null and webhook_events.updated_at < now() - make_interval(secs => $4)
      returning id`,
    [event.source, event.eventId, event.type, EVENT_CLAIM_SECONDS],
  )
  return claimed[0]?.id ?? null
}

/** A repeat of an event another delivery is applying: true once that one has applied it. */
async function appliedMeanwhile(payload: Payload, event: PaymentEvent): Promise<boolean> {
  const deadline = performance.now() + REPEAT_WAIT_MS
  for (;;) {
    const [row] = await query<{ processed: boolean }>(payload, `select processed_at is not null as processed from webhook_events where provider = $1 and event_id = $2`, [event.source, event.eventId])
    // Gone: its taker failed to apply it and let it go; this delivery is answered 503 and comes again.
    if (!row) return false
    if (row.processed) return true
    if (performance.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * The one intake of every payment route: the event, already verified and parsed by its route,
 * taken in once (`webhook-events`, unique route + event id, INSERT … ON CONFLICT: a repeat of an
 * applied event → 2xx without effect), then applied. A failure while applying lets the event go
 * again and answers 503, so the provider retries; so does a repeat while another delivery still
 * applies it (after waiting up to 10 s for it). An event taken in by a server that stopped before
 * applying it is applied by the first delivery after its claim lapsed.
 */
export async function takeEvent(payload: Payload, event: PaymentEvent, at: Date): Promise<{ received: true; duplicate?: true; ignored?: true }> {
  const provider = providerById(payload, event.provider)
  if (!provider) throw apiError('INVALID_SIGNATURE')
  const rowId = await claimEvent(payload, event)
  if (rowId === null) {
    if (await appliedMeanwhile(payload, event)) return { received: true, duplicate: true }
    throw apiError('SERVER_MAINTENANCE')
  }
  let orderId: number | null
  try {
    orderId = await applyEvent(payload, provider, event, at)
  } catch (error) {
    await query(payload, `delete from webhook_events where id = $1`, [rowId]).catch(() => undefined)
    payload.logger.warn({ msg: 'payment event not applied, the provider will retry', provider: event.source, event: event.eventId, reason: error instanceof Error ? error.message : String(error) })
    throw apiError('SERVER_MAINTENANCE')
  }
  await query(payload, `update webhook_events set processed_at = $2, order_id = $3, updated_at = now() where id = $1`, [rowId, at.toISOString(), orderId])
  return orderId === null ? { received: true, ignored: true } : { received: true }
}

/**
 * The card route's reading (`POST /api/veilgate/purchase/stripe`): the signature on the raw body
 * by whoever signed it (Stripe or the sandbox; a bad, missing or stale one → 400
 * INVALID_SIGNATURE, nothing changes), the event in Stripe's shape, then the intake.
 */
export async function takeWebhook(payload: Payload, raw: string, headers: Headers, at: Date): Promise<{ received: true; duplicate?: true; ignored?: true }> {
  const id = headers.has('stripe-signature') ? 'stripe' : headers.has(SANDBOX_SIGNATURE_HEADER) ? 'sandbox' : null
  const provider = id ? providerById(payload, id) : null
  const verified = provider?.verifyWebhook(raw, headers, at)
  if (!provider || verified === null || verified === undefined) throw apiError('INVALID_SIGNATURE')
  const parsed = webhookEvent.safeParse(verified)
  if (!parsed.success) throw apiError('INVALID_INPUT')
  return takeEvent(payload, cardEvent(id!, parsed.data), at)
}
