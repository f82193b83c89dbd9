import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { root } from '../support/test-db'
import { baseUrl, connectBrowser, newPage } from './browser'
import { signInToAdmin } from './customers'
import { adminCredentials } from './admin'

const run = promisify(execFile)
let browser: Browser
let token = ''

/**
 * `npm run email:sample` beside the running site, on its database (which it must not stop). The
 * script once ended before its first line now and then under load (code 13, or 0 through
 * `payload run`): Lexical's `node` entries never settled on Node 20. It now resolves them with the
 * production condition (scripts/lib/package-conditions.test.mjs). On a loaded machine one run
 * takes up to about 40 s, so the command gets 100 s, its test 150.
 */
async function sample(template: string, locale: string, to: string) {
  const { stdout } = await run('npm', ['run', '--silent', 'email:sample', '--', template, locale, to], {
    cwd: root,
    env: { ...process.env, DATA_DIR: inject('dataDir'), SITE_URL: baseUrl(), DATABASE_URL: '' },
    timeout: 100_000,
  })
  return stdout
}

async function outbox(to: string, auth = true) {
  const query = new URLSearchParams({ 'where[to][equals]': to })
  return fetch(`${baseUrl()}/cms-api/outbox?${query}`, { headers: auth ? { authorization: `JWT ${token}` } : {} })
}

/** The outbox messages to an address, waiting a little while another runner may still be writing it. */
async function messagesTo(to: string) {
  // Up to 30 s: under a loaded CI machine the site's queue runner may be the one that sends it.
  for (let i = 0; i < 120; i++) {
    const response = await outbox(to)
    expect(response.status).toBe(200)
    const body = await response.json()
    if (body.totalDocs) return body
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { totalDocs: 0, docs: [] }
}

beforeAll(async () => {
  const login = await fetch(`${baseUrl()}/cms-api/admins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials()),
  })
  token = (await login.json()).token
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('e-mail samples and the outbox', () => {
  it('puts a German sample into the outbox, readable by admins only, while the site keeps running', async () => {
    const output = await sample('password-reset', 'de', 'e2e-de@example.com')
    expect(output).toContain('stored in the outbox')
    expect((await outbox('e2e-de@example.com', false)).status).toBe(403)
    const body = await messagesTo('e2e-de@example.com')
    expect(body.totalDocs).toBe(1)
    const [doc] = body.docs
    expect(doc.subject).toBe('Setzen Sie Ihr Veilgate-Passwort zurück')
    expect(doc.text).toContain(`${baseUrl()}/reset-password?token=`)
    expect(doc.html).toContain('lang="de"')
    // The site's database was borrowed, not stopped.
    expect((await fetch(`${baseUrl()}/`)).status).toBe(200)
  }, 150_000)

  it('lets an admin open the outbox in the admin and read a message', async () => {
    const page = await newPage(browser)
    await signInToAdmin(page)
    // Dashboard → System → Outbox.
    await page.locator('a[href="/admin/collections/outbox"]:not(.nav__link)').first().click()
    await page.waitForURL('**/admin/collections/outbox**')
    // Other suites keep sending mail, so the message may no longer be on the first page: search for it, as an editor would.
    const search = page.locator('#search-filter-input')
    await search.waitFor({ timeout: 30_000 })
    await search.fill('e2e-de@example.com')
    await page.waitForURL(/search=e2e-de/, { timeout: 30_000 })
    const row = page.getByRole('link', { name: 'e2e-de@example.com' }).first()
    await row.waitFor({ timeout: 30_000 })
    await row.click()
    await expect(page.locator('input#field-subject').inputValue({ timeout: 30_000 })).resolves.toBe('Setzen Sie Ihr Veilgate-Passwort zurück')
    const frame = page.frameLocator('iframe[title^="Rendered message"]')
    await expect(frame.getByRole('heading', { name: 'Wählen Sie ein neues Passwort' }).isVisible({ timeout: 30_000 })).resolves.toBe(true)
    await page.screenshot({ path: path.join(root, 'test-results', 'outbox-message.png'), fullPage: true })
    await page.context().close()
  })
})
