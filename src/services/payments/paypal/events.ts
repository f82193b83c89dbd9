// PayPal's payment events (`PAYMENT.CAPTURE.*`): their shape, the sandbox's copies, and reading them at the PayPal route.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { apiError } from '@/lib/http'
import { readEventBody, readSandboxSigned, type PaymentEvent } from '@/services/payments/webhooks'

export const PAYPAL_ROUTE = '/api/veilgate/purchase/paypal'

/** PayPal's capture events by the outcome they report. */
export const paypalEventTypes = { succeeded: 'PAYMENT.CAPTURE.COMPLETED', failed: 'PAYMENT.CAPTURE.DENIED', processing: 'PAYMENT.CAPTURE.PENDING', refunded: 'PAYMENT.CAPTURE.REFUNDED' } as const
const outcomeOf: Record<string, PaymentEvent['outcome']> = {
  'PAYMENT.CAPTURE.COMPLETED': 'succeeded',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.PENDING': 'processing',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  // A chargeback PayPal decided for the buyer: the money went back, as a refund.
  'PAYMENT.CAPTURE.REVERSED': 'refunded',
}

/** A PayPal webhook event as far as the route reads it. */
export const paypalEvent = z.object({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(100),
  create_time: z.string().max(40).optional(),
  resource: z.object({
    id: z.string().min(1).max(255),
    custom_id: z.string().max(255).optional(),
    amount: z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d{1,10}(?:\.\d{2})?$/) }).optional(),
    // A capture's PayPal order (our attempt's reference).
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().max(255).optional() }).optional() }).optional(),
  }),
})
export type PaypalEvent = z.infer<typeof paypalEvent>

/**
 * The sandbox's PayPal event for one outcome of one payment (none for an approval still
 * waiting). Its id is derived from the payment and the outcome: the same outcome twice is one event.
 */
export function sandboxPaypalEvent(input: { providerRef: string; status: string; orderId: number; attempt: number; amount: number; at: Date }): PaypalEvent | null {
  const type = paypalEventTypes[input.status as keyof typeof paypalEventTypes]
  if (!type) return null
  const digest = createHash('sha256').update(`paypal:${input.providerRef}:${input.status}`).digest('hex').slice(0, 24).toUpperCase()
  return {
    id: `WH-SBX-${digest}`,
    event_type: type,
    create_time: input.at.toISOString(),
    resource: { id: input.providerRef, custom_id: `order:${input.orderId}:attempt:${input.attempt}`, amount: { currency_code: 'USD', value: (input.amount / 100).toFixed(2) } },
  }
}

/**
 * A POST to the PayPal route read: the sandbox's `Sandbox-Signature` (`t=…,v1=…`, ±300 s) over the
 * raw body, then the body's shape. A bad, missing or stale signature → 400 INVALID_SIGNATURE; a
 * signed body of the wrong shape → 400 INVALID_INPUT. (PayPal's own events are verified by asking
 * PayPal: `readVerifiedPaypalEvent`.)
 */
export function readPaypalEvent(secret: string, raw: string, headers: Headers, at: Date): PaymentEvent {
  return paymentEventOf('sandbox', readSandboxSigned(paypalEvent, secret, raw, headers, at))
}

/**
 * A PayPal event in the intake's terms: about the attempt its `custom_id` names (and, for a
 * capture, the PayPal order it captured, our attempt's reference).
 */
function paymentEventOf(provider: 'sandbox' | 'paypal', event: PaypalEvent): PaymentEvent {
  return {
    provider,
    source: 'paypal',
    eventId: event.id,
    type: event.event_type,
    relevant: event.event_type in outcomeOf,
    providerRef: event.resource.supplementary_data?.related_ids?.order_id ?? event.resource.id,
    attemptKey: event.resource.custom_id ?? null,
    outcome: outcomeOf[event.event_type] ?? null,
  }
}

/**
 * A POST to the PayPal route from PayPal itself, once PayPal said it sent it (`verify`, PayPal's
 * verify-webhook-signature; false → 400 INVALID_SIGNATURE, nothing changes), then its shape
 * (wrong → 400 INVALID_INPUT).
 */
export async function readVerifiedPaypalEvent(verify: () => Promise<boolean>, raw: string): Promise<PaymentEvent> {
  // PayPal out of reach: refused for now (503), and PayPal sends it again.
  const verified = await verify().catch(() => {
    throw apiError('SERVER_MAINTENANCE')
  })
  if (!verified) throw apiError('INVALID_SIGNATURE')
  return paymentEventOf('paypal', readEventBody(paypalEvent, raw))
}
