import { NextResponse } from 'next/server'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { apiError, handler, json, otherMethods, queryOf } from '@/lib/http'
import { localizePath } from '@/i18n/paths'
import { takeEvent } from '@/services/payments/intake'
import { eventReaders } from '@/services/payments/registry'
import { returnFromPaypal, SANDBOX_REFERENCE } from '@/services/payments/sandbox/approval'
import { PAYPAL_ORDER_ID, returnFromPaypalApi } from '@/services/payments/paypal/return'
import { payloadClient } from '@/services/content/payload'
import { isLocaleCode } from '@/i18n/locales'

export const runtime = 'nodejs'

/** Largest event body taken in (PayPal's events are a few kilobytes). */
const MAX_EVENT_BYTES = 256 * 1024

/**
 * PayPal's payment events: POST, raw body `{ id, event_type: "PAYMENT.CAPTURE.COMPLETED" |
 * "PAYMENT.CAPTURE.DENIED" | "PAYMENT.CAPTURE.PENDING", resource: { id, custom_id:
 * "order:{id}:attempt:{n}", amount } }` with the sandbox's `Sandbox-Signature` → 200
 * { received: true } once applied (or already taken in); 400 INVALID_SIGNATURE for a bad,
 * missing or stale signature; 400 INVALID_INPUT for a body of the wrong shape; 503 when applying
 * failed (it comes again).
 */
export const POST = handler(async (request) => {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_EVENT_BYTES) throw apiError('INVALID_INPUT')
  const raw = await request.text()
  if (Buffer.byteLength(raw) > MAX_EVENT_BYTES) throw apiError('INVALID_INPUT')
  const payload = await payloadClient()
  const at = now()
  const event = await eventReaders.paypal(payload, { body: raw, query: new URL(request.url).searchParams, headers: request.headers, at })
  return json(await takeEvent(payload, event, at))
})

const browserReturn = z.object({
  token: z
    .string({ error: 'INVALID_INPUT' })
    .max(64, 'INVALID_INPUT')
    .refine((token) => SANDBOX_REFERENCE.test(token) || PAYPAL_ORDER_ID.test(token), 'INVALID_INPUT'),
  PayerID: z.string().max(64).optional(),
  cancel: z.literal('1').optional(),
})

/**
 * PayPal's browser return: GET ?token=…&PayerID=… (or ?cancel=1&token=…) → 303 to the order's
 * page in its language. The sandbox's token (`sbx_…`): approved → `/payment-success?hash=`,
 * waiting for the signed event. PayPal's (its order id): captured here (`returnFromPaypalApi`).
 * No or malformed token → 400 INVALID_INPUT; unknown → 404 ORDER_NOT_FOUND.
 */
export const GET = handler(async (request) => {
  const { token, cancel } = browserReturn.parse(queryOf(request))
  const payload = await payloadClient()
  const next = SANDBOX_REFERENCE.test(token) ? await returnFromPaypal(payload, token) : await returnFromPaypalApi(payload, token, cancel === '1', now())
  const locale = isLocaleCode(next.locale) ? next.locale : 'en'
  const [path, search] = next.url.split('?')
  return NextResponse.redirect(new URL(`${localizePath(locale, path!)}${search ? `?${search}` : ''}`, env().SITE_URL), { status: 303, headers: { 'cache-control': 'no-store' } })
})

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST')
