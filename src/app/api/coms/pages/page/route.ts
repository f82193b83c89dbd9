import { z } from 'zod'
import { apiError, handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { pagePayload } from '@/services/content/api'
import { payloadClient } from '@/services/content/payload'

const query = z.object({
  path: z.string().min(1).max(500).regex(/^\//, 'must start with /'),
  locale: z.string().max(5).optional(),
  ...tsParam,
})

/** A page's components, settings, hreflang locales, breadcrumbs and the plans it prices. */
export const GET = handler(async (request) => {
  const { path, locale } = query.parse(queryOf(request))
  const page = await pagePayload(await payloadClient(), path, locale)
  if (!page) throw apiError('NOT_FOUND', 'path')
  return json(page)
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
