import { now } from '@/lib/clock'
import { apiError, handler, json, otherMethods } from '@/lib/http'
import { takeEvent } from '@/services/payments/intake'
import { eventReaders } from '@/services/payments/registry'
import { payloadClient } from '@/services/content/payload'
import { amazonReturn } from '../amazon-return'

export const runtime = 'nodejs'

/** Largest notice taken in (Amazon Pay's notices are well under a kilobyte). */
const MAX_NOTICE_BYTES = 64 * 1024

/**
 * Amazon Pay's charge notices: POST, raw body `{ NotificationId, ChargeId, ChargeStatus:
 * "Completed" | "Declined" | "Canceled", MerchantReference: "order:{id}:attempt:{n}" }` with the
 * sandbox's `Sandbox-Signature` → 200 { received: true } once applied (or already taken in); 400
 * INVALID_SIGNATURE for a bad, missing or stale signature; 400 INVALID_INPUT for a body of the
 * wrong shape; 503 when applying failed (it comes again).
 */
export const POST = handler(async (request) => {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_NOTICE_BYTES) throw apiError('INVALID_INPUT')
  const raw = await request.text()
  if (Buffer.byteLength(raw) > MAX_NOTICE_BYTES) throw apiError('INVALID_INPUT')
  const payload = await payloadClient()
  const at = now()
  const event = await eventReaders.amazon(payload, { body: raw, query: new URL(request.url).searchParams, headers: request.headers, at })
  return json(await takeEvent(payload, event, at))
})

/** The browser return by `?token=`, as `amazon-validate`. */
export const GET = amazonReturn

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST')
