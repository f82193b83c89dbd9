// An Amazon Pay approval that runs out: an admin moves the sandbox clock an hour on, the wallet page says the approval expired, and checkout pays the same order by card.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, connectBrowser, newPage } from './browser'
import { backToRealTime, signInToAdmin } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  // Every end-to-end file shares one server: its clock goes back to real time.
  await backToRealTime()
  await browser?.close()
})

const t = JSON.parse(readFileSync('messages/de.json', 'utf8')).Checkout as Record<string, string>

describe('an Amazon Pay approval past its 30 minutes', () => {
  it('de: the wallet page says "This approval has expired." after the clock’s +1 hour and leads to checkout, where a card pays the same order', async () => {
    const page = await newPage(browser)
    await page.goto('/de/order/checkout?plan=vpn-1y')
    await page.locator('section[data-cookie-notice] button').first().click()
    await page.getByLabel(t.emailLabel!, { exact: true }).fill(`e2e-amazon-expiry-${randomUUID()}@example.com`)
    await page.getByLabel('Amazon Pay', { exact: true }).check()
    await page.getByRole('button', { name: new RegExp(`^${t.pay!.replace('{total}', '.*')}$`) }).click()
    await page.waitForURL(/\/de\/sandbox\/approve\/sbx_\d+_1$/, { timeout: 20_000 })
    await page.getByRole('button', { name: t.approve!, exact: true }).click()
    await page.waitForURL(/\/de\/amazon\/payment\?hash=/, { timeout: 20_000 })
    const hash = new URL(page.url()).searchParams.get('hash')
    await expect.poll(() => page.getByRole('button', { name: t.amazonPayNow!, exact: true }).isEnabled()).toBe(true)

    // The admin moves the site's time an hour on.
    const admin = await newPage(browser)
    await signInToAdmin(admin)
    await admin.goto('/admin/globals/sandbox-clock')
    const shown = admin.locator('[data-sandbox-clock-now] time')
    await shown.waitFor({ timeout: 30_000 })
    const before = Date.parse(String(await shown.getAttribute('datetime')))
    await admin.getByRole('button', { name: '+1 hour' }).click()
    await expect.poll(async () => Date.parse(String(await shown.getAttribute('datetime'))) - before, { timeout: 30_000 }).toBeGreaterThanOrEqual(3_600_000)
    await admin.context().close()

    await page.reload()
    const expired = page.locator('[data-approval-expired]')
    await expect.poll(() => expired.textContent()).toBe(t.amazonExpired)
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-approval-expired'))).toBe(true)
    expect(await page.getByRole('button', { name: t.amazonPayNow!, exact: true }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('link', { name: t.backToCheckout!, exact: true }).click()
    await page.waitForURL(/\/de\/order\/checkout\?hash=/)
    expect(new URL(page.url()).searchParams.get('hash')).toBe(hash)
    await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent()).toBe('Die Zahlung wurde abgebrochen. Wählen Sie eine andere Methode oder versuchen Sie es erneut.')

    await page.getByLabel(t.methodCard!, { exact: true }).check()
    await page.getByLabel(t.cardName!, { exact: true }).fill('Ada Lovelace')
    await page.getByLabel(t.cardNumber!, { exact: true }).pressSequentially('4242424242424242')
    await page.getByLabel(t.cardExpiry!, { exact: true }).pressSequentially('1234')
    await page.getByLabel(t.cardCvc!, { exact: true }).fill('123')
    await page.getByLabel(t.postalCode!, { exact: true }).fill('10115')
    await page.getByRole('button', { name: new RegExp(`^${t.pay!.replace('{total}', '.*')}$`) }).click()
    await page.waitForURL(/\/de\/payment-success\?hash=/, { timeout: 20_000 })
    expect(new URL(page.url()).searchParams.get('hash')).toBe(hash)
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe(t.statusPaid)
    await page.context().close()
  }, 120_000)
})
