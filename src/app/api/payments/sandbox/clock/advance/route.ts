import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { requireAdmin } from '@/services/auth/admin'
import { payloadClient } from '@/services/content/payload'
import { sandboxAvailable } from '@/services/payments/registry'
import { advanceBody, advanceClock } from '@/services/payments/sandbox/clock'

/**
 * Admins only, while the sandbox takes cards: POST `{ days }` (1–3660) or `{ to }` (an ISO date
 * after the clock's now) → `{ now }`. What fell due then runs at once.
 */
export const POST = handler(async (request) => {
  if (!sandboxAvailable()) throw apiError('SERVER_MAINTENANCE')
  const payload = await payloadClient()
  await requireAdmin(payload, request.headers)
  const input = advanceBody.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const time = await advanceClock(payload, input)
  return json({ now: time.toISOString() })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
