import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { changePasswordSchema, ownerInputs, tooWeak } from '@/lib/validation/auth'
import { ensureStrengthEstimate } from '@/lib/validation/strength'
import { changePassword } from '@/services/auth/accounts'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

/** POST { password, newPassword } → 200 { ok: true }; every other session of the account ends. */
export const POST = handler(async (request) => {
  const payload = await payloadClient()
  const { customer, session } = await requireSession(payload, request.headers)
  await ensureStrengthEstimate()
  const input = changePasswordSchema.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  if (tooWeak(input.newPassword, ownerInputs(customer.email ?? ''))) throw apiError('PASSWORD_BAD', 'newPassword')
  await changePassword(payload, { customer, sessionId: session.id }, input)
  return json({ ok: true })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
