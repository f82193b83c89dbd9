import { z } from 'zod'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { hashField, orderByHash, successInfo } from '@/services/orders/views'
import { payloadClient } from '@/services/content/payload'
import { limitOrderReads } from '@/services/security/rate-limit'

const query = z.object({ ...tsParam, hash: hashField, locale: z.string().max(10).optional() })

/** GET ?hash= → { hash, status, plan, maskedEmail, total, renewal, accountCreated }: what the success page says. */
export const GET = handler(async (request) => {
  await limitOrderReads(request)
  const { hash } = query.parse(queryOf(request))
  const payload = await payloadClient()
  return json(await successInfo(payload, await orderByHash(payload, hash)))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
