import { z } from 'zod'
import { handler, json, otherMethods, queryOf, requestLocale, tsParam } from '@/lib/http'
import { customerOrders } from '@/services/account/orders'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, locale: z.string().max(10).optional() })

/** GET → the signed-in customer's orders, newest first: date, items, total, status and method. */
export const GET = handler(async (request) => {
  query.parse(queryOf(request))
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  return json(await customerOrders(payload, customer.id, requestLocale(request)), { headers: { 'cache-control': 'no-store' } })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
