// The geo-IP and VPN list endpoints: public GETs, rate-limited per client address, readable
// cross-origin by the site's own origins, every other method 405.
import { z } from 'zod'
import { corsHeaders, corsPreflight } from '@/lib/cors'
import { handler, json, methodNotAllowed, queryOf, tsParam } from '@/lib/http'
import { limitGeo } from '@/services/security/rate-limit'

export const geoQuery = z.object({ ...tsParam, locale: z.string().max(10).optional(), ip: z.string().max(100).optional() })

type Routes = {
  GET: (request: Request, context: unknown) => Promise<Response>
  OPTIONS: (request: Request) => Promise<Response>
  POST: ReturnType<typeof methodNotAllowed>
}

/** GET answering `answer(request)` as JSON, its errors too with the CORS headers; OPTIONS the preflight; POST 405. */
export function geoRoute(answer: (request: Request, query: z.infer<typeof geoQuery>) => Promise<unknown>): Routes {
  const inner = handler(async (request: Request) => {
    await limitGeo(request)
    return json(await answer(request, geoQuery.parse(queryOf(request))))
  })
  return {
    GET: async (request, context) => {
      const response = await inner(request, context)
      for (const [name, value] of Object.entries(corsHeaders(request))) response.headers.set(name, value)
      return response
    },
    OPTIONS: async (request) => corsPreflight(request),
    POST: methodNotAllowed('GET, HEAD, OPTIONS'),
  }
}
