import { handler, json } from '@/lib/http'
import { requireAdmin } from '@/services/auth/admin'
import { payloadClient } from '@/services/content/payload'
import { revalidateAll } from '@/services/content/revalidate'

/** Admins only: drops every rendered page; the next visit renders afresh. */
export const GET = handler(async (request) => {
  await requireAdmin(await payloadClient(), request.headers)
  revalidateAll()
  return json({ cleared: true })
})
