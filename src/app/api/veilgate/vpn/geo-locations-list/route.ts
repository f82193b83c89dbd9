import { listRoute } from '../../geo-route'

/** GET [?locale=] → `[{ countryCode, country, region, locations, servers }]`, most servers first, names in `locale`. */
const route = listRoute((lists) => lists.countries)

export const GET = route.GET
export const OPTIONS = route.OPTIONS
export const POST = route.POST
export const PUT = route.POST
export const PATCH = route.POST
export const DELETE = route.POST
