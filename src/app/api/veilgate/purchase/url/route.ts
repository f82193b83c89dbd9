import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, handler, json, queryOf, tsParam } from '@/lib/http'
import { findOrderByHash, PUBLIC_HASH } from '@/services/checkout/orders'
import { nextStep } from '@/services/checkout/sync'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, hash: z.string({ error: 'ORDER_NOT_FOUND' }).regex(PUBLIC_HASH, 'ORDER_NOT_FOUND'), locale: z.string().max(10).optional() })

/**
 * GET ?hash= → { hash, status, url }: where the buyer goes next for this order. While it waits
 * for 3-D Secure or the provider, the provider is asked once and the order settled (the
 * fallback for a late webhook); past its 24 hours an unpaid order is expired.
 */
export const GET = handler(async (request) => {
  const { hash } = query.parse(queryOf(request))
  const payload = await payloadClient()
  const order = await findOrderByHash(payload, hash)
  if (!order) throw apiError('ORDER_NOT_FOUND', 'hash')
  return json(await nextStep(payload, order, now()))
})
