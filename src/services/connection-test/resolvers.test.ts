import { describe, expect, it } from 'vitest'
import type { GeoIpAnswer } from '@/services/geoip/lookup'
import { addressList, entryList, labelResolver, validEntry } from './resolvers'

const at = (ip: string, asn: number | null, local = false): GeoIpAnswer => ({ ip, version: ip.includes(':') ? 6 : 4, local, country: null, asn, org: null })

describe('resolver labels', () => {
  const ours = addressList('10.8.0.1\n192.0.2.0/28, 2001:db8:53::/48')
  const client = at('203.0.113.9', 64500)

  it('are ours for our resolvers, by address or network', () => {
    expect(labelResolver(at('10.8.0.1', null, true), client, ours)).toEqual({ label: 'ours', publicName: null })
    expect(labelResolver(at('192.0.2.14', 64501), client, ours).label).toBe('ours')
    expect(labelResolver(at('2001:db8:53::7', 64501), client, ours).label).toBe('ours')
    expect(labelResolver(at('192.0.2.16', 64501), client, ours).label).toBe('unknown')
  })

  it('name public services by the network their queries come from', () => {
    expect(labelResolver(at('172.70.1.2', 13335), client, ours)).toEqual({ label: 'public', publicName: 'Cloudflare (1.1.1.1)' })
    expect(labelResolver(at('74.125.18.1', 15169), client, ours)).toEqual({ label: 'public', publicName: 'Google Public DNS' })
    expect(labelResolver(at('9.9.9.9', 19281), client, ours).publicName).toBe('Quad9')
  })

  it('are the provider for the visitor’s own network (or both local), else unknown', () => {
    expect(labelResolver(at('203.0.113.53', 64500), client, ours).label).toBe('provider')
    expect(labelResolver(at('127.0.0.1', null, true), at('127.0.0.1', null, true), ours).label).toBe('provider')
    expect(labelResolver(at('198.51.100.1', 64999), client, ours).label).toBe('unknown')
    expect(labelResolver(at('198.51.100.1', null), null, ours).label).toBe('unknown')
  })

  it('read lists of addresses and networks, leaving out what is neither', () => {
    expect(entryList(' 10.0.0.1 ,192.0.2.0/24\n\nnonsense 2001:db8::/32 10.0.0.0/33')).toEqual(['10.0.0.1', '192.0.2.0/24', '2001:db8::/32'])
    expect(validEntry('::1/128')).toBe(true)
    expect(validEntry('1.2.3.4/')).toBe(false)
    expect(validEntry('1.2.3.4/8/9')).toBe(false)
  })
})
