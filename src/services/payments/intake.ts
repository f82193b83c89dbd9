// Payment events received: verified, stored once, and applied to their order.
import type { Payload, Where } from 'payload'
import { apiError } from '@/lib/http'
import { query } from '@/services/db'
import { providerById } from './registry'
import { fulfil } from '@/services/orders/fulfil'
import { latestAttempt } from '@/services/orders/orders'
import { applyResult } from './outcome'
import type { PaymentProvider } from './provider'
import type { OrderStatus } from '@/services/orders/states'
import { paymentEventTypes, SANDBOX_SIGNATURE_HEADER, webhookEvent, type WebhookEvent } from './webhooks'

/** Order statuses a payment event may still move (paid, expired and the rest are final for it). */
const open: readonly OrderStatus[] = ['processing', 'requires_action', 'awaiting_provider']

/** The attempt an event is about: by the provider's reference, else by our key in its metadata (a payment whose answer was lost). */
async function attemptFor(payload: Payload, provider: PaymentProvider, event: WebhookEvent) {
  const byRef = (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `${provider.id}:${event.data.object.id}` } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
  if (byRef) return byRef
  const key = /^order:(\d{1,12}):attempt:(\d{1,4})$/.exec(event.data.object.metadata?.attemptKey ?? '')
  if (!key) return null
  const where: Where = { and: [{ order: { equals: Number(key[1]) } }, { number: { equals: Number(key[2]) } }, { provider: { equals: provider.id } }] }
  return (await payload.find({ collection: 'payment-attempts', where, limit: 1, depth: 1, overrideAccess: true })).docs[0] ?? null
}

/**
 * One event applied: the payment is re-read from the provider (the event only says where to
 * look) and its order moved by compare-and-set, if the event is about the order's latest attempt
 * and the order is still open. Late, repeated or reordered events therefore never undo a final
 * state. Returns the order's id, or null when the event is not ours.
 */
async function applyEvent(payload: Payload, provider: PaymentProvider, event: WebhookEvent, at: Date): Promise<number | null> {
  if (!(paymentEventTypes as readonly string[]).includes(event.type)) return null
  const attempt = await attemptFor(payload, provider, event)
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  if (!attempt || !order) return null
  if (order.status === 'paid') {
    if (!order.fulfilledAt) await fulfil(payload, order.id, at)
    return order.id
  }
  if (!open.includes(order.status)) return order.id
  const latest = await latestAttempt(payload, order.id)
  if (latest?.id !== attempt.id) return order.id
  // A new attempt is under way and not yet recorded: this (earlier, settled) attempt's news is old.
  if (order.status === 'processing' && attempt.status !== 'processing') return order.id
  const ref = attempt.providerRef.startsWith(`${provider.id}:pending_`) ? event.data.object.id : attempt.providerRef.slice(provider.id.length + 1)
  const result = await provider.retrieve(ref)
  await applyResult(payload, order, attempt, result, [order.status], at)
  return order.id
}

/**
 * The card route's work (`POST /api/veilgate/purchase/stripe`): verify the signature on the raw
 * body (a bad, missing or stale one → 400 INVALID_SIGNATURE, nothing changes), take the event in
 * once (`webhook-events`, unique provider + id, INSERT … ON CONFLICT DO NOTHING: a repeat → 200
 * without effect), then apply it. A failure while applying lets the event go again and answers
 * 503, so the provider retries.
 */
export async function takeWebhook(payload: Payload, raw: string, headers: Headers, at: Date): Promise<{ received: true; duplicate?: true; ignored?: true }> {
  const id = headers.has('stripe-signature') ? 'stripe' : headers.has(SANDBOX_SIGNATURE_HEADER) ? 'sandbox' : null
  const provider = id ? providerById(payload, id) : null
  const verified = provider?.verifyWebhook(raw, headers, at)
  if (!provider || verified === null || verified === undefined) throw apiError('INVALID_SIGNATURE')
  const parsed = webhookEvent.safeParse(verified)
  if (!parsed.success) throw apiError('INVALID_INPUT')
  const event = parsed.data
  const taken = await query<{ id: number }>(
    payload,
    `insert into webhook_events (provider, event_id, type, updated_at, created_at) values ($1, $2, $3, now(), now())
      on conflict (provider, event_id) do nothing returning id`,
    [provider.id, event.id, event.type],
  )
  if (!taken.length) return { received: true, duplicate: true }
  const rowId = taken[0]!.id
  let orderId: number | null
  try {
    orderId = await applyEvent(payload, provider, event, at)
  } catch (error) {
    await query(payload, `delete from webhook_events where id = $1`, [rowId]).catch(() => undefined)
    payload.logger.warn({ msg: 'payment event not applied, the provider will retry', provider: provider.id, event: event.id, reason: error instanceof Error ? error.message : String(error) })
    throw apiError('SERVER_MAINTENANCE')
  }
  await query(payload, `update webhook_events set processed_at = $2, order_id = $3, updated_at = now() where id = $1`, [rowId, at.toISOString(), orderId])
  return orderId === null ? { received: true, ignored: true } : { received: true }
}
