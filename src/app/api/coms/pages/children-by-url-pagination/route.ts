import { handler, json, otherMethods, queryOf } from '@/lib/http'
import { childrenOf, childrenQuery } from '@/services/content/children'

export const GET = handler(async (request) => json(await childrenOf(childrenQuery.parse(queryOf(request)))))

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
