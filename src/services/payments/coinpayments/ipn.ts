// CoinPayments' IPN: its HMAC header, its statuses, the sandbox's copies, and reading them at the coinpayments route.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { apiError } from '@/lib/http'
import type { PaymentEvent } from '@/services/payments/webhooks'
import { formatBtc } from '@/services/payments/crypto/invoice'

export const COINPAYMENTS_ROUTE = '/api/veilgate/purchase/coinpayments'
export const COINPAYMENTS_SIGNATURE_HEADER = 'hmac'

/** Hex HMAC-SHA512 of the raw form body under the IPN secret, as CoinPayments signs an IPN. */
export const ipnSignature = (secret: string, raw: string) => createHmac('sha512', secret).update(raw).digest('hex')

/** Whether the `HMAC` header is the body's signature (compared in constant time). */
export function ipnSignatureValid(secret: string, raw: string, header: string | null): boolean {
  if (!header || header.length > 200) return false
  const expected = Buffer.from(ipnSignature(secret, raw))
  const given = Buffer.from(header.trim().toLowerCase())
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The sandbox's merchant id (32 hex characters, as CoinPayments' are), the same wherever the secret is. */
export const sandboxMerchant = (secret: string) => createHmac('sha256', secret).update('coinpayments-merchant').digest('hex').slice(0, 32)

/**
 * A payment's status as CoinPayments numbers it, in the intake's terms: 100 and above complete, 2
 * queued for payout (also complete), 1 coins seen and confirming, 0 waiting for them; −1 canceled
 * or timed out: underpaid when some but not all of `amount2` came, else expired. Other negative
 * statuses (PayPal reversals) are not ours.
 */
export function coinpaymentsOutcome(status: number, amount2: number, received: number): PaymentEvent['outcome'] {
  if (status >= 100 || status === 2) return 'succeeded'
  if (status === 1) return 'processing'
  if (status === -1) return received > 0 && received < amount2 ? 'failed' : 'expired'
  return null
}

/** The statuses the sandbox reports, by an invoice's state. */
const statusOf = { seen: 1, settled: 100, underpaid: -1, expired: -1 } as const

/** The sandbox's IPN for one state of one invoice (amounts as BTC with 8 decimals); its `ipn_id` is derived from the payment and the state. */
export function sandboxIpn(input: { providerRef: string; state: keyof typeof statusOf; merchant: string; orderId: number; attempt: number; amount: number; received: number }): Record<string, string> {
  return {
    ipn_version: '1.0',
    ipn_type: 'api',
    ipn_mode: 'hmac',
    ipn_id: createHash('sha256').update(`coinpayments:${input.providerRef}:${input.state}`).digest('hex').slice(0, 32),
    merchant: input.merchant,
    txn_id: input.providerRef,
    status: String(statusOf[input.state]),
    currency1: 'BTC',
    currency2: 'BTC',
    amount1: formatBtc(input.amount),
    amount2: formatBtc(input.amount),
    received_amount: formatBtc(input.received),
    custom: `order:${input.orderId}:attempt:${input.attempt}`,
    invoice: String(input.orderId),
  }
}

const amount = z.string().regex(/^\d{1,12}(?:\.\d{1,8})?$/).transform(Number)
const ipn = z.object({
  ipn_version: z.literal('1.0'),
  ipn_mode: z.literal('hmac'),
  ipn_id: z.string().min(1).max(255),
  merchant: z.string().min(1).max(255),
  txn_id: z.string().min(1).max(255),
  status: z.string().regex(/^-?\d{1,4}$/).transform(Number),
  amount2: amount,
  received_amount: amount.optional(),
  custom: z.string().max(255).optional(),
})

/**
 * A POST to the coinpayments route read: the `HMAC` header over the raw form body (bad or missing
 * → 400 INVALID_SIGNATURE, nothing changes), then the form (each field once; malformed → 400
 * INVALID_INPUT) and the merchant, which must be ours (another → 400 INVALID_INPUT). An IPN carries
 * no time to check: a replay is a repeat of its `ipn_id`.
 */
export function readIpn(secret: string, raw: string, headers: Headers): PaymentEvent {
  if (!ipnSignatureValid(secret, raw, headers.get(COINPAYMENTS_SIGNATURE_HEADER))) throw apiError('INVALID_SIGNATURE')
  const fields: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(raw)) {
    if (name in fields || Object.keys(fields).length >= 50 || value.length > 1000) throw apiError('INVALID_INPUT')
    fields[name] = value
  }
  const parsed = ipn.safeParse(fields)
  if (!parsed.success || parsed.data.merchant !== sandboxMerchant(secret)) throw apiError('INVALID_INPUT')
  const { ipn_id, txn_id, status, amount2, received_amount, custom } = parsed.data
  const outcome = coinpaymentsOutcome(status, amount2, received_amount ?? 0)
  return {
    provider: 'sandbox',
    source: 'coinpayments',
    eventId: ipn_id,
    type: `status:${status}`,
    relevant: outcome !== null,
    providerRef: txn_id,
    attemptKey: custom ?? null,
    outcome,
  }
}
