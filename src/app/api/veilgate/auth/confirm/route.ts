import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { tokenSchema } from '@/lib/validation/auth'
import { confirm } from '@/services/auth/accounts'
import { payloadClient } from '@/services/content/payload'

/**
 * POST { token } → 200 { confirmed: true }, plus `token` (an access session) when the account has
 * no password: its confirmation link is its way in. A used, expired or unknown token answers 401
 * EXPIRED_SESSION.
 */
export const POST = handler(async (request) => {
  const { token } = tokenSchema.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const session = await confirm(await payloadClient(), token, { userAgent: request.headers.get('user-agent') })
  return json(session ? { confirmed: true, token: session } : { confirmed: true })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
