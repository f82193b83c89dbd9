// Bitcoin and CoinPayments in Chromium, as a buyer pays: the method's radio, the sandbox's invoice page, and the success page telling where the invoice stands.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, connectBrowser, newPage } from './browser'
import { outboxText } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

type Texts = Record<string, string>
const messages = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as { Checkout: Texts; Blocks: Texts }

/** Checkout as a new visitor sees it: the cookie notice answered, the e-mail typed, the crypto method chosen, then Pay → the invoice page. */
async function payByInvoice(locale: string, method: 'Bitcoin' | 'CoinPayments') {
  const t = messages(locale).Checkout
  const page = await newPage(browser)
  const prefix = locale === 'en' ? '' : `/${locale}`
  await page.goto(`${prefix}/order/checkout?plan=vpn-1y`)
  await page.locator('section[data-cookie-notice] button').first().click()
  const email = `e2e-crypto-${randomUUID()}@example.com`
  await page.getByLabel(t.emailLabel!, { exact: true }).fill(email)
  await page.getByLabel(method, { exact: true }).check()
  expect(await page.locator('[data-redirect-note]').textContent()).toBe(t.methodInvoice!.replace('{provider}', method))
  await page.getByRole('button', { name: new RegExp(`^${t.pay!.replace('{total}', '.*')}$`) }).click()
  await page.waitForURL(new RegExp(`^[^?]*${prefix}/sandbox/invoice/sbx_\\d+_1$`), { timeout: 20_000 })
  return { page, email, t }
}

/** What the invoice page shows: provider, address, amount, and a countdown. */
async function invoiceShown(page: Page, t: Texts, provider: string) {
  expect(await page.locator('[data-provider]').textContent()).toBe(provider)
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.invoiceTitle)
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
  expect(await page.locator('[data-invoice-address]').textContent()).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/)
  expect(await page.locator('[data-invoice-amount]').textContent()).toMatch(/^0\.\d{8}$/)
  // The countdown runs: under 30:00, and the whole minutes are told in a status.
  await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^(29|30):\d\d$/)
  expect(await page.locator('[data-invoice-minutes]').textContent()).toBe(t.invoiceMinutesLeft!.replace('{minutes}', '30'))
}

describe('crypto invoices at checkout', () => {
  it('en: bitcoin paid in full: copied by keyboard, "Payment received", then paid within seconds, the receipt sent', async () => {
    const { page, email, t } = await payByInvoice('en', 'Bitcoin')
    await invoiceShown(page, t, 'Bitcoin')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.copyAddress }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-copy-status]').first().textContent()).toBe('Copied')
    await page.getByRole('button', { name: 'Pay in full', exact: true }).click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    expect(await page.locator('[data-status]').textContent()).toBe('Payment received, waiting for confirmation')
    expect(await axeViolations(page)).toEqual([])
    // Confirmed after the sandbox's 10 seconds: the page reloads paid.
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 40_000 }).toBe('Paid')
    expect(await outboxText(email, 'receipt')).toContain('Veilgate')
    await page.context().close()
  })

  it('ar, right to left: a bitcoin invoice left to expire says so, and leads to a new order of the same selection', async () => {
    const { page, t } = await payByInvoice('ar', 'Bitcoin')
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await invoiceShown(page, t, 'Bitcoin')
    // Address and amount read left to right inside the right-to-left page.
    expect(await page.locator('[data-invoice-address]').getAttribute('dir')).toBe('ltr')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.invoiceExpire, exact: true }).click()
    await page.waitForURL(/\/ar\/payment-success\?hash=/, { timeout: 20_000 })
    expect(await page.locator('[data-invoice-state="expired"]').textContent()).toBe(t.invoiceExpired)
    expect(await page.locator('[data-status]').textContent()).toBe(t.statusExpired)
    expect(await axeViolations(page)).toEqual([])
    await page.locator('[data-start-again]').click()
    await page.waitForURL(/\/ar\/order\/checkout\?plan=vpn-1y&method=bitcoin$/)
    await expect.poll(() => page.getByLabel('Bitcoin', { exact: true }).isChecked()).toBe(true)
    await page.context().close()
  })

  it.each(['en', 'ar'])('%s: a CoinPayments invoice paid short says how much BTC is missing, with the support link; checkout takes it again', async (locale) => {
    const { page, t } = await payByInvoice(locale, 'CoinPayments')
    const errors = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')).Errors as Texts
    await invoiceShown(page, t, 'CoinPayments')
    const sats = Math.round(Number(await page.locator('[data-invoice-amount]').textContent()) * 1e8)
    const btc = (value: number) => (value / 1e8).toFixed(8)
    await page.getByRole('button', { name: t.invoiceUnderpay, exact: true }).click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    const received = Math.floor(sats / 2)
    expect(await page.locator('[data-invoice-state="underpaid"]').textContent()).toBe(
      t.invoiceMissing!.replace('{missing}', btc(sats - received)).replace('{received}', btc(received)).replace('{amount}', btc(sats)),
    )
    expect(await page.locator('[data-support]').getAttribute('href')).toMatch(/^mailto:/)
    expect(await page.locator('[data-status]').textContent()).toBe(t.statusFailed)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('link', { name: t.backToCheckout }).click()
    await page.waitForURL(/\/order\/checkout\?hash=/)
    await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent()).toBe(errors.PAYMENT_UNDERPAID)
    await page.context().close()
  })

  it('de: the invoice page is in German and clean for axe', async () => {
    const { page, t } = await payByInvoice('de', 'Bitcoin')
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    await invoiceShown(page, t, 'Bitcoin')
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })
})
