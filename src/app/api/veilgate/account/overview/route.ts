import { z } from 'zod'
import { handler, json, otherMethods, queryOf, requestLocale, tsParam } from '@/lib/http'
import { accountOverview } from '@/services/account/overview'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, locale: z.string().max(10).optional() })

/** GET → { profile, subscriptions, slots, devices, services, downloads } of the signed-in customer. */
export const GET = handler(async (request) => {
  query.parse(queryOf(request))
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  return json(await accountOverview(payload, customer, requestLocale(request)), { headers: { 'cache-control': 'no-store' } })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
