// The admins' clear-cache endpoints: every rendered page dropped on every instance.
import { handler, json } from '@/lib/http'
import { requireAdmin } from '@/services/auth/admin'
import { announceNow } from '@/services/content/changes'
import { payloadClient } from '@/services/content/payload'
import { revalidateAll } from '@/services/content/revalidate'

/**
 * `GET /api/coms/clear-cache/` and `GET /api/veilgate/clear-cache/`, admins only (else 401
 * `EXPIRED_SESSION`): this instance's render cache dropped, and the content signal `{ all: true }`
 * sent, which empties every instance's route index and response cache. Answers `{ cleared: true }`.
 */
export const clearCacheRoute = handler(async (request) => {
  const payload = await payloadClient()
  await requireAdmin(payload, request.headers)
  revalidateAll()
  await announceNow(payload, { all: true })
  return json({ cleared: true })
})
