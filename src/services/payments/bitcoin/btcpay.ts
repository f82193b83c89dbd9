// BTCPay Server's webhooks: their signature (`BTCPay-Sig`), the sandbox's copies, and reading them at the bitcoin route.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { apiError } from '@/lib/http'
import { readEventBody, type PaymentEvent } from '@/services/payments/webhooks'

export const BITCOIN_ROUTE = '/api/veilgate/purchase/bitcoin'
export const BTCPAY_SIGNATURE_HEADER = 'btcpay-sig'

/** The invoice events the route acts on, by what they report (others, such as `InvoiceCreated`, are taken in and ignored). */
export const btcpayEventTypes = { seen: 'InvoiceReceivedPayment', settled: 'InvoiceSettled', underpaid: 'InvoiceInvalid', expired: 'InvoiceExpired' } as const
const outcomeOf: Record<string, PaymentEvent['outcome']> = {
  InvoiceReceivedPayment: 'processing',
  InvoiceSettled: 'succeeded',
  InvoiceInvalid: 'failed',
  InvoiceExpired: 'expired',
}

/** `sha256=<hex HMAC-SHA256(secret, raw body)>`, as BTCPay signs a delivery. */
export const btcpaySignature = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`

/** Whether `header` is the delivery's signature (compared in constant time). */
export function btcpaySignatureValid(secret: string, raw: string, header: string | null): boolean {
  if (!header || header.length > 200) return false
  const expected = Buffer.from(btcpaySignature(secret, raw))
  const given = Buffer.from(header.trim())
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** A BTCPay webhook delivery as far as the route reads it (BTCPay sends more: `webhookId`, `storeId`, `timestamp`…). */
export const btcpayEvent = z.object({
  deliveryId: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  invoiceId: z.string().min(1).max(255),
  metadata: z.object({ orderId: z.string().max(40).optional(), attemptKey: z.string().max(255).optional() }).nullish(),
})
export type BtcpayEvent = z.infer<typeof btcpayEvent>

/**
 * The sandbox's BTCPay delivery for one state of one invoice. The delivery id is derived from the
 * invoice and its state, so the same news sent again is the same event.
 */
export function sandboxBtcpayEvent(input: { providerRef: string; state: keyof typeof btcpayEventTypes; orderId: number; attempt: number; at: Date }): BtcpayEvent & { timestamp: number } {
  return {
    deliveryId: `sbx${createHash('sha256').update(`btcpay:${input.providerRef}:${input.state}`).digest('hex').slice(0, 22)}`,
    type: btcpayEventTypes[input.state],
    invoiceId: input.providerRef,
    timestamp: Math.floor(input.at.getTime() / 1000),
    metadata: { orderId: String(input.orderId), attemptKey: `order:${input.orderId}:attempt:${input.attempt}` },
  }
}

/**
 * A POST to the bitcoin route read: `BTCPay-Sig` over the raw body (bad or missing → 400
 * INVALID_SIGNATURE, nothing changes), then the body's shape (→ 400 INVALID_INPUT). BTCPay's
 * deliveries carry no time to check: a replay is a repeat of its `deliveryId`.
 */
export function readBtcpayEvent(secret: string, raw: string, headers: Headers): PaymentEvent {
  if (!btcpaySignatureValid(secret, raw, headers.get(BTCPAY_SIGNATURE_HEADER))) throw apiError('INVALID_SIGNATURE')
  const event = readEventBody(btcpayEvent, raw)
  return {
    provider: 'sandbox',
    source: 'bitcoin',
    eventId: event.deliveryId,
    type: event.type,
    relevant: event.type in outcomeOf,
    providerRef: event.invoiceId,
    attemptKey: event.metadata?.attemptKey ?? null,
    outcome: outcomeOf[event.type] ?? null,
  }
}
