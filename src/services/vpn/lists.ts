// The VPN server lists: one view of the server locations for the servers blocks and the
// `vpn/*-list/` endpoints, so what a page shows and what the API answers always agree.
import { getLocale } from '@/i18n/locales'
import type { ServerLocation } from '@/payload-types'
import { groupByRegion, type ServerRegion } from '@/services/content/servers'

/** A location as the lists give it: its country named in the request's language. */
export type ListedLocation = {
  code: string
  countryCode: string
  country: string
  city: string
  region: ServerRegion
  latitude: number
  longitude: number
  servers: number
  staticIp: boolean
}

export type CountryEntry = { countryCode: string; country: string; region: ServerRegion; locations: number; servers: number }
export type StaticIpEntry = { code: string; region: ServerRegion; countryCode: string; country: string; city: string }
export type ServersList = { totalServers: number; regions: { region: ServerRegion; locations: ListedLocation[] }[] }

export type VpnLists = {
  /** Every location, largest first (`vpn/servers-locations-list/`, the servers map). */
  locations: ListedLocation[]
  /** One entry per country, most servers first (`vpn/geo-locations-list/`). */
  countries: CountryEntry[]
  /** The locations by region, in the regions' fixed order (`vpn/servers-list/`, the servers list block). */
  serversList: ServersList
  /** Where a personal static IP can be located (`vpn/iplist/`, the region block). */
  ipList: StaticIpEntry[]
}

/** Country names in `locale` (a site locale code such as `de` or `ua`); the code itself where Intl has none. */
export function countryNamer(locale: string): (code: string) => string {
  const names = new Intl.DisplayNames([getLocale(locale).tag], { type: 'region', fallback: 'code' })
  return (code) => {
    try {
      return names.of(code.toUpperCase()) ?? code
    } catch {
      return code
    }
  }
}

/** The four lists from `serverLocations()` (largest first), with country names in `locale`. */
export function vpnLists(all: ServerLocation[], locale: string): VpnLists {
  const country = countryNamer(locale)
  const view = (l: ServerLocation): ListedLocation => ({
    code: l.code,
    countryCode: l.countryCode.toUpperCase(),
    country: country(l.countryCode),
    city: l.city,
    region: l.region,
    latitude: l.latitude,
    longitude: l.longitude,
    servers: l.servers,
    staticIp: Boolean(l.staticIp),
  })
  const locations = all.map(view)
  const byCountry = new Map<string, CountryEntry>()
  for (const l of locations) {
    const entry = byCountry.get(l.countryCode) ?? { countryCode: l.countryCode, country: l.country, region: l.region, locations: 0, servers: 0 }
    entry.locations += 1
    entry.servers += l.servers
    byCountry.set(l.countryCode, entry)
  }
  return {
    locations,
    countries: [...byCountry.values()].sort((a, b) => b.servers - a.servers || a.countryCode.localeCompare(b.countryCode)),
    serversList: {
      totalServers: locations.reduce((sum, l) => sum + l.servers, 0),
      regions: groupByRegion(all).map(([region, list]) => ({ region, locations: list.map(view) })),
    },
    ipList: locations.filter((l) => l.staticIp).map(({ code, region, countryCode, country: name, city }) => ({ code, region, countryCode, country: name, city })),
  }
}
