// The children of a content path (help sections, blog pages), for the content API.
import { z } from 'zod'
import { isLocaleCode } from '@/i18n/locales'
import { splitLocalePath } from '@/i18n/paths'
import { tsParam } from '@/lib/http'
import { listChildren } from './listing'
import { payloadClient } from './payload'

/** Query of the children endpoints: the parent path or URL, and optional paging. */
export const childrenQuery = z.object({
  path: z.string().max(500).regex(/^\//).optional(),
  url: z.string().max(500).regex(/^\//).optional(),
  source: z.enum(['posts', 'help', 'children']).optional(),
  locale: z.string().max(5).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  ...tsParam,
})

/** Lists what is under a path: posts for /blog, help articles under /help, child pages elsewhere. */
export async function childrenOf(input: z.infer<typeof childrenQuery>) {
  const raw = input.path ?? input.url ?? '/'
  const { locale: fromPath, path } = splitLocalePath(raw)
  const locale = isLocaleCode(input.locale) ? input.locale : fromPath
  const source = input.source ?? (path === '/blog' ? 'posts' : path.startsWith('/help') ? 'help' : 'children')
  return listChildren(await payloadClient(), { source, parentPath: path, locale, page: input.page, perPage: input.perPage })
}
