import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { loginSchema } from '@/lib/validation/auth'
import { login } from '@/services/auth/accounts'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

/** POST { username, password } → 200 { token }: a new auth session (spec section 7, "Auth"). */
export const POST = handler(async (request) => {
  const body = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  // Counted before any lookup or password hashing, per address and per account named.
  await limit(request, 'login', typeof body.username === 'string' ? body.username : undefined)
  const input = loginSchema.parse(body)
  const token = await login(await payloadClient(), input, { userAgent: request.headers.get('user-agent') })
  return json({ token })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
