import { listRoute } from '../../geo-route'
import { otherMethods } from '@/lib/http'

/** GET [?locale=] → every location `[{ code, countryCode, country, city, region, latitude, longitude, servers, staticIp }]`, largest first. */
const route = listRoute((lists) => lists.locations)

export const GET = route.GET
export const OPTIONS = route.OPTIONS

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'OPTIONS')
