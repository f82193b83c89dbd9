// Amazon Pay, Apple Pay and Google Pay in Chromium, as a buyer pays: the approval page, Amazon's wallet page with "Pay now", and the device's answer for the wallets.
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
const checkoutTexts = (locale: string): Texts => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')).Checkout

/** Checkout as a new visitor sees it: the cookie notice answered, the e-mail typed, a method chosen. */
async function startCheckout(locale: string, method: string, page?: Page) {
  const t = checkoutTexts(locale)
  page ??= await newPage(browser)
  const prefix = locale === 'en' ? '' : `/${locale}`
  await page.goto(`${prefix}/order/checkout?plan=vpn-1y`)
  await page.locator('section[data-cookie-notice] button').first().click()
  const email = `e2e-wallet-${randomUUID()}@example.com`
  await page.getByLabel(t.emailLabel!, { exact: true }).fill(email)
  await page.getByLabel(method, { exact: true }).check()
  return { page, email, t, prefix }
}

const payButton = (page: Page, t: Texts) => page.getByRole('button', { name: new RegExp(`^${t.pay!.replace('{total}', '.*')}$`) })

async function approve(page: Page, t: Texts, provider: string) {
  await payButton(page, t).click()
  await page.waitForURL(/\/sandbox\/approve\/sbx_\d+_1$/, { timeout: 20_000 })
  expect(await page.locator('[data-provider]').textContent()).toBe(provider)
  await page.getByRole('button', { name: t.approve!, exact: true }).click()
}

describe('Amazon Pay at checkout', () => {
  for (const locale of ['en', 'ar']) {
    it(`${locale}: Approve leads to the wallet page with the buyer, the total and "Pay now"; paying ends paid, receipt sent`, async () => {
      const { page, email, t, prefix } = await startCheckout(locale, 'Amazon Pay')
      expect(await page.locator('[data-redirect-note]').textContent()).toBe(t.methodRedirect!.replace('{provider}', 'Amazon Pay'))
      await approve(page, t, 'Amazon Pay')
      await page.waitForURL(new RegExp(`^[^?]*${prefix}/amazon/payment\\?hash=`), { timeout: 20_000 })
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.amazonTitle)
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
      await expect.poll(() => page.locator('[data-buyer]').textContent()).toMatch(/^Sandbox Buyer · e•••@example\.com$/)
      expect(await page.locator('[data-total]').textContent()).toMatch(/\d/)
      const payNow = page.getByRole('button', { name: t.amazonPayNow!, exact: true })
      await expect.poll(() => payNow.isEnabled()).toBe(true)
      expect(await axeViolations(page)).toEqual([])
      // By keyboard.
      await payNow.focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(new RegExp(`${prefix}/payment-success\\?hash=`), { timeout: 20_000 })
      await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe(t.statusPaid)
      expect(await outboxText(email, 'receipt')).toContain('Amazon Pay')
      await page.context().close()
    })
  }

  it('the wallet page without a hash, or with an unknown one: 200 and "We could not find this payment.", no axe violations in en, de, ar', async () => {
    const page = await newPage(browser)
    for (const [locale, search] of [['en', ''], ['de', '?hash=AAAAAAAAAAAAAAAAAAAAAA'], ['ar', '?hash=x']] as const) {
      const t = checkoutTexts(locale)
      const prefix = locale === 'en' ? '' : `/${locale}`
      const response = await page.goto(`${prefix}/amazon/payment${search}`)
      expect(response?.status()).toBe(200)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.threeDsNotFound)
      expect(await page.getByRole('link', { name: t.changePlan, exact: true }).getAttribute('href')).toBe(`${prefix}/order/pickup`)
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await axeViolations(page)).toEqual([])
    }
    await page.context().close()
  })
})

describe('Apple Pay and Google Pay at checkout', () => {
  for (const locale of ['en', 'ar']) {
    it(`${locale}: a browser without them says so by the choice, and the hint stays "Select a payment method"`, async () => {
      const { page, t } = await startCheckout(locale, 'Apple Pay')
      const alert = page.locator('[data-wallet-unavailable]')
      await expect.poll(() => alert.textContent()).toBe(t.walletApple)
      expect(await alert.getAttribute('role')).toBe('alert')
      expect(await page.locator('[data-pay]').textContent()).toContain(t.hintMethod)
      expect(await axeViolations(page)).toEqual([])
      await page.getByLabel('Google Pay', { exact: true }).check()
      await expect.poll(() => alert.textContent()).toBe(t.walletGeneric)
      // Pay (by keyboard: the button is aria-disabled) is refused on the page: the methods are focused, nothing is sent.
      await payButton(page, t).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('card')
      expect(new URL(page.url()).pathname).toMatch(/\/order\/checkout$/)
      await page.context().close()
    })
  }

  it('a device that offers Apple Pay pays through the approval page', async () => {
    const page = await newPage(browser)
    // A device with Apple Pay set up (Chromium has none): what ApplePaySession answers there.
    await page.addInitScript(() => {
      ;(window as unknown as { ApplePaySession: unknown }).ApplePaySession = { canMakePayments: () => true }
    })
    const { t } = await startCheckout('en', 'Apple Pay', page)
    await expect.poll(() => page.locator('[data-redirect-note]').textContent()).toBe(t.methodRedirect!.replace('{provider}', 'Apple Pay'))
    expect(await page.locator('[data-wallet-unavailable]').count()).toBe(0)
    await approve(page, t, 'Apple Pay')
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe(t.statusPaid)
    await page.context().close()
  })
})
