import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { classifyUsername } from '@/lib/validation/account-number'
import { loginSchema } from '@/lib/validation/auth'
import { login } from '@/services/auth/accounts'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

/** POST { username, password } → 200 { token }: a new auth session (spec section 7, "Auth"). */
export const POST = handler(async (request) => {
  const body = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  // Counted before any lookup or password hashing, per address and per account named.
  // An account number counts as its 16 digits, however it was spaced.
  const named = typeof body.username === 'string' ? classifyUsername(body.username) : null
  await limit(request, 'login', named === null ? undefined : named.kind === 'number' ? named.number : named.kind === 'email' ? named.email : String(body.username))
  const input = loginSchema.parse(body)
  const token = await login(await payloadClient(), input, { userAgent: request.headers.get('user-agent') })
  return json({ token })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
