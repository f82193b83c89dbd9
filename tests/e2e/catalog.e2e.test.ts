import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminCredentials } from './admin'

let browser: Browser
let adminToken = ''

async function api(path: string, init: { body?: unknown; headers?: Record<string, string>; method?: string } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  })
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> & unknown[] }
}

beforeAll(async () => {
  browser = await connectBrowser()
  adminToken = String((await api('/cms-api/admins/login', { body: adminCredentials() })).body.token)
})

afterAll(async () => {
  await browser?.close()
})

describe('sales endpoints over HTTP', () => {
  it('answers the price list, the 15-then-12 plan, server tariffs and a discounted quote', async () => {
    const list = await api('/api/veilgate/sales/price-list/', { body: { list: ['vpn-1y', 'slots-5-1y', 'vpn-lifetime'] } })
    expect(list.status).toBe(200)
    expect((list.body as { id: string }[]).map((item) => item.id)).toEqual(['vpn-1y', 'slots-5-1y', 'vpn-lifetime'])
    const special = await api('/api/veilgate/sales/price/vpn-12plus3?ts=1')
    expect(special.body).toMatchObject({ id: 'vpn-12plus3', quote: { renewal: { period: { type: 'month', count: 12 } } } })
    const servers = await api('/api/veilgate/sales/price-service/', { body: { service: 'VPNSERVER' } })
    expect(servers.status).toBe(200)
    expect((servers.body as unknown as { tariffs: unknown[]; regions: { code: string }[] }).regions.map((r) => r.code)).toContain('de-frankfurt')
    const welcome = await api('/api/veilgate/sales/check-new-bonus-code/', { body: { code: 'WELCOME10', plan: 'vpn-1y' } })
    expect(welcome.body).toMatchObject({ code: 'WELCOME10', quote: { discount: 719 } })
    const madeUp = await api('/api/veilgate/sales/check-new-bonus-code/', { body: { code: 'NOPE-NOPE', locale: 'de' } })
    expect(madeUp).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_BONUS_CODE', message: 'Der Code ist ungültig! Bitte überprüfen Sie ihn und versuchen Sie es erneut.' } })
    expect((await api('/api/veilgate/sales/price-service/', { body: '{"service":' })).status).toBe(400)
    expect((await api('/api/veilgate/sales/comments/?limit=3')).body).toHaveLength(3)
    expect((await api('/api/veilgate/sales/comments/', { method: 'DELETE' })).status).toBe(405)
  })

  it('keeps bonus and gift codes to admins', async () => {
    for (const collection of ['bonus-codes', 'gift-codes']) {
      expect((await api(`/cms-api/${collection}`)).status, collection).toBe(403)
      expect((await api(`/cms-api/${collection}`, { headers: { authorization: `JWT ${adminToken}` } })).status, collection).toBe(200)
    }
  })
})

describe('pricing cards', () => {
  it('show the module’s figures in English: per month, saving, renewal, trial and one-time', async () => {
    const page = await newPage(browser)
    await page.goto('/extras/best-offshore-vpn')
    const yearly = page.locator('[data-purchase-id="vpn-1y"]')
    await expect.poll(() => yearly.locator('[data-saving]').textContent()).toBe('Save 54%')
    expect(await yearly.textContent()).toContain('$5.99')
    await page.goto('/12plus3')
    const special = page.locator('[data-purchase-id="vpn-12plus3"]')
    expect(await special.locator('[data-terms]').allTextContents()).toEqual(['$71.88 for the first 15 months', 'then $71.88 every year'])
    await page.goto('/seven-days-trial')
    expect(await page.locator('[data-purchase-id="vpn-trial-7d"] [data-terms]').textContent()).toBe('7 days free, then $4.99 a week')
    await page.goto('/lifetime')
    expect(await page.locator('[data-purchase-id="vpn-lifetime"] [data-terms]').textContent()).toBe('$199.00 one-time payment')
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('show them in German and Arabic, right to left, without axe violations', async () => {
    const page = await newPage(browser)
    await page.goto('/de/seven-days-trial')
    expect(await page.locator('[data-purchase-id="vpn-trial-7d"] [data-terms]').textContent()).toMatch(/^7 Tage kostenlos, danach 4,99\s\$ pro Woche$/)
    expect(await axeViolations(page)).toEqual([])
    await page.goto('/ar/extras/best-offshore-vpn')
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(await page.locator('[data-purchase-id="vpn-1y"] [data-saving]').textContent()).toContain(new Intl.NumberFormat('ar').format(54))
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('follow an editor’s change of the 1-year price and German title', async () => {
    const auth = { authorization: `JWT ${adminToken}` }
    const found = await api('/cms-api/price-plans?where[purchaseId][equals]=vpn-1y&depth=0', { headers: auth })
    const plan = (found.body as unknown as { docs: { id: number; cost: number }[] }).docs[0]!
    const german = (await api(`/cms-api/price-plans/${plan.id}?locale=de&fallback-locale=none&depth=0`, { headers: auth })).body as unknown as { title: string | null }
    const changed = await api(`/cms-api/price-plans/${plan.id}?locale=de`, { method: 'PATCH', headers: auth, body: { cost: 5988, title: 'Ein ganzes Jahr' } })
    expect(changed.status).toBe(200)
    try {
      const list = await api('/api/veilgate/sales/price-list/', { body: { list: ['vpn-1y'], locale: 'de' } })
      expect((list.body as { cost: number }[])[0]!.cost).toBe(5988)
      const page = await newPage(browser)
      await page.goto('/de/extras/best-offshore-vpn')
      const card = page.locator('[data-purchase-id="vpn-1y"]')
      expect(await card.locator('h3').textContent()).toBe('Ein ganzes Jahr')
      expect(await card.textContent()).toMatch(/59,88\s\$/)
      await page.context().close()
    } finally {
      await api(`/cms-api/price-plans/${plan.id}?locale=de`, { method: 'PATCH', headers: auth, body: { cost: plan.cost, ...(german.title ? { title: german.title } : {}) } })
    }
  })
})
