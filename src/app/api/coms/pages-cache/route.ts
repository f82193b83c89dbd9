import { z } from 'zod'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { requireAdmin } from '@/services/auth/admin'
import { announceNow } from '@/services/content/changes'
import { normalisePagePath } from '@/services/content/paths'
import { payloadClient } from '@/services/content/payload'
import { revalidateContentPath } from '@/services/content/revalidate'

const query = z.object({ path: z.string().max(500).regex(/^\//).optional(), ...tsParam })

/** Admins only: refreshes one content path in every locale, or lists the cached content paths. */
export const GET = handler(async (request) => {
  const payload = await payloadClient()
  await requireAdmin(payload, request.headers)
  const { path } = query.parse(queryOf(request))
  if (path) {
    revalidateContentPath(normalisePagePath(path))
    await announceNow(payload, { paths: [normalisePagePath(path)] })
    return json({ refreshed: normalisePagePath(path) })
  }
  const pages = await payload.find({ collection: 'pages', limit: 10_000, pagination: false, depth: 0, select: { path: true } })
  return json({ paths: pages.docs.map((doc) => doc.path) })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
