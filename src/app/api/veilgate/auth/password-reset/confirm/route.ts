import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { passwordResetSchema } from '@/lib/validation/auth'
import { ensureStrengthEstimate } from '@/lib/validation/strength'
import { resetPassword } from '@/services/auth/password-reset'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { token, password, confirmPassword } → 200 { token }: the new password is set, every other
 * session ends, and the answer's session signs this browser in. A used, expired or unknown link:
 * 401 EXPIRED_SESSION; a refused password leaves the link usable.
 */
export const POST = handler(async (request) => {
  const body = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  await limit(request, 'password-reset-confirm')
  await ensureStrengthEstimate()
  const input = passwordResetSchema.parse(body)
  const token = await resetPassword(await payloadClient(), input, { userAgent: request.headers.get('user-agent') })
  return json({ token })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
