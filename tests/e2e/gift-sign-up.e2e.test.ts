// Signing up with a gift code on /sign-up: the code from the link, the account and the gift in one
// step, landing on /my-account; a bad code shows under its field and leaves no account. en, de, ar.
import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminToken } from './customers'

let browser: Browser
const password = 'Gift-lantern-Parade-58'

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A new gift code for `plan`, made as an admin does (`/cms-api`). */
async function giftCode(plan: string): Promise<string> {
  const headers = { authorization: `JWT ${await adminToken()}`, 'content-type': 'application/json' }
  const plans = (await (await fetch(`${baseUrl()}/cms-api/price-plans?where[purchaseId][equals]=${plan}&depth=0`, { headers })).json()) as { docs: { id: number }[] }
  const created = await fetch(`${baseUrl()}/cms-api/gift-codes`, { method: 'POST', headers, body: JSON.stringify({ plan: plans.docs[0]!.id, origin: 'promotion' }) })
  expect(created.status).toBe(201)
  return String(((await created.json()) as { doc: { code: string } }).doc.code)
}

async function accounts(email: string): Promise<number> {
  const query = new URLSearchParams({ 'where[email][equals]': email, depth: '0' })
  return ((await (await fetch(`${baseUrl()}/cms-api/customers?${query}`, { headers: { authorization: `JWT ${await adminToken()}` } })).json()) as { totalDocs: number }).totalDocs
}

async function open(path: string) {
  const page = await newPage(browser)
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
  await page.goto(path)
  return page
}

const form = (page: Page) => page.locator('[data-sign-up-form]')

async function fillIn(page: Page, labels: { email: string; password: string; confirm: string }, email: string) {
  await form(page).getByLabel(labels.email, { exact: true }).fill(email)
  await form(page).getByLabel(labels.password, { exact: true }).fill(password)
  await form(page).getByLabel(labels.confirm, { exact: true }).fill(password)
  await form(page).locator('input[type="checkbox"]').first().check()
}

describe('sign-up with a gift code', () => {
  it('takes the code from the link, makes the account with the gift, and opens /my-account on it', async () => {
    const code = await giftCode('vpn-1y')
    const email = `e2e-gift-${randomUUID()}@example.com`
    const page = await open(`/sign-up?code=${code}`)
    const gift = form(page).getByLabel('Gift code', { exact: true })
    await expect.poll(() => gift.inputValue(), { timeout: 30_000 }).toBe(code)
    expect(await form(page).getByRole('button', { name: 'Have a gift code?' }).getAttribute('aria-expanded')).toBe('true')
    expect(await axeViolations(page)).toEqual([])
    await fillIn(page, { email: 'E-mail', password: 'Password', confirm: 'Confirm password' }, email)
    await form(page).getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL((url) => url.pathname === '/my-account', { timeout: 30_000 })
    const subscription = page.locator('[data-subscription]').first()
    await expect.poll(() => subscription.textContent(), { timeout: 30_000 }).toContain('Active')
    expect(await accounts(email)).toBe(1)
    await page.context().close()
  }, 120_000)

  it('in German: the field opens by keyboard, a bad code is shown under it with the focus on it, and no account is made', async () => {
    const email = `e2e-gift-de-${randomUUID()}@example.com`
    const page = await open('/de/sign-up')
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['de', 'ltr'])
    const toggle = form(page).getByRole('button', { name: 'Sie haben einen Geschenkcode?' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await form(page).getByLabel('Geschenkcode', { exact: true }).isVisible()).toBe(false)
    await toggle.focus()
    await page.keyboard.press('Enter')
    const gift = form(page).getByLabel('Geschenkcode', { exact: true })
    await expect.poll(() => gift.isVisible()).toBe(true)
    await gift.fill('NO-SUCH-GIFT-CODE')
    await fillIn(page, { email: 'E-Mail', password: 'Passwort', confirm: 'Passwort bestätigen' }, email)
    await form(page).getByRole('button', { name: 'Konto erstellen' }).click()
    const message = 'Der Code ist ungültig! Bitte überprüfen Sie ihn und versuchen Sie es erneut.'
    await form(page).getByText(message).waitFor({ timeout: 30_000 })
    expect(await gift.getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => gift.evaluate((element) => element === document.activeElement)).toBe(true)
    // Nothing typed is lost.
    expect(await form(page).getByLabel('E-Mail', { exact: true }).inputValue()).toBe(email)
    expect(await gift.inputValue()).toBe('NO-SUCH-GIFT-CODE')
    expect(await axeViolations(page)).toEqual([])
    expect(await accounts(email)).toBe(0)
    await page.context().close()
  }, 120_000)

  it('in Arabic: right to left, the field pre-filled and axe-clean', async () => {
    const page = await open('/ar/sign-up?code=GIFT-AR-1')
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl'])
    const gift = form(page).getByLabel('رمز الهدية', { exact: true })
    await expect.poll(() => gift.inputValue(), { timeout: 30_000 }).toBe('GIFT-AR-1')
    expect(await form(page).getByRole('button', { name: 'هل لديك رمز هدية؟' }).getAttribute('aria-expanded')).toBe('true')
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  }, 120_000)
})
