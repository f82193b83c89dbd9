import { handler, json, otherMethods } from '@/lib/http'
import { customerSessions } from '@/services/account/settings'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

/** GET → `[{ id, kind, createdAt, lastUsedAt, device, browser, os, current }]`, newest first. */
export const GET = handler(async (request) => {
  const payload = await payloadClient()
  const { customer, session } = await requireSession(payload, request.headers)
  return json(await customerSessions(payload, customer.id, session.id))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
