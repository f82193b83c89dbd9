import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json } from '@/lib/http'
import { tokenSchema } from '@/lib/validation/auth'
import { confirm } from '@/services/auth/accounts'
import { payloadClient } from '@/services/content/payload'

/** POST { token } → 200 { confirmed: true }; a used, expired or unknown token answers 401 EXPIRED_SESSION. */
export const POST = handler(async (request) => {
  const { token } = tokenSchema.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  await confirm(await payloadClient(), token)
  return json({ confirmed: true })
})
