import { z } from 'zod'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { amazonOrderByHash, hashField } from '@/services/orders/views'
import { amazonUserInfo } from '@/services/payments/amazon/wallet'
import { payloadClient } from '@/services/content/payload'
import { limitOrderReads } from '@/services/security/rate-limit'

const query = z.object({ ...tsParam, hash: hashField })

/** GET ?hash= → { name, email }: the Amazon Pay buyer of the order (the e-mail masked). Not an Amazon Pay order → 404 ORDER_NOT_FOUND. */
export const GET = handler(async (request) => {
  await limitOrderReads(request)
  const { hash } = query.parse(queryOf(request))
  const payload = await payloadClient()
  return json(amazonUserInfo(await amazonOrderByHash(payload, hash)))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
