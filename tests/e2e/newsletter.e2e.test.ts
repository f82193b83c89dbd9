// The newsletter's pages in Chromium: confirming and unsubscribing with JavaScript off, every state in en, de and ar.
import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { humanCheckOver } from '../support/human-check'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminToken, outboxText, post } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A page whose scripts never run: what a visitor without JavaScript gets. */
async function withoutScripts(path: string): Promise<Page> {
  const page = await newPage(browser, { javaScriptEnabled: false })
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
  expect(response?.status(), path).toBe(200)
  return page
}

async function subscriberStatus(email: string): Promise<string | undefined> {
  const query = new URLSearchParams({ 'where[email][equals]': email })
  const found = (await (await fetch(`${baseUrl()}/cms-api/subscribers?${query}`, { headers: { authorization: `JWT ${await adminToken()}` } })).json()) as { docs: { status: string }[] }
  return found.docs[0]?.status
}

describe('the newsletter pages', () => {
  it('confirm and unsubscribe by their buttons with JavaScript off', async () => {
    const email = `e2e-newsletter-${randomUUID().slice(0, 8)}@example.com`
    const subscribed = await post('/api/coms/subscribe/', { ...(await humanCheckOver(baseUrl())), username: email, locale: 'de' })
    expect(subscribed).toEqual({ status: 200, body: { username: email } })
    const text = await outboxText(email, 'newsletter-confirm')
    const confirmPath = /https?:\/\/[^/\s]+(\/de\/newsletter\/confirm\?token=[A-Za-z0-9_.-]+)/.exec(text)![1]!
    const unsubscribePath = /https?:\/\/[^/\s]+(\/de\/blog-unsubscribe\?token=[A-Za-z0-9_.%-]+)/.exec(text)![1]!

    // Opening the link shows the address masked and one button; it confirms nothing by itself.
    const confirm = await withoutScripts(confirmPath)
    expect(await confirm.locator('html').getAttribute('lang')).toBe('de')
    expect(await confirm.locator('[data-address]').textContent()).toContain(`${email[0]}•••@example.com`)
    expect(await confirm.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    expect(await subscriberStatus(email)).toBe('pending')
    await Promise.all([confirm.waitForURL(/\/de\/newsletter\/confirm\?done=1$/, { waitUntil: 'domcontentloaded' }), confirm.getByRole('button', { name: 'Mein Abonnement bestätigen' }).click()])
    expect(await confirm.locator('[data-confirmed]').textContent()).toBe('Ihr Abonnement ist bestätigt. Vielen Dank!')
    expect(await subscriberStatus(email)).toBe('active')
    await confirm.context().close()

    const unsubscribe = await withoutScripts(unsubscribePath)
    expect(await unsubscribe.locator('[data-address]').textContent()).toContain(`${email[0]}•••@example.com`)
    await Promise.all([unsubscribe.waitForURL(/\/de\/blog-unsubscribe\?done=1$/, { waitUntil: 'domcontentloaded' }), unsubscribe.getByRole('button', { name: 'Abbestellen' }).click()])
    expect(await unsubscribe.locator('[data-unsubscribed]').textContent()).toBe('Sie haben den Newsletter abbestellt und erhalten ihn nicht mehr.')
    expect(await subscriberStatus(email)).toBe('unsubscribed')
    await unsubscribe.context().close()
  }, 120_000)

  it('answer 200 with an explanation and a link home without a token or with a bad one, in en, de and ar, with no axe violations', async () => {
    for (const prefix of ['', '/de', '/ar']) {
      for (const query of ['', '?token=%00', '?token=abc&email=%00', '?token=abc.def']) {
        for (const page of ['/blog-unsubscribe', '/newsletter/confirm']) {
          const path = `${prefix}${page}${query}`
          const response = await fetch(`${baseUrl()}${path}`)
          expect(response.status, path).toBe(200)
          await response.body?.cancel()
        }
      }
      const page = await newPage(browser)
      await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
      for (const path of [`${prefix}/blog-unsubscribe?token=%00`, `${prefix}/newsletter/confirm`]) {
        await page.goto(path)
        expect(await page.locator('html').getAttribute('dir')).toBe(prefix === '/ar' ? 'rtl' : 'ltr')
        await page.locator('[data-invalid]').waitFor()
        expect(await page.locator('main a[href]').last().getAttribute('href')).toBe(prefix || '/')
        expect(await axeViolations(page), path).toEqual([])
      }
      await page.context().close()
    }
  }, 120_000)

  it('lets an admin export the subscribers as CSV, each row with its unsubscribe links, and nobody else', async () => {
    const email = `e2e-export-${randomUUID().slice(0, 8)}@example.com`
    expect((await post('/api/coms/subscribe/', { ...(await humanCheckOver(baseUrl())), username: email, locale: 'ar' })).status).toBe(200)
    const request = { data: { collectionSlug: 'subscribers', format: 'csv', name: 'subscribers', sort: '-createdAt', where: { email: { equals: email } } } }
    const download = (headers: Record<string, string>) => fetch(`${baseUrl()}/cms-api/exports/download`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(request) })

    const anonymous = await download({})
    expect(anonymous.status).not.toBe(200)
    expect(await anonymous.text()).not.toContain(email)

    const exported = await download({ authorization: `JWT ${await adminToken()}` })
    expect(exported.status).toBe(200)
    const [header, row, ...rest] = (await exported.text()).trim().split(/\r?\n/)
    expect(rest).toEqual([])
    const columns = header!.split(',')
    expect(columns).toEqual(expect.arrayContaining(['email', 'status', 'locale', 'source', 'type', 'unsubscribeUrl', 'oneClickUnsubscribeUrl']))
    const cells = row!.split(',')
    const cell = (name: string) => cells[columns.indexOf(name)]
    expect([cell('email'), cell('status'), cell('locale')]).toEqual([email, 'pending', 'ar'])
    expect(cell('unsubscribeUrl')).toMatch(new RegExp(`^${baseUrl()}/ar/blog-unsubscribe\\?token=[A-Za-z0-9_.%-]+$`))
    expect(cell('oneClickUnsubscribeUrl')).toMatch(new RegExp(`^${baseUrl()}/api/coms/unsubscribe/\\?token=[A-Za-z0-9_.%-]+$`))
    // The exported page link works: it shows this subscriber.
    const page = await (await fetch(cell('unsubscribeUrl')!)).text()
    expect(page).toContain(`${email[0]}•••@example.com`)
  }, 120_000)
})
