import { handler, json } from '@/lib/http'
import { requireAdmin } from '@/services/auth/admin'
import { announceNow } from '@/services/content/changes'
import { payloadClient } from '@/services/content/payload'
import { revalidateAll } from '@/services/content/revalidate'

/** Admins only: drops every rendered page; the next visit renders afresh. */
export const GET = handler(async (request) => {
  const payload = await payloadClient()
  await requireAdmin(payload, request.headers)
  revalidateAll()
  await announceNow(payload, { all: true })
  return json({ cleared: true })
})
