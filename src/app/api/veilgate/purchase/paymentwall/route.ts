import { now } from '@/lib/clock'
import { handler, otherMethods } from '@/lib/http'
import { takeEvent } from '@/services/payments/intake'
import { eventReaders } from '@/services/payments/registry'
import { payloadClient } from '@/services/content/payload'

export const runtime = 'nodejs'

/**
 * Paymentwall's pingback: GET ?uid=&goodsid={order hash}&type=0|2&ref={attempt}&sign_version=3&sig=
 * (`sig`: hex SHA-256 of the other parameters sorted by name as `name=value`, joined, then the
 * secret) → the text `OK` once taken in (a repeat too); 400 INVALID_SIGNATURE or INVALID_INPUT
 * otherwise, and Paymentwall sends it again.
 */
export const GET = handler(async (request) => {
  const payload = await payloadClient()
  const at = now()
  const event = await eventReaders.paymentwall(payload, { body: '', query: new URL(request.url).searchParams, headers: request.headers, at })
  await takeEvent(payload, event, at)
  return new Response('OK', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
