import { z } from 'zod'
import { defaultLocale, isLocaleCode } from '@/i18n/locales'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'

const query = z.object({ locale: z.string().max(5).optional(), ...tsParam })

/** The glossary in one locale, alphabetically. */
export const GET = handler(async (request) => {
  const { locale } = query.parse(queryOf(request))
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'glossary-terms',
    locale: isLocaleCode(locale) ? locale : defaultLocale,
    fallbackLocale: defaultLocale,
    limit: 1000,
    pagination: false,
    sort: 'term',
    depth: 0,
  })
  return json({ terms: result.docs.map(({ slug, term, definition }) => ({ slug, term, definition })) })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
