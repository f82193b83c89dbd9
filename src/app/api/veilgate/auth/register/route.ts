import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { registerSchema } from '@/lib/validation/auth'
import { ensureStrengthEstimate } from '@/lib/validation/strength'
import { register } from '@/services/auth/accounts'
import { payloadClient } from '@/services/content/payload'
import { requireHuman } from '@/services/human-check'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { username, password, confirmPassword, terms: true, marketingConsent?, locale?, timezone?,
 * inrecaptcha, version } → 201 { token }: the new account, signed in at once; a confirmation
 * e-mail is queued. Without a valid human check: 400 NOT_VERIFIED_CAPTCHA.
 */
export const POST = handler(async (request) => {
  const body = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  await limit(request, 'register', typeof body.username === 'string' ? body.username : undefined)
  await ensureStrengthEstimate()
  const input = registerSchema.parse(body)
  // The form first (a refusal keeps the check's token usable), then the human check, spent once.
  const payload = await payloadClient()
  await requireHuman(payload, request, body, 'register')
  const { token } = await register(payload, input, { userAgent: request.headers.get('user-agent') })
  return json({ token }, { status: 201 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
