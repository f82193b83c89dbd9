import { z } from 'zod'
import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods, requestLocale } from '@/lib/http'
import { recordId, setAutoRenew } from '@/services/account/overview'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

const body = z.object({ enabled: z.boolean({ error: 'INVALID_INPUT' }) })

/** POST { enabled } → the subscription with `autoRenew` stored; one that cannot renew: 400 INVALID_INPUT (`enabled`). */
export const POST = handler(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  const id = recordId((await params).id)
  const input = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  const { enabled } = body.parse(input)
  return json(await setAutoRenew(payload, customer.id, id, enabled, requestLocale(request, input)))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
