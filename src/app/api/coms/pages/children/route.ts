import { handler, json, otherMethods, queryOf } from '@/lib/http'
import { childrenOf, childrenQuery } from '@/services/content/children'

export const GET = handler(async (request) => {
  const listing = await childrenOf(childrenQuery.parse(queryOf(request)))
  return json(listing.items)
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
