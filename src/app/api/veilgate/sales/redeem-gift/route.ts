import { z } from 'zod'
import { now } from '@/lib/clock'
import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { redeemCode } from '@/services/account/redeem'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

const body = z.object({
  code: z.string({ error: 'INVALID_BONUS_CODE' }).trim().min(1, 'INVALID_BONUS_CODE').max(64, 'INVALID_BONUS_CODE'),
  locale: z.string().max(10).optional(),
})

/**
 * POST { code } (the owner's X-Auth-Token, else 401 EXPIRED_SESSION) →
 * { code, added: { plan?, days }, subscription: { id, currentPeriodEnd } }. Refusals: 400
 * INVALID_BONUS_CODE, BAD_NEW_BONUS_CODE or USE_NEW_BONUS_CODE_ON_OWN_ACC, with `field: "code"`;
 * 429 TOO_MANY_REQUESTS past the security baseline's limits.
 */
export const POST = handler(async (request) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  // Guessing codes costs tries: RATE_LIMIT_IP per address and RATE_LIMIT_ACCOUNT per customer.
  await limit(request, 'redeem-gift', `customer:${customer.id}`)
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  return json(await redeemCode(payload, customer, input.code, now()))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
