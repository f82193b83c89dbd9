import { afterEach, describe, expect, it, vi } from 'vitest'
import { isLocalAddress, normaliseAddress } from './address'
import { lookupAddress, resetGeoIp } from './lookup'
import { logger } from '@/lib/log'

afterEach(() => {
  resetGeoIp()
  vi.restoreAllMocks()
})

describe('the bundled geo-IP data', () => {
  it('names the country and network of public addresses', { timeout: 30_000 }, async () => {
    expect(await lookupAddress('8.8.8.8')).toEqual({ ip: '8.8.8.8', version: 4, local: false, country: 'US', asn: 15169, org: 'Google LLC' })
    expect(await lookupAddress('9.9.9.9')).toMatchObject({ asn: 19281, org: 'Quad9' })
    expect(await lookupAddress('185.65.135.1')).toMatchObject({ country: 'SE' })
    expect(await lookupAddress('1.1.1.1')).toMatchObject({ asn: 13335, org: 'Cloudflare, Inc.' })
  })

  it('looks IPv6 addresses up, and IPv4-mapped ones as the IPv4 address they carry', { timeout: 30_000 }, async () => {
    expect(await lookupAddress('2001:4860:4860::8888')).toMatchObject({ ip: '2001:4860:4860::8888', version: 6, country: 'US', asn: 15169 })
    expect(await lookupAddress('2620:FE::FE')).toMatchObject({ ip: '2620:fe::fe', version: 6, asn: 19281 })
    expect(await lookupAddress('::ffff:8.8.8.8')).toMatchObject({ ip: '8.8.8.8', version: 4, country: 'US', asn: 15169 })
    expect(await lookupAddress('[::ffff:909:909]')).toMatchObject({ ip: '9.9.9.9', version: 4, asn: 19281 })
  })

  it('answers local addresses with local: true and never a country', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.10.10',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(await lookupAddress(ip), ip).toMatchObject({ local: true, country: null, asn: null, org: null })
    }
    // The edges of the shared (CGNAT) and private ranges.
    expect(isLocalAddress('100.63.255.255')).toBe(false)
    expect(isLocalAddress('100.128.0.0')).toBe(false)
    expect(isLocalAddress('172.32.0.1')).toBe(false)
    expect(isLocalAddress('fe00::1')).toBe(false)
  })

  it('refuses what is not an address', async () => {
    for (const text of ['nonsense', '', '1.2.3', '8.8.8.8.8', '2001:::1', '<script>']) expect(await lookupAddress(text), text).toBeNull()
  })

  it('answers country null, with one line in the log, when the country file cannot be read', { timeout: 30_000 }, async () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined)
    vi.stubEnv('GEOIP_COUNTRY_MMDB', '/nonexistent/country.mmdb')
    resetGeoIp()
    expect(await lookupAddress('8.8.8.8')).toMatchObject({ country: null, asn: 15169 })
    expect(await lookupAddress('1.1.1.1')).toMatchObject({ country: null, asn: 13335 })
    expect(log).toHaveBeenCalledTimes(1)
    expect(String(log.mock.calls[0]?.[0])).toMatch(/^\[geoip\] country file \/nonexistent\/country\.mmdb unavailable/)
  })

  it('reads the country from another MaxMind-format file named by GEOIP_COUNTRY_MMDB', async () => {
    vi.stubEnv('GEOIP_COUNTRY_MMDB', `${process.cwd()}/node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country-ipv4.mmdb`)
    resetGeoIp()
    expect(await lookupAddress('185.65.135.1')).toMatchObject({ country: 'SE' })
  })
})

describe('normaliseAddress', () => {
  it('gives the canonical text of an address', () => {
    expect(normaliseAddress(' 8.8.8.8 ')).toBe('8.8.8.8')
    expect(normaliseAddress('[2001:DB8::1]')).toBe('2001:db8::1')
    expect(normaliseAddress('::FFFF:1.2.3.4')).toBe('1.2.3.4')
    expect(normaliseAddress('0:0:0:0:0:ffff:102:304')).toBe('1.2.3.4')
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(normaliseAddress('::ffff:1:2:3')).toBe('::ffff:1:2:3')
    expect(normaliseAddress('example.com')).toBeNull()
  })
})
