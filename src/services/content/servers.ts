// Server locations for the servers map, list and region blocks.
import type { Payload } from 'payload'
import type { ServerLocation } from '@/payload-types'

export type ServerRegion = ServerLocation['region']

/** All server locations, largest first (the `/vpn/servers-list/` data). */
export async function serverLocations(payload: Payload): Promise<ServerLocation[]> {
  const result = await payload.find({ collection: 'server-locations', limit: 500, pagination: false, sort: '-servers', depth: 0 })
  return result.docs
}

export function groupByRegion(locations: ServerLocation[]): [ServerRegion, ServerLocation[]][] {
  const order: ServerRegion[] = ['europe', 'americas', 'asia-pacific', 'middle-east-africa']
  return order
    .map((region) => [region, locations.filter((l) => l.region === region)] as [ServerRegion, ServerLocation[]])
    .filter(([, list]) => list.length > 0)
}
