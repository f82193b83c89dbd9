import { bodyOf, handler, json } from '@/lib/http'
import { loginSchema } from '@/lib/validation/auth'
import { login } from '@/services/accounts/accounts'
import { payloadClient } from '@/services/content/payload'

/** POST { username, password } → 200 { token }: a new auth session (spec section 7, "Auth"). */
export const POST = handler(async (request) => {
  const input = loginSchema.parse(await bodyOf(request))
  const token = await login(await payloadClient(), input, { userAgent: request.headers.get('user-agent') })
  return json({ token })
})
