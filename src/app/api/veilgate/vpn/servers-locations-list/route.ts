import { listRoute } from '../../geo-route'

/** GET [?locale=] → every location `[{ code, countryCode, country, city, region, latitude, longitude, servers, staticIp }]`, largest first. */
const route = listRoute((lists) => lists.locations)

export const GET = route.GET
export const OPTIONS = route.OPTIONS
export const POST = route.POST
export const PUT = route.POST
export const PATCH = route.POST
export const DELETE = route.POST
