import { z } from 'zod'
import { now } from '@/lib/clock'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { amazonOrderByHash, hashField } from '@/services/orders/views'
import { amazonPayValidate } from '@/services/payments/amazon/wallet'
import { payloadClient } from '@/services/content/payload'
import { limitOrderReads } from '@/services/security/rate-limit'

const query = z.object({ ...tsParam, hash: hashField })

/**
 * GET ?hash= → { valid, expiresAt }: whether "Pay now" can capture the order's approved Amazon
 * Pay payment now (an approval past its 30 minutes fails the order on this read, PAYMENT_CANCELED,
 * retryable). Not an Amazon Pay order → 404 ORDER_NOT_FOUND.
 */
export const GET = handler(async (request) => {
  await limitOrderReads(request)
  const { hash } = query.parse(queryOf(request))
  const payload = await payloadClient()
  return json(await amazonPayValidate(payload, await amazonOrderByHash(payload, hash), now()))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
