import { z } from 'zod'
import { apiError, handler, json, queryOf, tsParam } from '@/lib/http'
import { findOrderByHash, PUBLIC_HASH } from '@/services/checkout/orders'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, hash: z.string({ error: 'ORDER_NOT_FOUND' }).regex(PUBLIC_HASH, 'ORDER_NOT_FOUND'), locale: z.string().max(10).optional() })

/** GET ?hash= → { hash, status, url }: where the buyer goes next for this order. */
export const GET = handler(async (request) => {
  const { hash } = query.parse(queryOf(request))
  const payload = await payloadClient()
  const order = await findOrderByHash(payload, hash)
  if (!order) throw apiError('ORDER_NOT_FOUND', 'hash')
  let url = `/order/checkout?hash=${hash}`
  if (order.status === 'paid') url = `/payment-success?hash=${hash}`
  else if (order.status === 'requires_action') {
    const attempt = (await payload.find({ collection: 'payment-attempts', where: { order: { equals: order.id } }, sort: '-number', limit: 1, depth: 0, overrideAccess: true })).docs[0]
    if (attempt?.nextAction) url = attempt.nextAction
  }
  return json({ hash, status: order.status, url })
})
