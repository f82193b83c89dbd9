import { describe, expect, it } from 'vitest'
import { connectionSettings, singleStackOrigin } from './connection-settings.mjs'

describe('connection-test settings', () => {
  it('reads the defaults: our own STUN server on the site host, no single-stack origins', () => {
    const settings = connectionSettings({ SITE_URL: 'https://www.example.com' })
    expect(settings.zone).toBe('leak.test')
    expect(settings.stunUrls).toEqual(['stun:www.example.com:3478'])
    expect(settings.ipv4Origin).toBeNull()
    expect(settings.ipv6Origin).toBeNull()
  })
  it('takes single-stack origins by host name, with or without a port', () => {
    expect(singleStackOrigin('X', 'https://ipv4.example.com')).toBe('https://ipv4.example.com')
    expect(singleStackOrigin('X', 'http://v6.leak.test:8081/')).toBe('http://v6.leak.test:8081')
    expect(connectionSettings({ CONNECTION_TEST_IPV6_ORIGIN: 'https://ipv6.example.com' }).ipv6Origin).toBe('https://ipv6.example.com')
  })
  it('refuses addresses, paths and other schemes with a reason', () => {
    expect(() => singleStackOrigin('CONNECTION_TEST_IPV4_ORIGIN', 'http://127.0.0.1:3000')).toThrow(/CONNECTION_TEST_IPV4_ORIGIN must name a host .* not the address 127\.0\.0\.1/)
    expect(() => singleStackOrigin('CONNECTION_TEST_IPV6_ORIGIN', 'http://[::1]:3000')).toThrow(/not the address \[::1\]/)
    expect(() => singleStackOrigin('X', 'https://0x7f.1')).toThrow(/not the address/)
    expect(() => singleStackOrigin('X', 'https://ipv4.example.com/api')).toThrow(/nothing else/)
    expect(() => singleStackOrigin('X', 'ftp://ipv4.example.com')).toThrow(/nothing else/)
    expect(() => singleStackOrigin('X', 'ipv4.example.com')).toThrow(/must be an origin/)
    expect(() => connectionSettings({ CONNECTION_TEST_IPV4_ORIGIN: 'http://192.0.2.1' })).toThrow(/CONNECTION_TEST_IPV4_ORIGIN/)
  })
})
