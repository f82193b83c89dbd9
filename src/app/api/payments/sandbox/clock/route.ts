import { clockOffset, now } from '@/lib/clock'
import { apiError, handler, json, otherMethods } from '@/lib/http'
import { requireAdmin } from '@/services/auth/admin'
import { payloadClient } from '@/services/content/payload'
import { sandboxAvailable } from '@/services/payments/registry'
import { loadClock } from '@/services/payments/sandbox/clock'

/** Admins only: the sandbox clock as the app sees it, `{ now, offsetMs }` (the admin's clock view). */
export const GET = handler(async (request) => {
  if (!sandboxAvailable()) throw apiError('SERVER_MAINTENANCE')
  const payload = await payloadClient()
  await requireAdmin(payload, request.headers)
  await loadClock(payload)
  return json({ now: now().toISOString(), offsetMs: clockOffset() })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
