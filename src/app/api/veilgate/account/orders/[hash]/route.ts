import { z } from 'zod'
import { handler, json, otherMethods, queryOf, requestLocale, tsParam } from '@/lib/http'
import { customerReceipt } from '@/services/account/orders'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, locale: z.string().max(10).optional() })

/** GET → one of the customer's orders as its receipt shows it; another customer's: 404 NOT_FOUND. */
export const GET = handler(async (request, { params }: { params: Promise<{ hash: string }> }) => {
  query.parse(queryOf(request))
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  return json(await customerReceipt(payload, customer.id, (await params).hash, requestLocale(request)), { headers: { 'cache-control': 'no-store' } })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
