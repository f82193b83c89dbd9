// Who a resolver that asked for a probe is: ours, a public service, the visitor's own network, or unknown.
import { BlockList, isIP } from 'node:net'
import type { GeoIpAnswer } from '@/services/geoip/lookup'

/**
 * Public resolver services by the network their queries come from (their egress ranges, not the
 * address visitors type: Cloudflare's 1.1.1.1 asks from many addresses in AS13335).
 */
export const PUBLIC_RESOLVERS: Record<number, string> = {
  13335: 'Cloudflare (1.1.1.1)',
  15169: 'Google Public DNS',
  19281: 'Quad9',
  36692: 'OpenDNS (Cisco)',
  212772: 'AdGuard DNS',
  34939: 'NextDNS',
  205157: 'CleanBrowsing',
  398962: 'Control D',
  13238: 'Yandex DNS',
  19905: 'UltraDNS Public',
  12008: 'UltraDNS Public',
  57926: 'SafeDNS',
  50902: 'DNS0.EU',
  198121: 'DNS4EU',
}

export type ResolverLabel = 'ours' | 'public' | 'provider' | 'unknown'

/** A list of addresses and networks (`192.0.2.53`, `10.8.0.0/16`, `2001:db8::/32`), one per line or comma. */
export function addressList(text: string | null | undefined): BlockList {
  const list = new BlockList()
  for (const entry of entryList(text)) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return list
}

/** The entries of such a list, trimmed; throws nothing (invalid ones are left out). */
export function entryList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => validEntry(entry))
}

/** An address or a network in CIDR form. */
export function validEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (!family || extra !== undefined) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128)
}

const inList = (list: BlockList, address: string) => list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')

/**
 * `ours` when the resolver is in our list; else `public` when its network is a public resolver
 * service's (named); else `provider` when it shares the visitor's network (or both are local: the
 * visitor's own network); else `unknown`.
 */
export function labelResolver(resolver: GeoIpAnswer, client: GeoIpAnswer | null, ours: BlockList): { label: ResolverLabel; publicName: string | null } {
  if (inList(ours, resolver.ip)) return { label: 'ours', publicName: null }
  const publicName = resolver.asn !== null ? (PUBLIC_RESOLVERS[resolver.asn] ?? null) : null
  if (publicName) return { label: 'public', publicName }
  if (client && ((resolver.asn !== null && resolver.asn === client.asn) || (resolver.local && client.local))) return { label: 'provider', publicName: null }
  return { label: 'unknown', publicName: null }
}
