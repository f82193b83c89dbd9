import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { passwordResetRequestSchema } from '@/lib/validation/auth'
import { requestPasswordReset } from '@/services/auth/password-reset'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { username } → 202 { sent: true }, whether or not an account uses the address: when one
 * does, a link to choose a new password is e-mailed to it. Rate-limited per address and account.
 */
export const POST = handler(async (request) => {
  const body = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  await limit(request, 'password-reset', typeof body.username === 'string' ? body.username : undefined)
  const { username } = passwordResetRequestSchema.parse(body)
  await requestPasswordReset(await payloadClient(), username)
  return json({ sent: true }, { status: 202 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
