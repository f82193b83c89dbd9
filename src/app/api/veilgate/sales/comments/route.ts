import { z } from 'zod'
import { handler, json, otherMethods, queryOf, requestLocale, tsParam } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'

const query = z.object({
  ...tsParam,
  limit: z.coerce.number({ error: 'INVALID_INPUT' }).int('INVALID_INPUT').min(1, 'INVALID_INPUT').max(50, 'INVALID_INPUT').default(10),
  locale: z.string().max(10).optional(),
})

/** GET [?limit=] → the newest published reviews [{ author, text, rating, date }] in the request's language. */
export const GET = handler(async (request) => {
  const input = query.parse(queryOf(request))
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'reviews',
    where: { published: { equals: true } },
    sort: '-date',
    limit: input.limit,
    locale: requestLocale(request) as never,
    depth: 0,
  })
  return json(found.docs.map((review) => ({ author: review.author, text: review.text, rating: review.rating, date: review.date })))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
