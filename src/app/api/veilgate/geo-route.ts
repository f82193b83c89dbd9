// The geo-IP and VPN list endpoints: public GETs, rate-limited per client address, readable
// cross-origin by the site's own origins, every other method 405 (otherMethods() in each route file).
import { z } from 'zod'
import { clientAddress } from '@/lib/client-address'
import { corsHeaders, corsPreflight } from '@/lib/cors'
import { apiError, handler, json, queryOf, requestLocale, tsParam } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { serverLocations } from '@/services/content/servers'
import { lookupAddress, type GeoIpAnswer } from '@/services/geoip/lookup'
import { limitGeo } from '@/services/security/rate-limit'
import { vpnLists, type VpnLists } from '@/services/vpn/lists'

export const geoQuery = z.object({ ...tsParam, locale: z.string().max(10).optional(), ip: z.string().max(100).optional() })

type Routes = {
  GET: (request: Request, context: unknown) => Promise<Response>
  OPTIONS: (request: Request) => Promise<Response>
}

/** GET answering `answer(request)` as JSON, its errors too with the CORS headers; OPTIONS the preflight (the route file refuses the rest with otherMethods()). */
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
  }
}

/** The address `?ip=` asks about (400 INVALID_INPUT, `ip`, when it is none), else the client's; null for an unknown client. */
export async function askedOrClient(request: Request, query: z.infer<typeof geoQuery>): Promise<GeoIpAnswer | null> {
  const asked = query.ip?.trim()
  const found = await lookupAddress(asked || clientAddress(request.headers))
  if (!found && asked) throw apiError('INVALID_INPUT', 'ip')
  return found
}

/** One of the VPN lists (`?locale=` for country names), from the view the servers blocks render. */
export const listRoute = (pick: (lists: VpnLists) => unknown) => geoRoute(async (request) => pick(vpnLists(await serverLocations(await payloadClient()), requestLocale(request))))
