// The sandbox clock in the admin: an admin moves the site's time a month on, the card is charged
// for the next period, and the buyer's account shows the new renewal date.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminToken, backToRealTime, newAccount, outboxText, post, signedInPage, signInToAdmin } from './customers'

const DAY = 86_400_000
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

/** A subscription as admins read it (`/cms-api`). */
async function subscriptionOf(admin: string, email: string) {
  const customers = (await (await fetch(`${baseUrl()}/cms-api/customers?where[email][equals]=${encodeURIComponent(email)}`, { headers: { authorization: `JWT ${admin}` } })).json()) as { docs: { id: number }[] }
  const query = new URLSearchParams({ 'where[customer][equals]': String(customers.docs[0]!.id), depth: '0' })
  const found = (await (await fetch(`${baseUrl()}/cms-api/subscriptions?${query}`, { headers: { authorization: `JWT ${admin}` } })).json()) as {
    docs: { status: string; period: number; currentPeriodEnd: string; nextRenewal: { at: string } }[]
  }
  return found.docs[0]!
}

afterAll(async () => {
  // Every end-to-end file shares one server: its clock goes back to real time.
  await backToRealTime()
  await browser?.close()
})

/** A new account that buys `vpn-1m` signed in, with `card`: its address and session token. */
async function monthlyBuyer(prefix: string, card: string) {
  const { email, token } = await newAccount(prefix, 'Clock-e2e-2026!')
  const tokenized = await post('/api/payments/sandbox/tokenize', { number: card, expMonth: 12, expYear: 2034, cvc: '123' })
  const paid = await post(
    '/api/veilgate/purchase/url-with-email/',
    { email, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', cardToken: tokenized.body.token, country: 'DE', locale: 'en' },
    { 'idempotency-key': `${prefix}-${Date.now()}`, 'x-auth-token': token },
  )
  expect(paid.body.status).toBe('paid')
  return { email, token }
}

describe('the sandbox clock', () => {
  it('an admin moves time a month on in the admin; the renewal is charged and /my-account shows the next date', async () => {
    const { email, token } = await monthlyBuyer('e2e-clock', '4242424242424242')
    const admin = await adminToken()
    const first = await subscriptionOf(admin, email)
    expect(first.period).toBe(1)

    // The buyer's account names the first renewal date.
    const account = await signedInPage(browser, token, '/my-account')
    const longDate = (iso: string) => account.evaluate((value) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(value)), iso)
    const subscription = account.locator('[data-subscription]').first()
    await expect.poll(() => subscription.textContent(), { timeout: 30_000 }).toContain(`Renews on ${await longDate(first.nextRenewal.at)}`)

    // The admin's clock view: the time, how far ahead, and +1 month.
    const page = await newPage(browser)
    await signInToAdmin(page)
    await page.goto('/admin/globals/sandbox-clock')
    const shown = page.locator('[data-sandbox-clock-now] time')
    await shown.waitFor({ timeout: 30_000 })
    const before = Date.parse(String(await shown.getAttribute('datetime')))
    expect(Math.abs(before - Date.now())).toBeLessThan(DAY)
    await page.getByRole('button', { name: '+1 month' }).click()
    await expect.poll(async () => Date.parse(String(await shown.getAttribute('datetime'))) - before, { timeout: 30_000 }).toBeGreaterThan(27 * DAY)
    expect(await page.locator('[data-sandbox-clock-now]').textContent()).toMatch(/\d+ days? .*ahead of real time/)
    await page.context().close()

    // Charged for the next period: the renewal receipt, and the account shows the next date.
    const renewed = await subscriptionOf(admin, email)
    expect(renewed.period).toBe(2)
    expect(Date.parse(renewed.nextRenewal.at)).toBeGreaterThan(Date.parse(first.nextRenewal.at) + 27 * DAY)
    expect(await outboxText(email, 'receipt')).toContain('Your subscription has renewed')
    await account.reload()
    await expect.poll(() => subscription.textContent(), { timeout: 30_000 }).toContain(`Renews on ${await longDate(renewed.nextRenewal.at)}`)
    await account.context().close()
  }, 180_000)

  it('a renewal declined by …0341: past due, and the e-mail’s link opens checkout for that order, where 4242 pays it', async () => {
    const { email, token } = await monthlyBuyer('e2e-clock-declined', '4000000000000341')
    const admin = await adminToken()
    const moved = await fetch(`${baseUrl()}/api/payments/sandbox/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${admin}` }, body: JSON.stringify({ days: 32 }) })
    expect(moved.status).toBe(200)
    expect(await subscriptionOf(admin, email)).toMatchObject({ status: 'past_due', period: 1 })

    const text = await outboxText(email, 'payment-failed')
    expect(text).toContain('Visa •••• 0341')
    const link = /https?:\/\/\S+?(\/order\/checkout\?hash=[A-Za-z0-9_-]{22})/.exec(text)?.[1]
    expect(link).toBeTruthy()
    // The account says the payment is due and links to the same order.
    const account = await signedInPage(browser, token, '/my-account')
    const due = account.locator('[data-past-due]')
    await due.waitFor({ timeout: 30_000 })
    expect(await account.locator('[data-subscription] [data-status]').first().textContent()).toBe('Payment due')
    expect(await due.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(link)
    expect(await axeViolations(account)).toEqual([])
    await account.context().close()

    const page = await newPage(browser)
    await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
    await page.goto(link!)
    await expect.poll(() => page.locator('[data-order-email]').textContent(), { timeout: 30_000 }).toContain('@example.com')
    expect(await page.locator('main').textContent()).toContain('$12.99')
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel('Credit or debit card').check()
    await page.getByLabel('Name on card').fill('Ada Lovelace')
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByLabel('ZIP or postal code').fill('10115')
    await page.getByLabel('Billing address').fill('Karl-Marx-Allee 5')
    await page.getByLabel('City').fill('Berlin')
    await page.locator('[data-pay] button').first().click()
    await page.waitForURL(/\/payment-success\?hash=[A-Za-z0-9_-]{22}$/, { timeout: 30_000 })
    expect(await subscriptionOf(admin, email)).toMatchObject({ status: 'active', period: 2 })
    await page.context().close()
  }, 180_000)
})
