import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { deleteAccount, deleteInput } from '@/services/account/deletion'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { password } (or { email } for an account without a password) → { deleted: true }: the
 * account is anonymized in one transaction and every session ends. 401
 * INVALID_USERNAME_OR_PASSWORD, 400 INVALID_INPUT (`field: "email"`), 429 past the limits.
 */
export const POST = handler(async (request) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  await limit(request, 'delete-account', customer.email ?? customer.username ?? undefined)
  const input = deleteInput.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  return json(await deleteAccount(payload, customer, input))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
