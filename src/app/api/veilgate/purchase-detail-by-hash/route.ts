import { z } from 'zod'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { hashField, orderByHash, purchaseDetail } from '@/services/orders/views'
import { payloadClient } from '@/services/content/payload'
import { limitOrderReads } from '@/services/security/rate-limit'

const query = z.object({ ...tsParam, hash: hashField, locale: z.string().max(10).optional() })

/** GET ?hash= → { hash, status, lines, subtotal, discount, total, currency, method, brand, last4, maskedEmail, createdAt, paidAt }. */
export const GET = handler(async (request) => {
  await limitOrderReads(request)
  const { hash } = query.parse(queryOf(request))
  const payload = await payloadClient()
  return json(await purchaseDetail(payload, await orderByHash(payload, hash)))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
