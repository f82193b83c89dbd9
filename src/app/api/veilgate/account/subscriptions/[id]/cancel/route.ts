import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods, requestLocale } from '@/lib/http'
import { cancelSubscription, recordId } from '@/services/account/overview'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

/** POST → the subscription, `canceled`, renewal off, access kept until `currentPeriodEnd`; again: the same. */
export const POST = handler(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  const id = recordId((await params).id)
  const input = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  return json(await cancelSubscription(payload, customer.id, id, requestLocale(request, input)))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
