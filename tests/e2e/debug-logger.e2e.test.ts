// The debug logger in Chromium: opened by `?logger`, a keyboard-usable panel of requests, errors and
// state changes that never shows a query string, an e-mail or IP address, a token or a code.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A visit as a person makes it: the page hydrated, the cookie notice answered. */
async function visit(path: string): Promise<Page> {
  const page = await newPage(browser)
  await page.goto(path)
  await page.locator('html[data-hydrated]').waitFor()
  await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
  await page.locator('section[data-cookie-notice]').waitFor({ state: 'detached' })
  return page
}

describe('the debug logger', () => {
  for (const [prefix, dir, clear] of [
    ['', 'ltr', 'Clear'],
    ['/de', 'ltr', 'Leeren'],
    ['/ar', 'rtl', 'مسح'],
  ] as const) {
    it(`${prefix || '/'}: ?logger lists requests, errors and changes without queries, addresses or codes; axe clean; closes by keyboard`, async () => {
      const page = await visit(`${prefix}/forgot-password?logger`)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir)
      const panel = page.locator('section[data-debug-logger]')
      await panel.waitFor()
      // A request: the address typed goes in the body, and the page's GET calls carry a `ts` query.
      const email = `logger.check+${Date.now()}@example.com`
      await page.locator('main input[type="email"]').fill(email)
      await page.locator('main input[type="email"]').press('Enter')
      await page.locator('[data-reset-sent] [role="status"]').waitFor()
      await expect.poll(() => panel.locator('li[data-kind="request"]').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/POST \/api\/veilgate\/auth\/password-reset\/ → 202 · \d+ ms/)]))
      // An error whose message holds an address, an IP address, a code and a link with a token.
      await page.evaluate(() => {
        window.setTimeout(() => {
          throw new Error('Refused jane.doe@example.com from 203.0.113.9, code 482913, at /reset-password?token=abcdefabcdefabcdefabcdef')
        })
      })
      await panel.locator('li[data-kind="error"]').first().waitFor()
      // A change of the state: the site version.
      await page.setViewportSize({ width: 600, height: 800 })
      await expect.poll(() => panel.locator('li[data-kind="change"]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('siteVersion: mobile')]))

      const text = (await panel.textContent()) ?? ''
      expect(text).toContain('Refused [e-mail] from [address], code [code], at /reset-password')
      for (const secret of [email, 'jane.doe', '203.0.113.9', '482913', 'token=', 'abcdefabcdef', '?ts=', 'ts=']) expect(text, secret).not.toContain(secret)
      expect(await axeViolations(page)).toEqual([])

      // By keyboard: Clear empties it, Escape closes it and the focus goes to the page's main region.
      await panel.getByRole('button', { name: clear, exact: true }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => panel.locator('li').count()).toBe(0)
      await page.keyboard.press('Escape')
      await panel.waitFor({ state: 'detached' })
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
      await page.context().close()
    })
  }

  it('shows the router history, is closed with its Close button, and is not even loaded without ?logger', async () => {
    const page = await newPage(browser)
    const scripts: Promise<string>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && new URL(response.url()).origin === new URL(page.url() || response.url()).origin) scripts.push(response.text())
    })
    await page.goto('/forgot-password', { waitUntil: 'networkidle' })
    await page.locator('html[data-hydrated]').waitFor()
    expect(await page.locator('section[data-debug-logger]').count()).toBe(0)
    for (const body of await Promise.all(scripts)) expect(body).not.toContain('data-debug-logger')

    await page.goto('/?logger')
    const panel = page.locator('section[data-debug-logger]')
    await panel.waitFor()
    // The router history follows a client navigation: the last pages, newest last.
    await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
    await page.locator('header nav').getByRole('link', { name: 'Blog', exact: true }).first().click()
    await page.waitForURL((url) => url.pathname === '/blog')
    await expect.poll(() => panel.locator('li[data-kind="change"]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('routerHistory: / → /blog')]))
    await panel.getByRole('button', { name: 'Close', exact: true }).click()
    await panel.waitFor({ state: 'detached' })
    await page.context().close()
  })
})
