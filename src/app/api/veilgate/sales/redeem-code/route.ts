import { z } from 'zod'
import { now } from '@/lib/clock'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { optionalSession } from '@/services/auth/sessions'
import { lookupCode } from '@/services/catalog/codes'
import { payloadClient } from '@/services/content/payload'

const query = z.object({
  ...tsParam,
  code: z.string({ error: 'INVALID_BONUS_CODE' }).trim().min(1, 'INVALID_BONUS_CODE').max(64, 'INVALID_BONUS_CODE'),
  locale: z.string().max(10).optional(),
})

/**
 * GET ?code=&locale= → what a gift code (plan, add-ons, their titles in `locale`) or a bonus code (effect, plans) gives, without
 * redeeming it. Unknown, used, expired or not for this customer: 400 INVALID_BONUS_CODE (or the
 * bonus-code code that says why).
 */
export const GET = handler(async (request) => {
  const input = query.parse(queryOf(request))
  const payload = await payloadClient()
  const signedIn = await optionalSession(payload, request.headers)
  return json(await lookupCode(payload, { code: input.code, customer: signedIn?.customer ?? null, now: now(), locale: input.locale }))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
