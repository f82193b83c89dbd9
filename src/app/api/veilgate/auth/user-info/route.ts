import { z } from 'zod'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { userInfo } from '@/services/auth/accounts'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, locale: z.string().max(10).optional() })

/** GET → the signed-in customer: { id, username, email, locale, timezone, marketingConsent, confirmed, createdAt }. */
export const GET = handler(async (request) => {
  query.parse(queryOf(request))
  const { customer } = await requireSession(await payloadClient(), request.headers)
  return json(userInfo(customer))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
