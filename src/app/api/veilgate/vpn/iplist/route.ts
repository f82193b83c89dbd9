import { listRoute } from '../../geo-route'

/** GET [?locale=] → the static-IP locations `[{ code, region, countryCode, country, city }]`: what the region block shows. */
const route = listRoute((lists) => lists.ipList)

export const GET = route.GET
export const OPTIONS = route.OPTIONS
export const POST = route.POST
export const PUT = route.POST
export const PATCH = route.POST
export const DELETE = route.POST
