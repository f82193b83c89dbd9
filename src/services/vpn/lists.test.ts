import { describe, expect, it } from 'vitest'
import type { ServerLocation } from '@/payload-types'
import { countryNamer, vpnLists } from './lists'

const row = (id: number, countryCode: string, city: string, region: ServerLocation['region'], servers: number, staticIp = false): ServerLocation => ({
  id,
  code: `${countryCode.toLowerCase()}-${city.toLowerCase().replace(/ /g, '-')}`,
  countryCode,
  city,
  region,
  servers,
  latitude: 1,
  longitude: 2,
  staticIp,
  createdAt: '',
  updatedAt: '',
})

// Largest first, as serverLocations() answers.
const all = [
  row(1, 'US', 'New York', 'americas', 300, true),
  row(2, 'DE', 'Frankfurt', 'europe', 260, true),
  row(3, 'DE', 'Berlin', 'europe', 90),
  row(4, 'JP', 'Tokyo', 'asia-pacific', 140, true),
].sort((a, b) => b.servers - a.servers)

describe('the VPN lists', () => {
  it('name countries in the locale asked', () => {
    const de = vpnLists(all, 'de')
    expect(de.locations.map((l) => l.country)).toEqual(['Vereinigte Staaten', 'Deutschland', 'Japan', 'Deutschland'])
    expect(vpnLists(all, 'en').locations[0]?.country).toBe('United States')
    expect(vpnLists(all, 'jp').locations[1]?.country).toBe('ドイツ')
    expect(countryNamer('xx')('DE')).toBe('Germany')
    expect(countryNamer('en')('XY')).toBe('XY')
  })

  it('count countries, regions and static-IP places from the same rows', () => {
    const lists = vpnLists(all, 'en')
    expect(lists.countries).toEqual([
      { countryCode: 'DE', country: 'Germany', region: 'europe', locations: 2, servers: 350 },
      { countryCode: 'US', country: 'United States', region: 'americas', locations: 1, servers: 300 },
      { countryCode: 'JP', country: 'Japan', region: 'asia-pacific', locations: 1, servers: 140 },
    ])
    expect(lists.serversList.totalServers).toBe(790)
    expect(lists.serversList.regions.map((r) => [r.region, r.locations.map((l) => l.code)])).toEqual([
      ['europe', ['de-frankfurt', 'de-berlin']],
      ['americas', ['us-new-york']],
      ['asia-pacific', ['jp-tokyo']],
    ])
    expect(lists.ipList).toEqual([
      { code: 'us-new-york', region: 'americas', countryCode: 'US', country: 'United States', city: 'New York' },
      { code: 'de-frankfurt', region: 'europe', countryCode: 'DE', country: 'Germany', city: 'Frankfurt' },
      { code: 'jp-tokyo', region: 'asia-pacific', countryCode: 'JP', country: 'Japan', city: 'Tokyo' },
    ])
    expect(lists.locations[0]).toEqual({
      code: 'us-new-york',
      countryCode: 'US',
      country: 'United States',
      city: 'New York',
      region: 'americas',
      latitude: 1,
      longitude: 2,
      servers: 300,
      staticIp: true,
    })
  })
})
