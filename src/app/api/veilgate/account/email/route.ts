import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { changeEmailSchema } from '@/lib/validation/auth'
import { requestEmailChange } from '@/services/auth/accounts'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { password, email } → 202 { pendingEmail }: a link goes to the new address, a notice to the
 * current one; nothing changes until the link is followed. 401 INVALID_USERNAME_OR_PASSWORD,
 * 409 ALREADY_IN_USE, 429 past the security baseline's limits.
 */
export const POST = handler(async (request) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  await limit(request, 'email-change', customer.email ?? customer.username ?? undefined)
  const input = changeEmailSchema.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  return json(await requestEmailChange(payload, customer.id, input), { status: 202 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
