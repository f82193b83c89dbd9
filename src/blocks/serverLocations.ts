import { cache } from 'react'
import { payloadClient } from '@/services/content/payload'
import { serverLocations } from '@/services/content/servers'
import { vpnLists } from '@/services/vpn/lists'

/**
 * The VPN lists for the servers map, list and region blocks, with country names in the page's
 * language: read once per render however many of them a page has. The `vpn/*-list/` endpoints
 * answer the same view (src/services/vpn/lists.ts).
 */
export const locationsFor = cache(async (locale: string) => vpnLists(await serverLocations(await payloadClient()), locale))
