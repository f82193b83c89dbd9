import { z } from 'zod'
import { bodyOf, handler, json, otherMethods, requestLocale } from '@/lib/http'
import { priceList } from '@/services/catalog/catalog'
import { payloadClient } from '@/services/content/payload'

const body = z.object({
  list: z.array(z.string().trim().min(1).max(100), { error: 'INVALID_INPUT' }).min(1, 'INVALID_INPUT').max(100, 'INVALID_INPUT'),
  locale: z.string().max(10).optional(),
})

/**
 * POST { list: [purchase ids] } → [{ id, cost, info: { type, count }, description }]: every known
 * id in the order asked, unknown ids left out (spec section 7, "Sales"). Costs in integer cents.
 */
export const POST = handler(async (request) => {
  const raw = await bodyOf(request)
  const input = body.parse(raw)
  const items = await priceList(await payloadClient(), input.list, requestLocale(request, raw))
  return json(items.map(({ id, cost, info, description }) => ({ id, cost, info, description })))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
