import { describe, expect, it } from 'vitest'
import { pagePolicy } from '@/lib/security/headers'
import { connectionTestSources } from './csp'

const connectSrc = (policy: string) => policy.split('; ').find((directive) => directive.startsWith('connect-src '))

describe("the connection test's page sources", () => {
  it('let site pages reach any name in the test zone, on the site’s scheme and any port', () => {
    const sources = connectionTestSources('https://www.example.com', { CONNECTION_TEST_ZONE: 'dnscheck.example.com' })
    expect(sources.connect).toEqual(['https://*.dnscheck.example.com:*'])
    expect(connectSrc(pagePolicy({ dev: false, https: true, thirdParty: sources }))).toBe("connect-src 'self' https://*.dnscheck.example.com:*")
  })
  it('add the single-stack origins when they are set', () => {
    const sources = connectionTestSources('http://localhost:3000', { CONNECTION_TEST_IPV4_ORIGIN: 'http://v4.leak.test:3000', CONNECTION_TEST_IPV6_ORIGIN: 'http://v6.leak.test:3000' })
    expect(sources.connect).toEqual(['http://v4.leak.test:3000', 'http://v6.leak.test:3000', 'http://*.leak.test:*'])
    expect(sources.script).toEqual([])
    expect(sources.frame).toEqual([])
  })
  it('refuse an address as a single-stack origin', () => {
    expect(() => connectionTestSources('http://localhost:3000', { CONNECTION_TEST_IPV6_ORIGIN: 'http://[::1]:3000' })).toThrow(/CONNECTION_TEST_IPV6_ORIGIN/)
  })
})
