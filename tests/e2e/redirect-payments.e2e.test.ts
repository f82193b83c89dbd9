// PayPal and Paymentwall in Chromium, as a buyer pays: the method's radio, the sandbox's approval page, and back.
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
const errorTexts = (locale: string): Texts => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')).Errors

/** Checkout as a new visitor sees it: the cookie notice answered, the e-mail typed, a method chosen. */
async function startCheckout(locale: string, method: string) {
  const t = checkoutTexts(locale)
  const page = await newPage(browser)
  const prefix = locale === 'en' ? '' : `/${locale}`
  await page.goto(`${prefix}/order/checkout?plan=vpn-1y`)
  await page.locator('section[data-cookie-notice] button').first().click()
  const email = `e2e-redirect-${randomUUID()}@example.com`
  await page.getByLabel(t.emailLabel!, { exact: true }).fill(email)
  await page.getByLabel(method, { exact: true }).check()
  return { page, email, t, prefix }
}

async function pay(page: Page, t: Texts) {
  const button = page.getByRole('button', { name: new RegExp(`^${t.pay!.replace('{total}', '.*')}$`) })
  await button.click()
  await page.waitForURL(/\/sandbox\/approve\/sbx_\d+_1$/, { timeout: 20_000 })
}

const hashOf = (page: Page) => new URL(page.url()).searchParams.get('hash')

describe('PayPal and Paymentwall at checkout', () => {
  it('PayPal, Approve: the card fields give way, the approval page, then the success page turns paid and the receipt is sent', async () => {
    const { page, email, t } = await startCheckout('en', 'PayPal')
    expect(await page.getByLabel('Card number').count()).toBe(0)
    expect(await page.locator('[data-redirect-note]').textContent()).toBe("You will approve the payment on PayPal's page.")
    // Every method this plan offers here, each with its mark.
    expect(await page.locator('[data-method]').evaluateAll((labels) => labels.map((label) => [label.getAttribute('data-method'), label.querySelectorAll('svg').length]))).toEqual([
      ['card', 1],
      ['paypal', 1],
      ['amazon-pay', 1],
      ['apple-pay', 1],
      ['google-pay', 1],
      ['paymentwall', 1],
      ['bitcoin', 1],
      ['coinpayments', 1],
    ])
    expect(await axeViolations(page)).toEqual([])
    await pay(page, t)
    expect(await page.locator('[data-provider]').textContent()).toBe('PayPal')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Approve your payment')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Approve', exact: true }).click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe('Paid')
    expect(await outboxText(email, 'receipt')).toContain('Veilgate')
    await page.context().close()
  })

  it('PayPal, Cancel: back on checkout with the message by Pay and nothing lost; Fail: /payment-error; then a card pays the same order', async () => {
    const { page, t } = await startCheckout('en', 'PayPal')
    await pay(page, t)
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await page.waitForURL(/\/order\/checkout\?hash=/)
    const hash = hashOf(page)
    await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent()).toBe('The payment was canceled. Choose another method or try again.')
    expect(await page.getByLabel('PayPal', { exact: true }).isChecked()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    // Again with PayPal: a new attempt on the same order, declined this time.
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL(/\/sandbox\/approve\/sbx_\d+_2$/)
    await page.getByRole('button', { name: 'Fail', exact: true }).click()
    await page.waitForURL(/\/payment-error\?hash=/)
    expect(hashOf(page)).toBe(hash)
    expect(await page.locator('[data-reason]').textContent()).toBe('The payment was declined. Choose another method or try again.')
    await page.locator('[data-try-again]').click()
    await page.waitForURL(/\/order\/checkout\?hash=/)
    await page.getByLabel('Credit or debit card').check()
    await page.getByLabel('Name on card').fill('Ada Lovelace')
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByLabel('ZIP or postal code').fill('10115')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    expect(hashOf(page)).toBe(hash)
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe('Paid')
    await page.context().close()
  })

  it('Paymentwall in Arabic, right to left: approved, paid by its pingback', async () => {
    const { page, t } = await startCheckout('ar', 'Paymentwall')
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(await axeViolations(page)).toEqual([])
    await pay(page, t)
    expect(new URL(page.url()).pathname).toMatch(/^\/ar\/sandbox\/approve\//)
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(await page.locator('[data-provider]').textContent()).toBe('Paymentwall')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.approve!, exact: true }).click()
    await page.waitForURL(/\/ar\/payment-success\?hash=/, { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe(t.statusPaid)
    await page.context().close()
  })

  it('takes the method the picker’s link names, and offers a trial plan’s methods only', async () => {
    const page = await newPage(browser)
    await page.goto('/order/checkout?plan=vpn-1y&method=paypal')
    await expect.poll(() => page.getByLabel('PayPal', { exact: true }).isChecked()).toBe(true)
    expect(await page.getByLabel('Card number').count()).toBe(0)
    await page.goto('/order/checkout?plan=vpn-trial-1m')
    await expect.poll(() => page.locator('[data-method]').evaluateAll((labels) => labels.map((label) => label.getAttribute('data-method')))).toEqual(['card', 'paypal'])
    await page.context().close()
  })

  it('PayPal in Arabic and German: canceled in the buyer’s language, approval pages without axe violations', async () => {
    for (const locale of ['ar', 'de']) {
      const { page, t, prefix } = await startCheckout(locale, 'PayPal')
      expect(await axeViolations(page)).toEqual([])
      await pay(page, t)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.approveTitle)
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: t.approveCancel!, exact: true }).click()
      await page.waitForURL(new RegExp(`^[^?]*${prefix}/order/checkout\\?hash=`))
      await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent()).toBe(errorTexts(locale).PAYMENT_CANCELED)
      await page.context().close()
    }
  })
})
