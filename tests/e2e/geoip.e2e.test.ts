// Geo-IP and the VPN lists on the running site: the visitor's own address answers as local from
// the browser, the servers list block and `vpn/servers-list/` agree, a location saved in the
// admin shows in both at once, and another site's origin gets no CORS header.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminToken } from './customers'

type Listed = { code: string; country: string; city: string; servers: number }

let browser: Browser
const stamp = Date.now()
const city = `Geotown ${stamp}`
let created: number | undefined

const admin = async (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}/cms-api${path}`, { ...init, headers: { authorization: `JWT ${await adminToken()}`, 'content-type': 'application/json' } })

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  if (created) await admin(`/server-locations/${created}`, { method: 'DELETE' })
  await browser?.close()
})

describe('geo-IP and the VPN lists', () => {
  it('tell a visitor on this machine they are local, from the browser', async () => {
    const page = await newPage(browser)
    await page.goto('/extras/best-offshore-vpn')
    await page.locator('section[data-cookie-notice] button').first().click()
    const answer = await page.evaluate(async () => {
      const response = await fetch(`/api/veilgate/geo-ip/?ts=${Date.now()}`)
      return { status: response.status, body: await response.json() }
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ local: true, country: null, asn: null })
    expect(['127.0.0.1', '::1']).toContain(answer.body.ip)
    const looked = await page.evaluate(async () => (await fetch('/api/veilgate/geo-ip/?ip=8.8.8.8')).json())
    expect(looked).toMatchObject({ country: 'US', asn: 15169, org: 'Google LLC' })
    const nearest = await page.evaluate(async () => (await fetch('/api/veilgate/vpn/geo-locate/')).json())
    expect(nearest).toMatchObject({ country: null, region: null, nearest: { code: expect.any(String), city: expect.any(String) } })
    await page.context().close()
  })

  it('show a location saved in the admin in the servers list block and the lists at once, in German on /de', async () => {
    const response = await admin('/server-locations', { method: 'POST', body: JSON.stringify({ countryCode: 'NZ', city, region: 'asia-pacific', servers: 7, latitude: -36.85, longitude: 174.76, staticIp: true }) })
    expect(response.status).toBe(201)
    created = ((await response.json()) as { doc: { id: number } }).doc.id

    const list = (await (await fetch(`${baseUrl()}/api/veilgate/vpn/servers-list/?locale=de&ts=${stamp}`)).json()) as { totalServers: number; regions: { region: string; locations: Listed[] }[] }
    const asia = list.regions.find((r) => r.region === 'asia-pacific')!
    expect(asia.locations.find((l) => l.city === city)).toMatchObject({ country: 'Neuseeland', servers: 7 })
    const ips = (await (await fetch(`${baseUrl()}/api/veilgate/vpn/iplist/?locale=de`)).json()) as Listed[]
    expect(ips.map((l) => l.city)).toContain(city)

    const page = await newPage(browser)
    await page.goto('/de/extras/best-offshore-vpn')
    await page.locator('section[data-cookie-notice] button').first().click()
    // Every location the API lists is on the page, with the same German country name.
    const text = await page.locator('main').innerText()
    for (const region of list.regions) for (const l of region.locations) expect(text, l.code).toContain(`${l.country} · ${l.city}`)
    expect(text).toContain(`Neuseeland · ${city}`)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('answer CORS to the site’s own origins only', async () => {
    const own = await fetch(`${baseUrl()}/api/veilgate/geo-ip/`, { headers: { origin: 'http://127.0.0.1:4321' } })
    expect(own.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321')
    const foreign = await fetch(`${baseUrl()}/api/veilgate/geo-ip/`, { headers: { origin: 'https://evil.example' } })
    expect(foreign.status).toBe(200)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(foreign.headers.get('vary')).toMatch(/Origin/)
  })
})
