// PayPal through its REST API in Chromium: a second instance of the site with a PayPal app set, against the PayPal stand-in; the buyer chooses PayPal by keyboard, approves on PayPal's page, and comes back paid, in English and Arabic.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakePaypal, type FakePaypal } from '../support/fake-paypal'
import { axeViolations, connectBrowser, newPage } from './browser'
import { outboxText } from './customers'
import { startInstance, type Instance } from './instance'

let browser: Browser
let paypal: FakePaypal
let site: Instance

beforeAll(async () => {
  browser = await connectBrowser()
  paypal = await startFakePaypal()
  site = await startInstance({ PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_WEBHOOK_ID: paypal.webhookId, PAYPAL_API_URL: paypal.url })
}, 200_000)

afterAll(async () => {
  await site?.stop()
  await paypal?.close()
  await browser?.close()
})

type Texts = Record<string, string>
const messages = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as { Checkout: Texts; Errors: Texts; Payment?: Texts }

/** Checkout as a new visitor reaches it, by keyboard: the cookie notice answered, the e-mail typed, PayPal chosen, Pay pressed. */
async function payWithPaypal(page: Page, locale: string) {
  const t = messages(locale).Checkout
  const prefix = locale === 'en' ? '' : `/${locale}`
  await page.goto(`${site.baseUrl}${prefix}/order/checkout?plan=vpn-1y`)
  await page.locator('section[data-cookie-notice] button').first().click()
  const email = `e2e-paypal-${randomUUID()}@example.com`
  await page.getByLabel(t.emailLabel!, { exact: true }).fill(email)
  await page.getByLabel(t.methodPaypal!, { exact: true }).focus()
  await page.keyboard.press('Space')
  await expect.poll(() => page.getByLabel(t.methodPaypal!, { exact: true }).isChecked()).toBe(true)
  expect(await page.getByLabel(t.cardNumber ?? 'Card number').count()).toBe(0)
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('button', { name: new RegExp(`^${t.pay!.replace('{total}', '.*')}$`) }).focus()
  await page.keyboard.press('Enter')
  // PayPal's own page (the stand-in's), where the buyer approves.
  await page.waitForURL((url) => url.toString().startsWith(`${paypal.url}/checkoutnow?token=`), { timeout: 20_000 })
  return { t, prefix, email }
}

describe('PayPal through its REST API at checkout', () => {
  for (const locale of ['en', 'ar']) {
    it(`${locale}: approved on PayPal’s page, captured on return, the success page paid in the buyer’s language and the receipt sent`, async () => {
      const page = await newPage(browser)
      const { t, prefix, email } = await payWithPaypal(page, locale)
      const token = new URL(page.url()).searchParams.get('token')!
      expect(paypal.orders.get(token)?.purchase_units[0]!.custom_id).toMatch(/^order:\d+:attempt:1$/)
      await page.getByRole('link', { name: 'Pay Now' }).focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(new RegExp(`^${site.baseUrl}${prefix}/payment-success\\?hash=`), { timeout: 20_000 })
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe(t.statusPaid)
      expect(await axeViolations(page)).toEqual([])
      expect(paypal.orders.get(token)?.status).toBe('COMPLETED')
      expect(await outboxText(email, 'receipt')).toContain('Veilgate')
      await page.context().close()
    })
  }

  it('cancelled on PayPal’s page: back on checkout with the message by Pay, PayPal still chosen', async () => {
    const page = await newPage(browser)
    const { t, prefix } = await payWithPaypal(page, 'ar')
    await page.getByRole('link', { name: 'Cancel and return' }).click()
    await page.waitForURL(new RegExp(`^${site.baseUrl}${prefix}/order/checkout\\?hash=`), { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent()).toBe(messages('ar').Errors.PAYMENT_CANCELED)
    expect(await page.getByLabel(t.methodPaypal!, { exact: true }).isChecked()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })
})
