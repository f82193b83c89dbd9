import { askedOrClient, geoRoute } from '../geo-route'
import { otherMethods } from '@/lib/http'

/**
 * GET [?ip=] → `{ ip, version, local, country, asn, org }` for the client's address (behind
 * TRUSTED_PROXY_HOPS proxies) or the address asked; 400 INVALID_INPUT (`ip`) for one that is not.
 */
const route = geoRoute(async (request, query) => (await askedOrClient(request, query)) ?? { ip: null, version: null, local: false, country: null, asn: null, org: null })

export const GET = route.GET
export const OPTIONS = route.OPTIONS

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'OPTIONS')
