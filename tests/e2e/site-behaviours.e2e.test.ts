// What every page does beyond its own islands, in Chromium: the offline notice, the progress bar on
// a slow client navigation, and the chunk-reload guard (one reload, never a loop).
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

/** A first visit as a person makes it: the page hydrated, the cookie notice answered. */
async function visit(path: string): Promise<{ page: Page; documents: string[] }> {
  const page = await newPage(browser)
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
  })
  await page.goto(path)
  await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
  await page.locator('section[data-cookie-notice]').waitFor({ state: 'detached' })
  return { page, documents }
}

describe('site behaviours', () => {
  it('tell a visitor who goes offline, politely, and stop when the connection is back', async () => {
    for (const [path, text] of [
      ['/', 'You are offline. Pages you open will load when the connection is back.'],
      ['/ar', 'أنت غير متصل بالإنترنت. ستُحمَّل الصفحات التي تفتحها عند عودة الاتصال.'],
    ] as const) {
      const { page } = await visit(path)
      const notice = page.locator('[aria-live="polite"] p').filter({ hasText: text })
      expect(await notice.count()).toBe(0)
      await page.context().setOffline(true)
      await notice.waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.context().setOffline(false)
      await notice.waitFor({ state: 'detached' })
      await page.context().close()
    }
  })

  it('show a progress bar on a slow client navigation, completed and hidden once the page is in', async () => {
    const { page, documents } = await visit('/')
    // The next page's server answer is held until the bar has been seen (past its 200 ms throttle),
    // however slowly this machine runs, then let through.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.searchParams.has('_rsc'),
      async (route) => {
        await held
        await route.continue()
      },
    )
    const bar = page.getByRole('progressbar', { name: 'Loading the page' })
    await page.locator('footer').getByRole('link', { name: 'Blog', exact: true }).click()
    await bar.waitFor()
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100)
    expect(new URL(page.url()).pathname).toBe('/')
    release()
    await page.waitForURL((url) => url.pathname === '/blog')
    await bar.waitFor({ state: 'detached' })
    // A client navigation: no second document.
    expect(documents).toEqual(['/'])
    await page.context().close()
  })

  it('reload once when a code chunk fails, never in a loop, and make the next route change a full load', async () => {
    const { page, documents } = await visit('/')
    // Every chunk the page loaded so far keeps loading; any other (the newsletter form's, on its first focus) fails.
    const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)))
    await page.route('**/_next/static/chunks/**', (route) => (loaded.has(route.request().url()) ? route.continue() : route.abort()))
    const field = page.locator('footer input[name="email"]')
    await field.focus()
    await expect.poll(() => documents.length).toBe(2)
    await page.locator('html[data-hydrated]').waitFor()
    expect(await page.evaluate(() => Number(sessionStorage.getItem('veilgate:chunk-reload-at')))).toBeGreaterThan(0)
    // The same failure again within 60 s: no second reload. Listeners added now run after the
    // page's own (window, same events): once one has seen the failure, the guard has decided, and a
    // reload would have stamped its time again.
    const reloadedAt = await page.evaluate(() => Number(sessionStorage.getItem('veilgate:chunk-reload-at')))
    await page.evaluate(() => {
      const seen = new Promise((resolve) => {
        window.addEventListener('error', (event) => event.target instanceof HTMLScriptElement && resolve(true), true)
        window.addEventListener('unhandledrejection', () => resolve(true))
      })
      Object.assign(window, { chunkFailureSeen: seen })
    })
    await page.locator('footer input[name="email"]').focus()
    expect(await page.evaluate(() => (window as unknown as { chunkFailureSeen: Promise<boolean> }).chunkFailureSeen)).toBe(true)
    expect(await page.evaluate(() => Number(sessionStorage.getItem('veilgate:chunk-reload-at')))).toBe(reloadedAt)
    expect(documents).toEqual(['/', '/'])
    // The next route change is a whole page from the server, not a client navigation.
    await page.locator('footer').getByRole('link', { name: 'Blog', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/blog')
    expect(documents).toEqual(['/', '/', '/blog'])
    await page.context().close()
  })
})
