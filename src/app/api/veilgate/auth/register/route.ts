import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json } from '@/lib/http'
import { registerSchema } from '@/lib/validation/auth'
import { ensureStrengthEstimate } from '@/lib/validation/strength'
import { register } from '@/services/accounts/accounts'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { username, password, confirmPassword, terms: true, marketingConsent?, locale?, timezone? }
 * → 201 { token }: the new account, signed in at once; a confirmation e-mail is queued.
 */
export const POST = handler(async (request) => {
  const body = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  await limit(request, 'register', typeof body.username === 'string' ? body.username : undefined)
  await ensureStrengthEstimate()
  const input = registerSchema.parse(body)
  const token = await register(await payloadClient(), input, { userAgent: request.headers.get('user-agent') })
  return json({ token }, { status: 201 })
})
