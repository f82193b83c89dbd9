import { listRoute } from '../../geo-route'
import { otherMethods } from '@/lib/http'

/** GET [?locale=] → `[{ countryCode, country, region, locations, servers }]`, most servers first, names in `locale`. */
const route = listRoute((lists) => lists.countries)

export const GET = route.GET
export const OPTIONS = route.OPTIONS

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'OPTIONS')
