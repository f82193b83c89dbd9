// Browser error reports in Chromium: with SENTRY_DSN named by /api/site/tags, Sentry's code loads once
// the page is idle and a page error reaches the DSN scrubbed; without it, nothing loads.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const DSN = 'https://0123abcd@reports.example.net/42'

async function answerNotice(page: Page) {
  await page.locator('html[data-hydrated]').waitFor()
  await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
}

describe('browser error reports', () => {
  it('with SENTRY_DSN set, send a page error to it without query strings, e-mail or IP addresses, or codes', async () => {
    // The test server runs without SENTRY_DSN: the tags script is answered here, and the page policy
    // (which would name the DSN's host, tests/integration/tags.int.test.ts) is bypassed.
    const page = await newPage(browser, { bypassCSP: true })
    await page.route('**/api/site/tags', (route) =>
      route.fulfill({
        contentType: 'text/javascript; charset=utf-8',
        body: `window.veilgateTags = ${JSON.stringify({ gtm: null, logger: false, sentry: DSN })}\ndocument.dispatchEvent(new Event('veilgate:tags'))\n`,
      }),
    )
    const envelopes: { url: string; body: string }[] = []
    await page.route('https://reports.example.net/**', async (route) => {
      envelopes.push({ url: route.request().url(), body: route.request().postData() ?? '' })
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' })
    })
    await page.goto('/blog?ref=jane.doe@example.com')
    await answerNotice(page)
    await expect.poll(() => page.evaluate(() => '__SENTRY__' in window), { timeout: 15_000 }).toBe(true)
    await page.evaluate(() => {
      window.setTimeout(() => {
        throw new Error('Refused jane.doe@example.com from 203.0.113.9, code 482913')
      })
    })
    await expect.poll(() => envelopes.filter((envelope) => envelope.body.includes('"type":"event"')).length, { timeout: 15_000 }).toBeGreaterThan(0)
    const event = envelopes.find((envelope) => envelope.body.includes('"type":"event"'))!
    expect(new URL(event.url).pathname).toBe('/api/42/envelope/')
    expect(event.body).toContain('Refused [e-mail] from [address], code [code]')
    const everything = envelopes.map((envelope) => envelope.body).join('\n')
    for (const secret of ['jane', 'example.com', '203.0.113.9', '482913', 'ref=']) expect(everything, secret).not.toContain(secret)
    await page.context().close()
  })

  it('without SENTRY_DSN, load nothing of it and send nothing', async () => {
    const page = await newPage(browser)
    const foreign: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseUrl()).origin) foreign.push(request.url())
    })
    await page.goto('/blog', { waitUntil: 'networkidle' })
    await answerNotice(page)
    await page.evaluate(() => new Promise((resolve) => window.requestIdleCallback(resolve, { timeout: 3000 })))
    await page.evaluate(() => {
      window.setTimeout(() => {
        throw new Error('nobody hears this')
      })
    })
    expect(await page.evaluate(() => '__SENTRY__' in window)).toBe(false)
    expect(foreign).toEqual([])
    await page.context().close()
  })
})
