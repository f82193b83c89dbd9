// The 30-day refund in the admin: an admin refunds a 10-day-old order from its page, the buyer's
// access ends and the e-mail goes out; a 31-day-old order's button is off, with the reason.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, connectBrowser, newPage } from './browser'
import { adminToken, backToRealTime, newAccount, outboxText, post, signedInPage, signInToAdmin } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  // Every end-to-end file shares one server: its clock goes back to real time.
  await backToRealTime()
  await browser?.close()
})

/** A signed-in account that bought the yearly plan with 4242: its address, session token and order. */
async function yearlyBuyer(prefix: string) {
  const { email, token } = await newAccount(prefix, 'Refund-e2e-2026!')
  const tokenized = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })
  const paid = await post(
    '/api/veilgate/purchase/url-with-email/',
    { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: tokenized.body.token, country: 'DE', locale: 'en' },
    { 'idempotency-key': `${prefix}-${Date.now()}`, 'x-auth-token': token },
  )
  expect(paid.body.status).toBe('paid')
  const admin = await adminToken()
  const query = new URLSearchParams({ 'where[publicHash][equals]': String(paid.body.hash), depth: '0' })
  const found = (await (await fetch(`${baseUrl()}/cms-api/orders?${query}`, { headers: { authorization: `JWT ${admin}` } })).json()) as { docs: { id: number; total: number }[] }
  return { email, token, order: found.docs[0]! }
}

const advance = async (days: number) => expect((await post('/api/payments/sandbox/clock/advance', { days }, { authorization: `JWT ${await adminToken()}` })).status).toBe(200)
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

async function orderPage(page: Page, id: number) {
  await page.goto(`/admin/collections/orders/${id}`)
  const controls = page.locator('[data-refund-controls]')
  await controls.waitFor({ timeout: 30_000 })
  return controls
}

describe('the 30-day refund in the admin', () => {
  it('an admin refunds a 10-day-old order from its page: refunded, access ended, e-mail sent; pressing again is not offered', async () => {
    const { email, token, order } = await yearlyBuyer('e2e-refund')
    await advance(10)

    const page = await newPage(browser)
    await signInToAdmin(page)
    const controls = await orderPage(page, order.id)
    const button = controls.getByRole('button', { name: 'Refund (30-day money-back guarantee)' })
    await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true)
    await button.click()
    // Asked to confirm first; keyboard focus is on the confirmation.
    const confirm = controls.getByRole('button', { name: `Yes, refund ${dollars(order.total)}` })
    await expect.poll(() => confirm.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => controls.locator('[data-refund-done]').textContent(), { timeout: 30_000 }).toContain(`Refunded ${dollars(order.total)}`)
    expect(await controls.getByRole('button', { name: 'Refund (30-day money-back guarantee)' }).count()).toBe(0)
    // After a reload the page still shows when and how much.
    const again = await orderPage(page, order.id)
    await expect.poll(() => again.locator('[data-refund-done]').textContent(), { timeout: 30_000 }).toMatch(new RegExp(`Refunded \\${dollars(order.total)} on `))
    await page.context().close()

    expect(await outboxText(email, 'refund-issued')).toContain(`We have refunded ${dollars(order.total)} to Visa •••• 4242.`)
    // The buyer's account: the subscription has ended, the order is refunded.
    const account = await signedInPage(browser, token, '/my-account')
    const subscription = account.locator('[data-subscription]').first()
    await expect.poll(() => subscription.textContent(), { timeout: 30_000 }).toContain('Expired')
    await account.goto('/my-account/orders')
    await expect.poll(() => account.locator('main').textContent(), { timeout: 30_000 }).toContain('Refunded')
    await account.context().close()
  }, 180_000)

  it('a 31-day-old order cannot be refunded: the button is off and says why', async () => {
    const { order } = await yearlyBuyer('e2e-late-refund')
    await advance(31)
    const page = await newPage(browser)
    await signInToAdmin(page)
    const controls = await orderPage(page, order.id)
    await expect.poll(() => controls.textContent(), { timeout: 30_000 }).toContain('The 30-day money-back period of this order ended on')
    expect(await controls.getByRole('button', { name: 'Refund (30-day money-back guarantee)' }).isDisabled()).toBe(true)
    // The endpoint says the same.
    const refused = await post(`/api/veilgate/admin/orders/${order.id}/refund/`, {}, { authorization: `JWT ${await adminToken()}` })
    expect(refused).toEqual({ status: 409, body: { statusCode: 409, code: 'REFUND_WINDOW_CLOSED', message: 'The 30-day money-back period of this order has ended.' } })
    await page.context().close()
  }, 180_000)
})
