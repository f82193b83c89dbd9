import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods, queryOf } from '@/lib/http'
import { codeLoginSchema, tokenSchema } from '@/lib/validation/auth'
import { exchangeCode, exchangeToken } from '@/services/auth/fast-login'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

/**
 * Any method. `{ token }` (body or query: a fast-login link's, or one from `autologin-url/`) or
 * `{ username, code }` (a fast-login e-mail's six digits) → 200 { token }, an access token to send
 * as X-Access-Token. The link or code works once; a spent one answers 401 EXPIRED_SESSION
 * (`token`) or 400 INVALID_FAST_LOGIN_CODE (`code`).
 */
const exchange = handler(async (request) => {
  const hasBody = !['GET', 'HEAD'].includes(request.method)
  const input = { ...queryOf(request), ...(hasBody ? await bodyOf(request, AUTH_MAX_BODY_BYTES) : {}) }
  const byCode = input.code !== undefined && input.token === undefined
  await limit(request, 'autologin', byCode && typeof input.username === 'string' ? input.username : undefined)
  const payload = await payloadClient()
  const meta = { userAgent: request.headers.get('user-agent') }
  if (byCode) {
    const { username, code } = codeLoginSchema.parse(input)
    return json({ token: await exchangeCode(payload, { email: username, code }, meta) })
  }
  const { token } = tokenSchema.parse(input)
  return json({ token: await exchangeToken(payload, token, meta) })
})

export const GET = exchange
export const POST = exchange
export const PUT = exchange
export const PATCH = exchange
export const DELETE = exchange

export const { OPTIONS } = otherMethods('GET', 'POST', 'PUT', 'PATCH', 'DELETE')
