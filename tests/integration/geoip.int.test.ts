import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as geoIp, OPTIONS as geoIpOptions, POST as geoIpPost } from '@/app/api/veilgate/geo-ip/route'
import { GET as geoLocate } from '@/app/api/veilgate/vpn/geo-locate/route'
import { GET as geoLocationsList } from '@/app/api/veilgate/vpn/geo-locations-list/route'
import { GET as iplist } from '@/app/api/veilgate/vpn/iplist/route'
import { GET as serversList } from '@/app/api/veilgate/vpn/servers-list/route'
import { GET as serversLocationsList } from '@/app/api/veilgate/vpn/servers-locations-list/route'
import { locationsFor } from '@/blocks/serverLocations'
import { resetEnv } from '@/lib/env'
import { serverLocations } from '@/services/content/servers'

let payload: Payload
const stamp = Date.now()
// Each test's requests come from its own address, as the web server records the TCP peer.
const from = (peer: string, headers: Record<string, string> = {}) => ({ 'x-veilgate-peer': peer, ...headers })

type Handler = (request: Request, context: never) => Promise<Response>
async function call(handler: Handler, path: string, init: { query?: Record<string, string>; headers?: Record<string, string>; method?: string } = {}) {
  const url = new URL(path, 'http://localhost:3000')
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value)
  const response = await handler(new Request(url, { method: init.method ?? 'GET', headers: init.headers }), undefined as never)
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) }
}

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(async () => {
  await payload.delete({ collection: 'server-locations', where: { city: { like: `Testville ${stamp}` } }, overrideAccess: true })
  resetEnv()
})

describe('GET /api/veilgate/geo-ip/', () => {
  it('answers the client address: local for loopback, the country and network of a public one', { timeout: 60_000 }, async () => {
    const local = await call(geoIp, '/api/veilgate/geo-ip/?ts=1', { headers: from('127.0.0.1') })
    expect(local).toMatchObject({ status: 200, body: { ip: '127.0.0.1', version: 4, local: true, country: null, asn: null, org: null } })
    expect(local.headers.get('cache-control')).toBe('no-store')
    expect((await call(geoIp, '/api/veilgate/geo-ip/', { headers: from('::ffff:9.9.9.9') })).body).toMatchObject({ ip: '9.9.9.9', local: false, asn: 19281, org: 'Quad9' })
    expect((await call(geoIp, '/api/veilgate/geo-ip/', { headers: from('2001:4860:4860::8888') })).body).toMatchObject({ version: 6, country: 'US', asn: 15169 })
  })

  it('looks up another address with ?ip=, and refuses one that is not an address', async () => {
    expect((await call(geoIp, '/api/veilgate/geo-ip/', { query: { ip: '8.8.8.8' }, headers: from('127.0.0.1') })).body).toEqual({
      ip: '8.8.8.8',
      version: 4,
      local: false,
      country: 'US',
      asn: 15169,
      org: 'Google LLC',
    })
    for (const ip of ['nonsense', '8.8.8.256', 'x'.repeat(101)]) {
      const bad = await call(geoIp, '/api/veilgate/geo-ip/', { query: { ip, locale: 'de' }, headers: from('127.0.0.1') })
      expect(bad.status, ip).toBe(400)
      expect(bad.body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'ip', message: expect.any(String) })
    }
  })

  it('lets the site’s own origins read it cross-origin, and no one else', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:4010', 'http://[::1]:3000']) {
      const answer = await call(geoIp, '/api/veilgate/geo-ip/', { headers: from('127.0.0.1', { origin }) })
      expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin)
      expect(answer.headers.get('vary')).toMatch(/Origin/)
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull()
    }
    const foreign = await call(geoIp, '/api/veilgate/geo-ip/', { headers: from('127.0.0.1', { origin: 'https://evil.example' }) })
    expect(foreign.status).toBe(200)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(foreign.headers.get('vary')).toMatch(/Origin/)
    // Errors carry the header too, so the page can read them.
    const bad = await call(geoIp, '/api/veilgate/geo-ip/', { query: { ip: 'nonsense' }, headers: from('127.0.0.1', { origin: 'http://localhost:3000' }) })
    expect(bad.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')

    const preflight = await geoIpOptions(
      new Request('http://localhost:3000/api/veilgate/geo-ip/', { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:4010', 'access-control-request-method': 'GET' } }),
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4010')
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD')
    const foreignPreflight = await geoIpOptions(new Request('http://localhost:3000/api/veilgate/geo-ip/', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }))
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers other methods 405 with the catalogue code', async () => {
    const answer = await call(geoIpPost as Handler, '/api/veilgate/geo-ip/', { method: 'POST' })
    expect(answer).toMatchObject({ status: 405, body: { statusCode: 405, code: 'METHOD_NOT_ALLOWED' } })
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })

  it('limits each client address (GEOIP_RATE_LIMIT) across the geo endpoints, with Retry-After', async () => {
    process.env.GEOIP_RATE_LIMIT = '3/60'
    resetEnv()
    try {
      const peer = `203.0.113.${stamp % 250}`
      expect((await call(geoIp, '/api/veilgate/geo-ip/', { headers: from(peer) })).status).toBe(200)
      expect((await call(geoLocate, '/api/veilgate/vpn/geo-locate/', { headers: from(peer) })).status).toBe(200)
      expect((await call(iplist, '/api/veilgate/vpn/iplist/', { headers: from(peer) })).status).toBe(200)
      const over = await call(geoIp, '/api/veilgate/geo-ip/', { headers: from(peer, { origin: 'http://localhost:3000' }) })
      expect(over).toMatchObject({ status: 429, body: { statusCode: 429, code: 'TOO_MANY_REQUESTS' } })
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(over.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
      // Another address is not held back.
      expect((await call(geoIp, '/api/veilgate/geo-ip/', { headers: from('198.51.100.7') })).status).toBe(200)
    } finally {
      process.env.GEOIP_RATE_LIMIT = '100000/60'
      resetEnv()
    }
  })
})

describe('GET /api/veilgate/vpn/geo-locate/', () => {
  it('names the largest location in the visitor’s country, else region, else overall', async () => {
    const all = await serverLocations(payload)
    const largest = all[0]!
    const local = await call(geoLocate, '/api/veilgate/vpn/geo-locate/', { headers: from('127.0.0.1') })
    expect(local).toMatchObject({
      status: 200,
      body: { ip: '127.0.0.1', country: null, region: null, nearest: { code: largest.code, countryCode: largest.countryCode, city: largest.city, region: largest.region } },
    })

    const inCountry = (country: string) => all.filter((l) => l.countryCode === country).sort((a, b) => b.servers - a.servers)[0]
    // 8.8.8.8 is in the United States, 185.65.135.1 in Sweden.
    expect((await call(geoLocate, '/api/veilgate/vpn/geo-locate/', { query: { ip: '8.8.8.8' } })).body).toMatchObject({ country: 'US', region: 'americas', nearest: { code: inCountry('US')!.code } })
    expect((await call(geoLocate, '/api/veilgate/vpn/geo-locate/', { query: { ip: '185.65.135.1' } })).body).toMatchObject({
      country: 'SE',
      region: 'europe',
      nearest: { code: inCountry('SE')!.code },
    })
    expect((await call(geoLocate, '/api/veilgate/vpn/geo-locate/', { query: { ip: 'nonsense' } })).body).toMatchObject({ statusCode: 400, field: 'ip' })
  })
})

describe('the four VPN lists', () => {
  it('answer what the servers blocks show, with country names in the locale asked', async () => {
    const de = { query: { locale: 'de', ts: '1' }, headers: from('127.0.0.1') }
    const blocks = await locationsFor('de')
    const locations = await call(serversLocationsList, '/api/veilgate/vpn/servers-locations-list/', de)
    expect(locations.status).toBe(200)
    expect(locations.body).toEqual(blocks.locations)
    expect(locations.body.find((l: { code: string }) => l.code === 'de-frankfurt')).toEqual({
      code: 'de-frankfurt',
      countryCode: 'DE',
      country: 'Deutschland',
      city: 'Frankfurt',
      region: 'europe',
      latitude: 50.11,
      longitude: 8.68,
      servers: expect.any(Number),
      staticIp: true,
    })
    const countries = await call(geoLocationsList, '/api/veilgate/vpn/geo-locations-list/', de)
    expect(countries.body).toEqual(blocks.countries)
    expect(countries.body.find((c: { countryCode: string }) => c.countryCode === 'US')).toMatchObject({ country: 'Vereinigte Staaten', region: 'americas', locations: expect.any(Number) })
    const list = await call(serversList, '/api/veilgate/vpn/servers-list/', de)
    expect(list.body).toEqual(blocks.serversList)
    expect(list.body.totalServers).toBe(locations.body.reduce((sum: number, l: { servers: number }) => sum + l.servers, 0))
    expect(list.body.regions.map((r: { region: string }) => r.region)).toEqual(['europe', 'americas', 'asia-pacific', 'middle-east-africa'])
    const ips = await call(iplist, '/api/veilgate/vpn/iplist/', de)
    expect(ips.body).toEqual(blocks.ipList)
    expect(ips.body.length).toBeGreaterThan(0)
    expect(ips.body[0]).toEqual({ code: expect.any(String), region: expect.any(String), countryCode: expect.any(String), country: expect.any(String), city: expect.any(String) })
    // English names without a locale.
    const en = await call(geoLocationsList, '/api/veilgate/vpn/geo-locations-list/', { headers: from('127.0.0.1') })
    expect(en.body.find((c: { countryCode: string }) => c.countryCode === 'DE')?.country).toBe('Germany')
  })

  it('show a location as soon as it is saved', async () => {
    const city = `Testville ${stamp}`
    const code = `is-testville-${stamp}`
    await payload.create({
      collection: 'server-locations',
      data: { code, countryCode: 'IS', city, region: 'europe', servers: 5000, latitude: 64.1, longitude: -21.9, staticIp: true },
      overrideAccess: true,
    })
    const locations = await call(serversLocationsList, '/api/veilgate/vpn/servers-locations-list/', { headers: from('127.0.0.1') })
    expect(locations.body[0]).toMatchObject({ code, country: 'Iceland', servers: 5000 })
    const list = await call(serversList, '/api/veilgate/vpn/servers-list/', { headers: from('127.0.0.1') })
    expect(list.body.regions[0].locations[0]).toMatchObject({ code })
    expect((await call(iplist, '/api/veilgate/vpn/iplist/', { headers: from('127.0.0.1') })).body.map((l: { code: string }) => l.code)).toContain(code)
    // Other test files may have placed smaller Icelandic locations: this one adds its 5000 servers.
    const iceland = (await call(geoLocationsList, '/api/veilgate/vpn/geo-locations-list/', { headers: from('127.0.0.1') })).body[0]
    expect(iceland).toMatchObject({ countryCode: 'IS', country: 'Iceland' })
    expect(iceland.servers).toBe(locations.body.filter((l: { countryCode: string }) => l.countryCode === 'IS').reduce((sum: number, l: { servers: number }) => sum + l.servers, 0))
    expect(iceland.servers).toBeGreaterThanOrEqual(5000)
    // Now the largest anywhere: a visitor from a country without a location in their region gets it.
    expect((await call(geoLocate, '/api/veilgate/vpn/geo-locate/', { headers: from('127.0.0.1') })).body.nearest).toMatchObject({ code, city })
    expect((await locationsFor('en')).locations[0]).toMatchObject({ code })
  })
})
