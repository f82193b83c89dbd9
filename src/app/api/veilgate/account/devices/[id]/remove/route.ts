import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { recordId, removeDevice } from '@/services/account/overview'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

/** POST → { removed: true }: one of the customer's devices is gone; anyone else's answers 404. */
export const POST = handler(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  const id = recordId((await params).id)
  await bodyOf(request, AUTH_MAX_BODY_BYTES)
  await removeDevice(payload, customer.id, id)
  return json({ removed: true })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
