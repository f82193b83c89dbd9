import { requestLocale } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { serverLocations } from '@/services/content/servers'
import { vpnLists } from '@/services/vpn/lists'
import { geoRoute } from '../../geo-route'

/** GET [?locale=] → the static-IP locations `[{ code, region, countryCode, country, city }]`: what the region block shows. */
const route = geoRoute(async (request) => vpnLists(await serverLocations(await payloadClient()), requestLocale(request)).ipList)

export const GET = route.GET
export const OPTIONS = route.OPTIONS
export const POST = route.POST
export const PUT = route.POST
export const PATCH = route.POST
export const DELETE = route.POST
