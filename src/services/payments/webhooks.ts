// Payment event signatures: signing and verifying, with a time tolerance.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { apiError } from '@/lib/http'

/** Signed events older or newer than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature'

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, as Stripe signs its webhooks. */
export function signPayload(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000)
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`
}

/** Whether a signature header is valid for this raw body, now (±300 s). */
export function verifySignature(secret: string, body: string, header: string | null, at: Date, toleranceS = WEBHOOK_TOLERANCE_S): boolean {
  if (!header || header.length > 1000) return false
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
  if (!Number.isInteger(timestamp) || Math.abs(at.getTime() / 1000 - timestamp) > toleranceS) return false
  const expected = Buffer.from(hmac(secret, timestamp, body))
  return parts.some(([key, value]) => key === 'v1' && value !== undefined && value.length === expected.length && timingSafeEqual(Buffer.from(value), expected))
}

/**
 * A sandbox-signed JSON body read in a route's own format: the `Sandbox-Signature` over the raw
 * body (bad, missing or stale → 400 INVALID_SIGNATURE), then `schema` (not JSON, or the wrong
 * shape → 400 INVALID_INPUT).
 */
export function readSandboxSigned<T>(schema: z.ZodType<T>, secret: string, raw: string, headers: Headers, at: Date): T {
  if (!verifySignature(secret, raw, headers.get(SANDBOX_SIGNATURE_HEADER), at)) throw apiError('INVALID_SIGNATURE')
  return readEventBody(schema, raw)
}

/** A verified event's raw body read as `schema` (not JSON, or the wrong shape → 400 INVALID_INPUT). */
export function readEventBody<T>(schema: z.ZodType<T>, raw: string): T {
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    throw apiError('INVALID_INPUT')
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw apiError('INVALID_INPUT')
  return parsed.data
}

/** The payment event types the card route acts on (Stripe's names; others are taken in and ignored). */
export const paymentEventTypes = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.requires_action', 'payment_intent.processing', 'payment_intent.canceled'] as const
/** A Stripe subscription's invoice paid, declined, or waiting for the buyer to confirm it with their bank (the first invoice, or a renewal's). */
export const invoiceEventTypes = ['invoice.paid', 'invoice.payment_failed', 'invoice.payment_action_required'] as const
/** A Stripe subscription changed (status, cancel at period end) or ended, in the dashboard or by Stripe; the trial notice is taken in and ignored (ours goes out from our dates). */
export const subscriptionEventTypes = ['customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.trial_will_end'] as const

/** A trial's card saved or refused (the SetupIntent carries our order id and its subscription). */
export const setupEventTypes = ['setup_intent.succeeded', 'setup_intent.setup_failed'] as const

/** A provider event in Stripe's shape, as far as the route reads it. */
export const webhookEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  created: z.number().int().optional(),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(255),
      metadata: z.record(z.string(), z.string()).nullish(),
      // A charge's (`charge.refunded`) or a dispute's: the PaymentIntent it belongs to, and whether all of it was given back.
      payment_intent: z.union([z.string().max(255), z.object({ id: z.string().max(255) })]).nullish(),
      refunded: z.boolean().nullish(),
      // An invoice's: why it was made, and the subscription it bills (with that subscription's metadata).
      billing_reason: z.string().max(100).nullish(),
      parent: z
        .object({
          subscription_details: z
            .object({
              subscription: z.union([z.string().max(255), z.object({ id: z.string().max(255) })]).nullish(),
              metadata: z.record(z.string(), z.string()).nullish(),
            })
            .nullish(),
        })
        .nullish(),
    }),
  }),
})
export type WebhookEvent = z.infer<typeof webhookEvent>

const typeFor = { succeeded: 'payment_intent.succeeded', failed: 'payment_intent.payment_failed', requires_action: 'payment_intent.requires_action', processing: 'payment_intent.processing', canceled: 'payment_intent.canceled' } as const

/**
 * The sandbox's event for one outcome of one payment. Its id is derived from the payment and the
 * outcome, so the same outcome reported twice is one event.
 */
export function sandboxEvent(input: { providerRef: string; status: keyof typeof typeFor; orderId: number; hash: string; attempt: number; at: Date }): WebhookEvent {
  const id = `evt_sbx_${createHash('sha256').update(`${input.providerRef}:${input.status}`).digest('hex').slice(0, 24)}`
  return {
    id,
    type: typeFor[input.status],
    created: Math.floor(input.at.getTime() / 1000),
    data: { object: { id: input.providerRef, metadata: { orderId: String(input.orderId), orderHash: input.hash, attempt: String(input.attempt), attemptKey: `order:${input.orderId}:attempt:${input.attempt}` } } },
  }
}

/** A charge given back in full (a partial refund leaves the order paid). */
export const REFUND_EVENT = 'charge.refunded'
/** The buyer disputed a charge with their bank: the order is marked for an admin, nothing else changes. */
export const DISPUTE_EVENT = 'charge.dispute.created'

/** The sandbox's `charge.refunded` for a refunded card payment (one event id per payment, however often it is sent). */
export function sandboxRefundEvent(input: { providerRef: string; orderId: number; hash: string; attempt: number; amount: number; at: Date }): WebhookEvent & { data: { object: { amount_refunded: number } } } {
  return {
    id: `evt_sbx_${createHash('sha256').update(`${input.providerRef}:refunded`).digest('hex').slice(0, 24)}`,
    type: REFUND_EVENT,
    created: Math.floor(input.at.getTime() / 1000),
    data: {
      object: {
        id: `ch_${input.providerRef}`,
        payment_intent: input.providerRef,
        refunded: true,
        amount_refunded: input.amount,
        metadata: { orderId: String(input.orderId), orderHash: input.hash, attempt: String(input.attempt), attemptKey: `order:${input.orderId}:attempt:${input.attempt}` },
      },
    },
  }
}

/** `SANDBOX_WEBHOOK_TEST`: `delay=<ms>` holds each delivery back, `copies=<n>` sends it n times, `shuffle` spreads the copies over the delay at random. */
export function webhookTestOptions(value: string | undefined): { delayMs: number; copies: number; shuffle: boolean } {
  const options = { delayMs: 0, copies: 1, shuffle: false }
  for (const part of (value ?? '').split(',').filter(Boolean)) {
    const [key, raw] = part.split('=')
    if (key === 'delay') options.delayMs = Math.min(Number(raw), 3_600_000)
    if (key === 'copies') options.copies = Math.max(1, Math.min(Number(raw), 20))
    if (key === 'shuffle') options.shuffle = true
  }
  return options
}

/**
 * One payment event as every route hands it to the intake, whatever its provider's format:
 * who took the payment (`provider`, asked again with `retrieve`), which route it came by
 * (`source`; with `eventId` unique in `webhook-events`), and where to look.
 */
export type PaymentEvent = {
  provider: 'sandbox' | 'stripe' | 'paypal'
  source: 'sandbox' | 'stripe' | 'paypal' | 'paymentwall' | 'amazon' | 'bitcoin' | 'coinpayments'
  eventId: string
  type: string
  /** The route acts on this type; others are taken in and ignored. */
  relevant: boolean
  /** The provider's reference of the payment (no `provider:` prefix), when the event names it. */
  providerRef: string | null
  /** Our key of the attempt, `order:{id}:attempt:{n}`, when the event carries it. */
  attemptKey: string | null
  /** The order's public hash, when the event names it (Paymentwall's `goodsid`): it must match. */
  orderHash?: string
  /** What the event says happened; the intake still re-reads the payment before acting. */
  outcome: 'succeeded' | 'failed' | 'processing' | 'expired' | 'refunded' | 'disputed' | null
  /** A refund's or dispute's own object (Stripe's charge `ch_…`, dispute `dp_…`), read again by providers that can (`paymentOfEvent`). */
  objectId?: string
  /** A renewal invoice of a provider's subscription (Stripe's `subscription_cycle`): which subscription, which invoice. */
  renewal?: { subscription: string; invoice: string }
  /** A provider's subscription changed or ended: mirrored onto ours (`applyProviderSubscription`). */
  subscriptionChange?: { subscription: string }
}

const outcomeOfCardEvent: Record<string, PaymentEvent['outcome']> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'failed',
  'payment_intent.processing': 'processing',
}

/**
 * A card route event (Stripe's shape, from Stripe or the sandbox) in the intake's terms. A
 * subscription's first invoice (`billing_reason: subscription_create`) is about its subscription,
 * when that subscription carries our order id; a renewal's (`subscription_cycle`) about the
 * renewal order of its period; any other invoice is not acted on here. A trial's
 * SetupIntent is about the subscription its metadata names, with our order id.
 */
export function cardEvent(provider: 'sandbox' | 'stripe', event: WebhookEvent): PaymentEvent {
  const object = event.data.object
  if ((invoiceEventTypes as readonly string[]).includes(event.type)) {
    const details = object.parent?.subscription_details
    const subscription = typeof details?.subscription === 'string' ? details.subscription : (details?.subscription?.id ?? null)
    const tagged = Boolean(subscription && details?.metadata?.orderId)
    const outcome = event.type === 'invoice.paid' ? 'succeeded' : 'failed'
    // A renewal Stripe charged: our renewal order of that period (`applyProviderRenewal`).
    if (tagged && object.billing_reason === 'subscription_cycle') return { provider, source: provider, eventId: event.id, type: event.type, relevant: true, providerRef: subscription, attemptKey: null, outcome, renewal: { subscription: subscription!, invoice: object.id } }
    const ours = tagged && object.billing_reason === 'subscription_create'
    return { provider, source: provider, eventId: event.id, type: event.type, relevant: ours, providerRef: ours ? subscription : null, attemptKey: null, outcome }
  }
  if (event.type === REFUND_EVENT) {
    // A refund is about the payment the charge belongs to; our key is in the PaymentIntent's metadata, copied to its charge.
    const intent = typeof object.payment_intent === 'string' ? object.payment_intent : (object.payment_intent?.id ?? null)
    return { provider, source: provider, eventId: event.id, type: event.type, relevant: object.refunded === true, providerRef: intent ?? object.id, attemptKey: object.metadata?.attemptKey ?? null, outcome: 'refunded', objectId: object.id }
  }
  if (event.type === DISPUTE_EVENT) {
    // A dispute names the PaymentIntent of the charge disputed.
    const intent = typeof object.payment_intent === 'string' ? object.payment_intent : (object.payment_intent?.id ?? null)
    return { provider, source: provider, eventId: event.id, type: event.type, relevant: Boolean(intent), providerRef: intent, attemptKey: null, outcome: 'disputed', objectId: object.id }
  }
  if ((subscriptionEventTypes as readonly string[]).includes(event.type)) {
    const ours = object.id.startsWith('sub_') && Boolean(object.metadata?.orderId) && event.type !== 'customer.subscription.trial_will_end'
    return { provider, source: provider, eventId: event.id, type: event.type, relevant: ours, providerRef: ours ? object.id : null, attemptKey: null, outcome: null, ...(ours ? { subscriptionChange: { subscription: object.id } } : {}) }
  }
  if ((setupEventTypes as readonly string[]).includes(event.type)) {
    const subscription = object.metadata?.subscription ?? null
    const ours = Boolean(subscription?.startsWith('sub_') && object.metadata?.orderId)
    return { provider, source: provider, eventId: event.id, type: event.type, relevant: ours, providerRef: ours ? subscription : null, attemptKey: null, outcome: event.type === 'setup_intent.succeeded' ? 'succeeded' : 'failed' }
  }
  return {
    provider,
    source: provider,
    eventId: event.id,
    type: event.type,
    relevant: (paymentEventTypes as readonly string[]).includes(event.type),
    providerRef: event.data.object.id,
    attemptKey: event.data.object.metadata?.attemptKey ?? null,
    outcome: outcomeOfCardEvent[event.type] ?? null,
  }
}

/** Our attempt key `order:{id}:attempt:{n}` read back, or null. */
export function attemptKeyOf(value: string | null | undefined): { orderId: number; attempt: number } | null {
  const key = /^order:(\d{1,12}):attempt:(\d{1,4})$/.exec(value ?? '')
  return key ? { orderId: Number(key[1]), attempt: Number(key[2]) } : null
}
