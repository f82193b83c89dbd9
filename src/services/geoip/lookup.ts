// Offline geo-IP: the country and the network (AS number, organization) of an address.
// Plain TypeScript (no React or Next), so every server process can use it.
import { existsSync } from 'node:fs'
import path from 'node:path'
import maxmind, { type Reader, type Response } from 'maxmind'
import { asnIndexName, asnSourceDir, asnSourceVersion, buildAsnIndex, readAsnIndex } from '../../../scripts/lib/asn-index.mjs'
import { addressVersion, isLocalAddress, normaliseAddress } from './address'
import { logger } from '@/lib/log'

export type GeoIpAnswer = {
  ip: string
  version: 4 | 6
  /** Loopback, private, link-local, CGNAT, ULA or unspecified: never in a country. */
  local: boolean
  /** ISO 3166-1 alpha-2, upper-case; null when unknown or local. */
  country: string | null
  asn: number | null
  org: string | null
}

type NetworkOf = (address: string) => { asn: number; org: string | null } | null
type CountryRecord = { country_code?: string; country?: { iso_code?: string }; registered_country?: { iso_code?: string } }
type AsnRecord = { autonomous_system_number?: number; autonomous_system_organization?: string }

// Run-time files: kept out of the build's file tracing (they are data, not modules).
const root = () => process.cwd()

/** The bundled country file (`@ip-location-db/geo-whois-asn-country-mmdb`, IPv4 and IPv6 in one). */
export const bundledCountryFile = () => path.join(/* turbopackIgnore: true */ root(), 'node_modules', '@ip-location-db', 'geo-whois-asn-country-mmdb', 'geo-whois-asn-country.mmdb')

/** Where `npm run build` leaves the ASN index (scripts/lib/build.mjs). */
export const builtIndexDir = () => path.join(root(), '.next', 'veilgate-geoip')

/** Where the ASN index is built on first use when the build did not make one. */
export const dataIndexDir = () => path.join(path.resolve(root(), process.env.DATA_DIR || '.data'), 'geoip')

/** One line, once per problem: a missing or unreadable file leaves that answer null, never an error. */
const warned = new Set<string>()
function warnOnce(what: string, error: unknown) {
  if (warned.has(what)) return
  warned.add(what)
  logger().error(`[geoip] ${what} unavailable, answering null: ${error instanceof Error ? error.message : String(error)}`)
}

/** A MaxMind-format file, opened once (no watching); its records read as `T`. */
async function openMmdb<T>(file: string): Promise<(address: string) => T | null> {
  const reader: Reader<Response> = await maxmind.open<Response>(file, { cache: { max: 5000 } })
  return (address) => reader.get(address) as T | null
}

let country: Promise<((address: string) => string | null) | null> | undefined
let network: Promise<NetworkOf | null> | undefined

function countryReader() {
  country ??= (async () => {
    const file = process.env.GEOIP_COUNTRY_MMDB || bundledCountryFile()
    try {
      const read = await openMmdb<CountryRecord>(file)
      return (address: string) => {
        const record = read(address)
        const code = record?.country_code ?? record?.country?.iso_code ?? record?.registered_country?.iso_code
        return typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null
      }
    } catch (error) {
      warnOnce(`country file ${file}`, error)
      return null
    }
  })()
  return country
}

/** The bundled ASN index: the build's, else one made earlier in DATA_DIR, else made there now. */
function bundledNetwork(): NetworkOf {
  const source = asnSourceDir(root())
  const name = asnIndexName(asnSourceVersion(source))
  for (const dir of [builtIndexDir(), dataIndexDir()]) {
    const file = path.join(/* turbopackIgnore: true */ dir, name)
    if (existsSync(/* turbopackIgnore: true */ file)) {
      try {
        return readAsnIndex(file).lookup
      } catch (error) {
        warnOnce(`ASN index ${file}`, error)
      }
    }
  }
  const built = buildAsnIndex({ sourceDir: source, outDir: dataIndexDir() })
  logger().info(`[geoip] ASN index built in ${path.relative(root(), built.file)} (${Math.round(built.bytes / 1024)} KiB, ${built.v4 + built.v6} ranges)`)
  return readAsnIndex(built.file).lookup
}

function networkReader() {
  network ??= (async () => {
    const file = process.env.GEOIP_ASN_MMDB
    try {
      if (!file) return bundledNetwork()
      const read = await openMmdb<AsnRecord>(file)
      return (address: string) => {
        const record = read(address)
        const asn = record?.autonomous_system_number
        return typeof asn === 'number' ? { asn, org: record?.autonomous_system_organization ?? null } : null
      }
    } catch (error) {
      warnOnce(file ? `ASN file ${file}` : 'ASN index', error)
      return null
    }
  })()
  return network
}

/** Opens both sources now rather than at the first lookup (each is opened once per process). */
export async function warmGeoIp(): Promise<void> {
  await Promise.all([countryReader(), networkReader()])
}

/** Forgets the opened sources (tests that point the variables at other files). */
export function resetGeoIp(): void {
  country = undefined
  network = undefined
  warned.clear()
}

/**
 * Country and network of an address (normalised first). Null when the text is not an address.
 * Local addresses answer `local: true` with nothing else; unknown ones nulls.
 */
export async function lookupAddress(input: string): Promise<GeoIpAnswer | null> {
  const ip = normaliseAddress(input)
  if (!ip) return null
  const version = addressVersion(ip) as 4 | 6
  if (isLocalAddress(ip)) return { ip, version, local: true, country: null, asn: null, org: null }
  const [countryOf, networkOf] = await Promise.all([countryReader(), networkReader()])
  let found: { asn: number; org: string | null } | null = null
  try {
    found = networkOf?.(ip) ?? null
  } catch (error) {
    warnOnce('ASN lookup', error)
  }
  let code: string | null = null
  try {
    code = countryOf?.(ip) ?? null
  } catch (error) {
    warnOnce('country lookup', error)
  }
  return { ip, version, local: false, country: code, asn: found?.asn ?? null, org: found?.org ?? null }
}
