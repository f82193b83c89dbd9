import { handler, json, queryOf } from '@/lib/http'
import { childrenOf, childrenQuery } from '@/services/content/children'

export const GET = handler(async (request) => json(await childrenOf(childrenQuery.parse(queryOf(request)))))
