import { bodyOf, handler, json } from '@/lib/http'
import { registerSchema } from '@/lib/validation/auth'
import { register } from '@/services/accounts/accounts'
import { payloadClient } from '@/services/content/payload'

/**
 * POST { username, password, confirmPassword, terms: true, marketingConsent?, locale?, timezone? }
 * → 201 { token }: the new account, signed in at once; a confirmation e-mail is queued.
 */
export const POST = handler(async (request) => {
  const input = registerSchema.parse(await bodyOf(request))
  const token = await register(await payloadClient(), input, { userAgent: request.headers.get('user-agent') })
  return json({ token }, { status: 201 })
})
