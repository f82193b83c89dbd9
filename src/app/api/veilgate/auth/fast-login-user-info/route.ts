import { z } from 'zod'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { userInfo } from '@/services/auth/accounts'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, locale: z.string().max(10).optional() })

/** GET → `user-info/`'s fields plus `session`: `access` for a sign-in by e-mail or app link, `auth` for a password. */
export const GET = handler(async (request) => {
  query.parse(queryOf(request))
  const { customer, session } = await requireSession(await payloadClient(), request.headers)
  return json({ ...userInfo(customer), session: session.kind })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
