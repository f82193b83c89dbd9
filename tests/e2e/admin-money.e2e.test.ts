import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectBrowser, newPage } from './browser'
import { post, signInToAdmin } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** One order, so the list has a row: a card purchase through the API, as checkout sends it. */
async function oneOrder() {
  const email = `e2e-money-${Date.now()}@example.com`
  const card = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })
  const paid = await post(
    '/api/veilgate/purchase/url-with-email/',
    { email, receiveMarketingEmails: false, plan: 'vpn-1y', slots: 5, paymentMethod: 'card', cardToken: card.body.token, country: 'DE', locale: 'en' },
    { 'idempotency-key': `money-${Date.now()}` },
  )
  expect(paid.body.status).toBe('paid')
  return email
}

describe('money in the admin', () => {
  it('shows order totals and plan prices as dollars, and what the cents typed make', async () => {
    const email = await oneOrder()
    const page = await newPage(browser)
    await signInToAdmin(page)

    // Its own order: the list's first page may be other suites' orders (renewals the sandbox clock dated later).
    await page.goto(`/admin/collections/orders?where[email][equals]=${encodeURIComponent(email)}`)
    const cells = page.locator('table [data-money]')
    await cells.first().waitFor({ timeout: 30_000 })
    const totals = await cells.allTextContents()
    expect(totals.length).toBeGreaterThan(0)
    for (const total of totals) expect(total).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/)
    // vpn-1y with 5 slots: $71.88 + $29.99.
    expect(totals).toContain('$101.87')

    await page.goto('/admin/collections/price-plans?where[purchaseId][equals]=vpn-1y')
    await page.locator('table [data-money]').first().waitFor({ timeout: 30_000 })
    expect(await page.locator('table [data-money]').first().textContent()).toBe('$71.88')
    await page.locator('table a').first().click()
    const description = page.locator('[data-money-description]').first()
    await description.waitFor({ timeout: 30_000 })
    expect(await description.textContent()).toBe('Price in US cents, for the whole period = $71.88')
    await page.locator('input[name="cost"]').fill('7299')
    await expect.poll(() => description.textContent()).toBe('Price in US cents, for the whole period = $72.99')
    await page.context().close()
  }, 120_000)
})
