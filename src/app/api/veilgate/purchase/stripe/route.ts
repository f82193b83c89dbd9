import { now } from '@/lib/clock'
import { apiError, handler, json, otherMethods } from '@/lib/http'
import { takeWebhook } from '@/services/payments/intake'
import { payloadClient } from '@/services/content/payload'

export const runtime = 'nodejs'

/** Largest event body taken in (Stripe's events are a few kilobytes). */
const MAX_EVENT_BYTES = 256 * 1024

/**
 * The card route for payment events: the sandbox's (`Sandbox-Signature`) and Stripe's
 * (`Stripe-Signature`). POST, raw body → 200 { received: true } once applied (or already taken
 * in); 400 INVALID_SIGNATURE for a bad, missing or stale signature; 400 INVALID_INPUT for a
 * signed body of the wrong shape; 503 when applying failed (the provider retries).
 */
export const POST = handler(async (request) => {
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > MAX_EVENT_BYTES) throw apiError('INVALID_INPUT')
  const raw = await request.text()
  if (Buffer.byteLength(raw) > MAX_EVENT_BYTES) throw apiError('INVALID_INPUT')
  const payload = await payloadClient()
  return json(await takeWebhook(payload, raw, request.headers, now()))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
