import { z } from 'zod'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { safeNext } from '@/lib/next-path'
import { autologinUrl } from '@/services/auth/fast-login'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, locale: z.string().max(10).optional(), next: z.string().max(2000).optional() })

/**
 * GET (signed in) → { url, expiresAt }: a one-time link, valid two minutes, that opens the site
 * signed in as this customer (an app hands it to the browser) and goes on to `next` (a path on
 * this site, else My account).
 */
export const GET = handler(async (request) => {
  const { next } = query.parse(queryOf(request))
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  return json(await autologinUrl(payload, customer, safeNext(next, '/my-account')))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
