import { z } from 'zod'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { requireSession } from '@/services/auth/sessions'
import { referralCode } from '@/services/catalog/codes'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ ...tsParam, locale: z.string().max(10).optional() })

/**
 * GET (X-Auth-Token) → { code, effect, redemptions }: the customer's referral code, made on the
 * first call; a friend gets 10 % off a first purchase. No valid session: 401 as the auth API.
 */
export const GET = handler(async (request) => {
  query.parse(queryOf(request))
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  const bonus = await referralCode(payload, customer)
  return json(
    { code: bonus.code, effect: { type: bonus.effect, value: bonus.value }, redemptions: bonus.redemptions ?? 0, active: Boolean(bonus.active) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
