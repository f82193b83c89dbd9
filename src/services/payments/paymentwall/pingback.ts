// Paymentwall's pingback: its signature (version 3), the sandbox's pingbacks, and reading them at the Paymentwall route.
import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { apiError } from '@/lib/http'
import { WEBHOOK_TOLERANCE_S, type PaymentEvent } from '@/services/payments/webhooks'

export const PAYMENTWALL_ROUTE = '/api/veilgate/purchase/paymentwall'

/** Pingback types: 0 paid, 2 refunded or charged back (the others, risk and subscription notices, are taken in and ignored). */
export const PINGBACK_PAID = '0'
export const PINGBACK_REFUND = '2'

/**
 * Signature version 3: hex SHA-256 of every parameter but `sig`, sorted by name, written
 * `name=value` and joined without separator, then the secret.
 */
export function pingbackSignature(params: Record<string, string>, secret: string): string {
  const base = Object.keys(params)
    .filter((name) => name !== 'sig')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('')
  return createHash('sha256')
    .update(base + secret)
    .digest('hex')
}

/** A pingback's query, signed (`sign_version=3`, `sig`); `ts` is the sandbox's send time, signed with the rest. */
export function signedPingback(params: Record<string, string>, secret: string, at: Date): URLSearchParams {
  const all: Record<string, string> = { ...params, sign_version: '3', ts: String(Math.floor(at.getTime() / 1000)) }
  return new URLSearchParams({ ...all, sig: pingbackSignature(all, secret) })
}

/** The sandbox's pingback for a paid payment (type 0) of an order. */
export function sandboxPingback(input: { providerRef: string; hash: string; customer: string; type?: string }): Record<string, string> {
  return { uid: input.customer, goodsid: input.hash, type: input.type ?? PINGBACK_PAID, ref: input.providerRef }
}

const pingback = z.object({
  uid: z.string().min(1).max(255),
  goodsid: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  type: z.string().regex(/^\d{1,3}$/),
  ref: z.string().min(1).max(255),
  sign_version: z.literal('3'),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
  ts: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
})

/**
 * A pingback read: every parameter once, signature version 3 valid for the secret, and a `ts`,
 * when sent, within 300 s. Bad, missing or stale signature → 400 INVALID_SIGNATURE; malformed →
 * 400 INVALID_INPUT (Paymentwall sends it again either way).
 */
export function readPingback(secret: string, query: URLSearchParams, at: Date): PaymentEvent {
  const params: Record<string, string> = {}
  for (const [name, value] of query) {
    if (name in params || Object.keys(params).length >= 30 || value.length > 1000) throw apiError('INVALID_INPUT')
    params[name] = value
  }
  if (!/^[0-9a-f]{64}$/.test(params.sig ?? '') || params.sign_version !== '3') throw apiError('INVALID_SIGNATURE')
  const expected = Buffer.from(pingbackSignature(params, secret))
  if (!timingSafeEqual(expected, Buffer.from(params.sig!))) throw apiError('INVALID_SIGNATURE')
  if (params.ts !== undefined && !(Math.abs(at.getTime() / 1000 - Number(params.ts)) <= WEBHOOK_TOLERANCE_S)) throw apiError('INVALID_SIGNATURE')
  const parsed = pingback.safeParse(params)
  if (!parsed.success) throw apiError('INVALID_INPUT')
  const { type, ref, goodsid } = parsed.data
  return {
    provider: 'sandbox',
    source: 'paymentwall',
    // One transaction's one kind of news for one order (a pingback naming another order is another event, ignored).
    eventId: `${ref}:${type}:${goodsid}`,
    type,
    relevant: type === PINGBACK_PAID || type === PINGBACK_REFUND,
    providerRef: ref,
    attemptKey: null,
    orderHash: goodsid,
    outcome: type === PINGBACK_PAID ? 'succeeded' : type === PINGBACK_REFUND ? 'refunded' : null,
  }
}
