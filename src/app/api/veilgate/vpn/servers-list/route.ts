import { listRoute } from '../../geo-route'
import { otherMethods } from '@/lib/http'

/** GET [?locale=] → `{ totalServers, regions: [{ region, locations }] }`: what the servers list block shows. */
const route = listRoute((lists) => lists.serversList)

export const GET = route.GET
export const OPTIONS = route.OPTIONS

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'OPTIONS')
