import { handler, json, otherMethods, queryOf } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { search } from '@/services/search/search'
import { searchQuery } from '@/services/search/query'

/** The original search answer: a list of hits with highlighted snippets. */
export const GET = handler(async (request) => {
  const result = await search(await payloadClient(), searchQuery.parse(queryOf(request)))
  return json(result.hits.map(({ kind, path, title, snippetHtml }) => ({ kind, path, title, snippet: snippetHtml })))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
