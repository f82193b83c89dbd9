import { z } from 'zod'
import { now } from '@/lib/clock'
import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { nextStep } from '@/services/orders/sync'
import { hashField, orderByHash } from '@/services/orders/views'
import { payloadClient } from '@/services/content/payload'
import { limitOrderReads } from '@/services/security/rate-limit'

const body = z.object({ hash: hashField, locale: z.string().max(10).optional() })

/**
 * POST { hash } → { status }: the success page's poll while a payment is pending. Like
 * `purchase/url/`, a waiting order asks its provider once and settles.
 */
export const POST = handler(async (request) => {
  await limitOrderReads(request)
  const { hash } = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const payload = await payloadClient()
  const step = await nextStep(payload, await orderByHash(payload, hash), now())
  return json({ status: step.status })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
