import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { revokeInput, revokeSessions } from '@/services/account/settings'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

/** POST { id } or { all: true } → { revoked }: one of the customer's sessions ends, or all of them (this one too). */
export const POST = handler(async (request) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  const input = revokeInput.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  return json(await revokeSessions(payload, customer.id, input))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
