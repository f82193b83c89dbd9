import { z } from 'zod'
import { now } from '@/lib/clock'
import type { ErrorCode } from '@/lib/errors'
import { apiError, errorMessage, handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { findOrderByHash, PUBLIC_HASH } from '@/services/orders/orders'
import { nextStep } from '@/services/orders/sync'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, hash: z.string({ error: 'ORDER_NOT_FOUND' }).regex(PUBLIC_HASH, 'ORDER_NOT_FOUND'), locale: z.string().max(10).optional() })

/**
 * GET ?hash= → { hash, status, url }: where the buyer goes next for this order. While it waits
 * for 3-D Secure or the provider, the provider is asked once and the order settled (the
 * fallback for a late webhook); past its 24 hours an unpaid order is expired. A failed order
 * adds `failure: { code, message, retryable }`, the message in `locale` (else the order's).
 */
export const GET = handler(async (request) => {
  const { hash, locale } = query.parse(queryOf(request))
  const payload = await payloadClient()
  const order = await findOrderByHash(payload, hash)
  if (!order) throw apiError('ORDER_NOT_FOUND', 'hash')
  const step = await nextStep(payload, order, now())
  if (step.status !== 'failed') return json(step)
  // Failed before this call: the order in hand has the failure; failed just now: read it again.
  const failure = order.status === 'failed' ? order.failure : (await findOrderByHash(payload, hash))?.failure
  const code = (failure?.code ?? 'CARD_DECLINED') as ErrorCode
  return json({ ...step, failure: { code, message: await errorMessage(code, locale ?? order.locale), retryable: failure?.retryable ?? true } })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
