import { payloadClient } from '@/services/content/payload'
import { serverLocations } from '@/services/content/servers'
import { countryRegion, nearestLocation } from '@/services/geoip/regions'
import { askedOrClient, geoRoute } from '../../geo-route'
import { otherMethods } from '@/lib/http'

/**
 * GET [?ip=] → `{ ip, country, region, nearest: { code, countryCode, city, region } }`: the largest
 * location in the visitor's country, else in their region, else the largest overall (a local
 * address: no country, no region, the largest). `nearest` is null only without any location.
 */
const route = geoRoute(async (request, query) => {
  const found = await askedOrClient(request, query)
  const country = found?.country ?? null
  const locations = await serverLocations(await payloadClient())
  const nearest = nearestLocation(locations, country)
  return {
    ip: found?.ip ?? null,
    country,
    region: countryRegion(country),
    nearest: nearest ? { code: nearest.code, countryCode: nearest.countryCode.toUpperCase(), city: nearest.city, region: nearest.region } : null,
  }
})

export const GET = route.GET
export const OPTIONS = route.OPTIONS

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'OPTIONS')
