// The connection test's results API: a new signed test with its probe names, and which resolvers
// asked for them, each looked up and labelled.
import type { Payload } from 'payload'
import { pgPool } from '@/services/db'
import { lookupAddress, type GeoIpAnswer } from '@/services/geoip/lookup'
import { redis } from '@/services/security/redis'
import { createPgResultsStore, createRedisResultsStore, RESULT_TTL_MS } from '../../../scripts/lib/connection-results.mjs'
import { connectionSettings } from '../../../scripts/lib/connection-settings.mjs'
import { newTestId, probeNames, testIdIssuedAt, verifyTestId } from '../../../scripts/lib/connection-test-ids.mjs'
import { addressList, entryList, labelResolver, type ResolverLabel } from './resolvers'
import { realNow } from '@/lib/clock'

/** The six probes a page loads. */
export const PROBES = 6

export type Resolver = { ip: string; local: boolean; country: string | null; asn: number | null; org: string | null; label: ResolverLabel; publicName: string | null; ecs: string | null }
export type TestResults = { id: string; complete: boolean; clientIp: string; resolvers: Resolver[] }

/** The secret the DNS server checks ids with: PAYLOAD_SECRET, as both processes get it. */
export const testSecret = () => {
  const secret = process.env.PAYLOAD_SECRET
  if (!secret) throw new Error('PAYLOAD_SECRET is not set')
  return secret
}

export type NewTest = { id: string; probes: string[]; expiresAt: string; ipv4Origin: string | null; ipv6Origin: string | null; stunUrls: string[] }

/**
 * A new test: its signed id, six probe names in the zone, when its results are forgotten, and
 * where the page tests IPv4, IPv6 and WebRTC (from the environment as the server runs now, not as
 * a cached page was rendered).
 */
export function createTest(at: Date = realNow()): NewTest {
  const { zone, ipv4Origin, ipv6Origin, stunUrls } = connectionSettings()
  const id = newTestId(testSecret(), at)
  return { id, probes: probeNames(id, zone, PROBES), expiresAt: new Date(at.getTime() + RESULT_TTL_MS).toISOString(), ipv4Origin, ipv6Origin, stunUrls }
}

/** `invalid` for an id this site did not sign, `expired` past its ten minutes, else `ok`. */
export function checkTestId(id: string, at: Date = realNow()): 'invalid' | 'expired' | 'ok' {
  if (!verifyTestId(testSecret(), id)) return 'invalid'
  const issued = testIdIssuedAt(id)
  return !issued || at.getTime() - issued.getTime() > RESULT_TTL_MS ? 'expired' : 'ok'
}

/** Where the DNS server writes: Redis when REDIS_URL is set (scripts/connection-servers.mjs does the same), else PostgreSQL. */
export function resultsStore(payload: Payload) {
  const client = redis()
  return client ? createRedisResultsStore(client) : createPgResultsStore(pgPool(payload))
}

/** Our VPN exits (admin → Network → Connection test): the addresses and networks the page's verdicts compare with. */
export async function exitEntries(payload: Payload): Promise<string[]> {
  const settings = await payload.findGlobal({ slug: 'connection-test', depth: 0, overrideAccess: true })
  return entryList(settings.exitIps)
}

/** Our resolvers (admin → Network → Connection test). */
async function ourResolvers(payload: Payload) {
  const settings = await payload.findGlobal({ slug: 'connection-test', depth: 0, overrideAccess: true })
  return addressList(settings.resolvers)
}

/**
 * The resolvers that asked for the test's probes (one entry per address, in the order first seen),
 * waiting up to `waitMs` for all six probes to arrive; `complete` when they have.
 */
export async function testResults(payload: Payload, id: string, clientIp: string, { waitMs = 3000, intervalMs = 150 } = {}): Promise<TestResults> {
  const store = resultsStore(payload)
  const key = id.toLowerCase()
  const deadline = performance.now() + waitMs
  let records = await store.list(key)
  const seen = () => new Set(records.map((record: { label: string }) => record.label)).size
  while (seen() < PROBES && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    records = await store.list(key)
  }
  const [ours, client] = await Promise.all([ourResolvers(payload), lookupAddress(clientIp)])
  const byAddress = new Map<string, { ecs: string | null }>()
  for (const record of records as { resolverIp: string; ecs: string | null }[]) {
    const entry = byAddress.get(record.resolverIp)
    if (!entry) byAddress.set(record.resolverIp, { ecs: record.ecs })
    else if (!entry.ecs && record.ecs) entry.ecs = record.ecs
  }
  const resolvers: Resolver[] = []
  for (const [ip, { ecs }] of byAddress) {
    const found: GeoIpAnswer = (await lookupAddress(ip)) ?? { ip, version: 4, local: false, country: null, asn: null, org: null }
    const { label, publicName } = labelResolver(found, client, ours)
    resolvers.push({ ip: found.ip, local: found.local, country: found.country, asn: found.asn, org: found.org, label, publicName, ecs })
  }
  return { id: key, complete: seen() >= PROBES, clientIp, resolvers }
}
