import { z } from 'zod'
import { now } from '@/lib/clock'
import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { registerSchema } from '@/lib/validation/auth'
import { ensureStrengthEstimate } from '@/lib/validation/strength'
import { registerAndRedeem } from '@/services/account/redeem'
import { payloadClient } from '@/services/content/payload'
import { requireHuman } from '@/services/human-check'
import { limit } from '@/services/security/rate-limit'

const codeBody = z.object({ code: z.string({ error: 'INVALID_BONUS_CODE' }).trim().min(1, 'INVALID_BONUS_CODE').max(64, 'INVALID_BONUS_CODE') })

/**
 * POST { code, username, password, confirmPassword, terms: true, marketingConsent?, locale?,
 * timezone?, inrecaptcha, version } → 201 { token, code, added, subscription }: a new account
 * (`register/`'s rules, human check and limits, plus `redeem-gift/`'s per address) with the gift
 * or extra-days code redeemed on it, both in one transaction. A refused code leaves no account:
 * 400 INVALID_BONUS_CODE, BAD_NEW_BONUS_CODE or USE_NEW_BONUS_CODE_ON_OWN_ACC with `field: "code"`.
 * An address that has an account: 409 ALREADY_IN_USE (sign in and redeem in My account).
 */
export const POST = handler(async (request) => {
  const body = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  const username = typeof body.username === 'string' ? body.username : undefined
  await limit(request, 'register', username)
  await limit(request, 'redeem-gift', username ? `address:${username}` : undefined)
  await ensureStrengthEstimate()
  const input = registerSchema.parse(body)
  const { code } = codeBody.parse(body)
  // The form first (a refusal keeps the check's token usable), then the human check, spent once.
  const payload = await payloadClient()
  await requireHuman(payload, request, body, 'register')
  const result = await registerAndRedeem(payload, input, code, { userAgent: request.headers.get('user-agent') }, now())
  return json(result, { status: 201 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
