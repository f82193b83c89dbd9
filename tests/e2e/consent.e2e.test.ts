// The cookie choice in Chromium: two answers kept 12 months, "Cookie settings" to change it, the tag manager only after "Accept all", and room for the notice.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const texts = (locale: string): Record<string, string> => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')).CookieNotice
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookie-notice'))
const notice = (page: Page) => page.locator('section[data-cookie-notice]')

/** Every host a page asked, but the site's own. */
function foreignRequests(page: Page): string[] {
  const own = new URL(baseUrl()).host
  const foreign: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!['http:', 'https:'].includes(url.protocol) || url.host === own) return
    foreign.push(url.href)
  })
  return foreign
}

describe('the cookie choice', () => {
  for (const locale of ['en', 'de', 'ar']) {
    it(`offers "Necessary only" and "Accept all" in a region that blocks nothing, without axe violations (${locale})`, async () => {
      const t = texts(locale)
      const page = await newPage(browser)
      await page.goto(locale === 'en' ? '/' : `/${locale}`)
      const region = page.getByRole('region', { name: t.label })
      await expect.poll(() => region.isVisible()).toBe(true)
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await region.getByRole('button').allTextContents()).toEqual([t.necessary, t.acceptAll])
      expect(await axeViolations(page)).toEqual([])
      // The page stays usable while it shows: a header link still works.
      expect(await page.locator('main').isVisible()).toBe(true)
      await page.context().close()
    })
  }

  it('keeps the choice 12 months, reopens it from "Cookie settings", and takes the old "OK" as "Necessary only"', async () => {
    const page = await newPage(browser)
    await page.goto('/')
    await page.getByRole('button', { name: 'Necessary only' }).click()
    await expect.poll(() => notice(page).count()).toBe(0)
    const choice = JSON.parse((await stored(page))!)
    expect(choice).toEqual({ choice: 'necessary', at: expect.any(Number) })
    expect(Math.abs(choice.at - Date.now())).toBeLessThan(60_000)
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(
      await notice(page)
        .isVisible()
        .catch(() => false),
    ).toBe(false)

    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await expect.poll(() => notice(page).isVisible()).toBe(true)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-consent'))).toBe('necessary')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(async () => JSON.parse((await stored(page)) ?? '{}').choice).toBe('all')
    await expect.poll(() => notice(page).count()).toBe(0)

    // A choice of more than 12 months ago asks again.
    await page.evaluate(() => window.localStorage.setItem('cookie-notice', JSON.stringify({ choice: 'all', at: Date.now() - 366 * 24 * 3600 * 1000 })))
    await page.reload()
    await expect.poll(() => notice(page).isVisible()).toBe(true)
    // The old notice's "OK".
    await page.evaluate(() => window.localStorage.setItem('cookie-notice', 'accepted'))
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(
      await notice(page)
        .isVisible()
        .catch(() => false),
    ).toBe(false)
    await page.context().close()
  })

  it('with GTM_ID set, "Necessary only" loads no tag manager and "Accept all" does, its dataLayer started by the site', async () => {
    // The tags script answered as with GTM_ID=GTM-E2ETEST set (its policy sources are tested in
    // integration; the policy is bypassed here because this server runs without the setting).
    const page = await newPage(browser, { bypassCSP: true })
    const asked: string[] = []
    await page.route('**/api/site/tags', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.veilgateTags = {"gtm":"GTM-E2ETEST"}\ndocument.dispatchEvent(new Event("veilgate:tags"))\n' }),
    )
    await page.route('https://www.googletagmanager.com/**', (route) => {
      asked.push(route.request().url())
      return route.fulfill({ contentType: 'text/javascript', body: 'window.tagManagerRan = true' })
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Necessary only' }).click()
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)

    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await page.getByRole('button', { name: 'Accept all' }).click()
    await expect.poll(() => asked).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST'])
    await expect.poll(() => page.evaluate(() => (window as unknown as { tagManagerRan?: boolean }).tagManagerRan)).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer[0])).toEqual({ 'gtm.start': expect.any(Number), event: 'gtm.js' })
    // A later page loads it at once, once.
    await page.goto('/de')
    await expect.poll(() => asked.length).toBe(2)
    await page.context().close()
  })

  it('with nothing configured, no page asks another host, whatever the choice', async () => {
    const page = await newPage(browser)
    const foreign = foreignRequests(page)
    await page.goto('/')
    await page.getByRole('button', { name: 'Accept all' }).click()
    for (const path of ['/', '/de', '/ar/order/checkout', '/connection-test', '/help']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
    }
    expect(foreign).toEqual([])
    await page.context().close()
  })

  it('leaves room for the notice on checkout: the hint under Pay is not under it, and Pay pays with it showing', async () => {
    const page = await newPage(browser)
    await page.goto('/order/checkout?plan=vpn-1y')
    await expect.poll(() => notice(page).isVisible()).toBe(true)
    await page.getByLabel('E-mail', { exact: true }).fill(`e2e-consent-${randomUUID()}@example.com`)
    const hint = page.getByText('Select a payment method', { exact: true })
    await expect.poll(() => hint.isVisible()).toBe(true)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const [hintBox, noticeBox] = await Promise.all([hint.boundingBox(), notice(page).boundingBox()])
    expect(hintBox!.y + hintBox!.height).toBeLessThanOrEqual(noticeBox!.y)
    // The room is the notice's measured height and a gap, as <body>'s own padding (not the estimate).
    await expect.poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom))).toBe(Math.ceil(noticeBox!.height) + 24)

    await page.getByLabel('Credit or debit card').check()
    await page.getByLabel('Name on card').fill('Ada Lovelace')
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByLabel('ZIP or postal code').fill('10115')
    await page.getByRole('button', { name: /^Pay / }).click({ timeout: 10_000 })
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    await page.context().close()
  })
})
