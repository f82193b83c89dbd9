import { listRoute } from '../../geo-route'

/** GET [?locale=] → `{ totalServers, regions: [{ region, locations }] }`: what the servers list block shows. */
const route = listRoute((lists) => lists.serversList)

export const GET = route.GET
export const OPTIONS = route.OPTIONS
export const POST = route.POST
export const PUT = route.POST
export const PATCH = route.POST
export const DELETE = route.POST
