// The promotional banners in Chromium: none today (the spec's windows lie in 2025), then, with the
// windows moved through the admin API, the rewards banner on the home page, the mini-banner
// elsewhere, neither where the route forbids, and the coin banners nowhere.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminToken } from './customers'

type Window = { enabled: boolean; from: string; to: string; linkPath: string; text: string; linkLabel: string }
type Banners = Record<'rewards' | 'rewardsMini' | 'coin' | 'coinMini', Window>

let browser: Browser
let original: Banners

async function banners(init?: RequestInit): Promise<Banners> {
  const response = await fetch(`${baseUrl()}/cms-api/globals/banners?depth=0`, { ...init, headers: { authorization: `JWT ${await adminToken()}`, 'content-type': 'application/json' } })
  expect(response.status).toBe(200)
  const body = (await response.json()) as Banners & { result?: Banners }
  return body.result ?? body
}

const save = (data: Partial<Banners>) => banners({ method: 'POST', body: JSON.stringify(data) })

/** The `data-banner` roots in a page's server HTML. */
async function roots(path: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl()}${path}`)).text()
  return [...html.matchAll(/data-banner="([a-z-]+)"/g)].map((match) => match[1]!)
}

beforeAll(async () => {
  browser = await connectBrowser()
  original = await banners()
})

afterAll(async () => {
  if (original) await save(original)
  await browser?.close()
})

describe('banners', () => {
  it('show nowhere today, with the spec windows of 2025', async () => {
    for (const path of ['/', '/de', '/blog', '/ks-coin']) expect(await roots(path), path).toEqual([])
  })

  it('follow the windows moved in the admin at once: full on /, mini elsewhere, none on pickup, no coin', async () => {
    const open = { from: '2026-01-01', to: '2099-12-31' }
    await save({ rewards: { ...original.rewards, ...open }, rewardsMini: { ...original.rewardsMini, ...open }, coin: { ...original.coin, ...open }, coinMini: { ...original.coinMini, ...open } })
    expect(await roots('/')).toEqual(['rewards'])
    expect(await roots('/de')).toEqual(['rewards'])
    expect(await roots('/ar')).toEqual(['rewards'])
    expect(await roots('/blog')).toEqual(['rewards-mini'])
    expect(await roots('/de/blog')).toEqual(['rewards-mini'])
    for (const path of ['/order/pickup', '/order/pickup-b', '/order/checkout', '/ks-coin']) expect(await roots(path), path).toEqual([])

    for (const [path, text, link, href] of [
      ['/', 'Pay with crypto and earn rewards on every Veilgate plan.', 'Learn more', '/order/pickup'],
      ['/de', original.rewards.text, 'Mehr erfahren', '/de/order/pickup'],
      ['/ar', null, null, '/ar/order/pickup'],
    ] as const) {
      const page = await newPage(browser)
      await page.goto(path)
      const banner = page.getByRole('region', { name: path === '/de' ? 'Krypto-Prämien' : path === '/ar' ? 'مكافآت العملات المشفرة' : 'Crypto rewards' })
      expect(await banner.getAttribute('data-banner')).toBe('rewards')
      if (path !== '/de' && text) expect(await banner.textContent()).toContain(text)
      if (link) expect(await banner.getByRole('link', { name: link }).getAttribute('href')).toBe(href)
      else expect(await banner.getByRole('link').getAttribute('href')).toBe(href)
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    }

    // Switched off in the admin: gone at once.
    await save({ rewards: { ...original.rewards, ...open, enabled: false } })
    expect(await roots('/')).toEqual([])
    expect(await roots('/blog')).toEqual(['rewards-mini'])
  })
})
