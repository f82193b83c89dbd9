import { describe, expect, it } from 'vitest'
import { serverLocationSeeds } from '@/seed/content/catalog'
import { countryRegion, nearestLocation, regionCountries } from './regions'

const at = (code: string, countryCode: string, region: 'europe' | 'americas' | 'asia-pacific' | 'middle-east-africa', servers: number) => ({ code, countryCode, region, servers })
const locations = [
  at('us-new-york', 'US', 'americas', 300),
  at('de-frankfurt', 'DE', 'europe', 260),
  at('us-los-angeles', 'US', 'americas', 260),
  at('gb-london', 'GB', 'europe', 230),
  at('de-berlin', 'DE', 'europe', 90),
  at('jp-tokyo', 'JP', 'asia-pacific', 140),
]

describe('the nearest location', () => {
  it('is the largest in the visitor’s country', () => {
    expect(nearestLocation(locations, 'DE')?.code).toBe('de-frankfurt')
    expect(nearestLocation(locations, 'us')?.code).toBe('us-new-york')
    expect(nearestLocation(locations, 'GB')?.code).toBe('gb-london')
  })

  it('else the largest in the visitor’s region, else the largest overall', () => {
    expect(nearestLocation(locations, 'FR')?.code).toBe('de-frankfurt')
    expect(nearestLocation(locations, 'AU')?.code).toBe('jp-tokyo')
    expect(nearestLocation(locations, 'BR')?.code).toBe('us-new-york')
    // No location in the region (Africa), a country no table knows, no country (a local address).
    expect(nearestLocation(locations, 'KE')?.code).toBe('us-new-york')
    expect(nearestLocation(locations, 'ZZ')?.code).toBe('us-new-york')
    expect(nearestLocation(locations, null)?.code).toBe('us-new-york')
    expect(nearestLocation([], 'DE')).toBeNull()
  })

  it('does not depend on the order of the list', () => {
    expect(nearestLocation([...locations].reverse(), 'DE')?.code).toBe('de-frankfurt')
    expect(nearestLocation([...locations].reverse(), null)?.code).toBe('us-new-york')
  })
})

describe('the country → region table', () => {
  it('puts every country in one region and agrees with the seeded locations', () => {
    const codes = regionCountries()
    expect(new Set(codes).size).toBe(codes.length)
    expect(codes.length).toBeGreaterThan(240)
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/)
    for (const seed of serverLocationSeeds) expect(countryRegion(seed.countryCode), seed.city).toBe(seed.region)
    expect(countryRegion('de')).toBe('europe')
    expect(countryRegion(null)).toBeNull()
  })
})
