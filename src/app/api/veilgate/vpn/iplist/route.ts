import { listRoute } from '../../geo-route'
import { otherMethods } from '@/lib/http'

/** GET [?locale=] → the static-IP locations `[{ code, region, countryCode, country, city }]`: what the region block shows. */
const route = listRoute((lists) => lists.ipList)

export const GET = route.GET
export const OPTIONS = route.OPTIONS

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'OPTIONS')
