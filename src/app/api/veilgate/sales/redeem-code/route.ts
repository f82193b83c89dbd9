import { z } from 'zod'
import { now } from '@/lib/clock'
import { handler, json, queryOf, tsParam } from '@/lib/http'
import { requireSession } from '@/services/accounts/sessions'
import { lookupCode } from '@/services/catalog/codes'
import { payloadClient } from '@/services/content/payload'

const query = z.object({
  ...tsParam,
  code: z.string({ error: 'INVALID_BONUS_CODE' }).trim().min(1, 'INVALID_BONUS_CODE').max(64, 'INVALID_BONUS_CODE'),
  locale: z.string().max(10).optional(),
})

/**
 * GET ?code= → what a gift code (plan, add-ons) or a bonus code (effect, plans) gives, without
 * redeeming it. Unknown, used, expired or not for this customer: 400 INVALID_BONUS_CODE (or the
 * bonus-code code that says why).
 */
export const GET = handler(async (request) => {
  const input = query.parse(queryOf(request))
  const payload = await payloadClient()
  const signedIn = request.headers.has('x-auth-token') || request.headers.has('x-access-token') ? await requireSession(payload, request.headers).catch(() => null) : null
  return json(await lookupCode(payload, { code: input.code, customer: signedIn?.customer ?? null, now: now() }))
})
