import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { linkIn, outboxText } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const password = 'Bought-and-in-42'

/** Checkout in a locale, the cookie notice answered, filled as a new buyer with a password (fields found by their autocomplete names, the same in every language). */
async function buyAsNewCustomer(prefix: string, card: string, options: { password?: boolean } = {}) {
  const page = await newPage(browser)
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
  await page.goto(`${prefix}/order/checkout?plan=vpn-1y`)
  const email = `e2e-signed-in-${randomUUID()}@example.com`
  await page.locator('input[autocomplete="email"]').fill(email)
  if (options.password !== false) {
    await page.locator('input[autocomplete="new-password"]').fill(password)
    await page.locator('form input[type="checkbox"]').first().check()
  }
  await page.locator('input[type="radio"][value="card"]').check()
  await page.locator('input[autocomplete="cc-name"]').fill('Ada Lovelace')
  await page.locator('input[autocomplete="cc-number"]').pressSequentially(card)
  await page.locator('input[autocomplete="cc-exp"]').pressSequentially('1234')
  await page.locator('input[autocomplete="cc-csc"]').fill('123')
  await page.locator('input[autocomplete="postal-code"]').fill('10115')
  await page.locator('[data-pay] button').first().click()
  return { page, email }
}

/** On /payment-success: "My account" opens the account with the new subscription, no sign-in asked. */
async function myAccountOpens(page: Page, prefix: string, email: string) {
  await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
  const hash = /[?&]hash=([A-Za-z0-9_-]{22})/.exec(page.url())![1]!
  expect(await axeViolations(page)).toEqual([])
  const stored = await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))
  expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/)
  await page.locator(`main a[href="${prefix}/my-account"]`).first().click()
  await page.waitForURL((url) => url.pathname === `${prefix}/my-account`, { timeout: 15_000 })
  await page.locator('[data-subscription]').first().waitFor({ timeout: 15_000 })
  expect(await page.locator('[data-account-email]').first().textContent()).toContain(email)
  expect(new URL(page.url()).pathname).not.toContain('sign-in')
  expect(await axeViolations(page)).toEqual([])
  return hash
}

describe('signed in after buying', () => {
  // In English the keyboard test below takes this path, in German the 3-D Secure one.
  for (const prefix of ['/ar']) {
    it(`opens the new account from "My account" without signing in (${prefix})`, async () => {
      const { page, email } = await buyAsNewCustomer(prefix, '4242424242424242')
      await myAccountOpens(page, prefix, email)
      await page.context().close()
    })
  }

  it('works with the keyboard alone: buy with a password, then Tab to "My account" and press Enter', async () => {
    const page = await newPage(browser)
    await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
    await page.goto('/order/checkout?plan=vpn-1y')
    const email = `e2e-signed-in-keys-${randomUUID()}@example.com`
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null
        return { tag: element?.tagName ?? '', type: element?.getAttribute('type') ?? '', auto: element?.getAttribute('autocomplete') ?? '', text: element?.textContent ?? '', checked: Boolean(element?.checked), href: element?.getAttribute('href') ?? '' }
      })
    const typed: Record<string, string> = { email, 'new-password': password, 'cc-name': 'Ada Lovelace', 'cc-number': '4242424242424242', 'cc-exp': '1234', 'cc-csc': '123', 'postal-code': '10115' }
    let termsTicked = false
    let paid = false
    for (let step = 0; step < 80 && !paid; step++) {
      await page.keyboard.press('Tab')
      const at = await focused()
      if (at.type === 'radio') await page.keyboard.press('Space')
      // The first checkbox after the password is the terms; the marketing one stays as it is.
      else if (at.type === 'checkbox' && !termsTicked) {
        if (!at.checked) await page.keyboard.press('Space')
        termsTicked = true
      } else if (at.tag === 'INPUT' && typed[at.auto]) await page.keyboard.type(typed[at.auto]!)
      else if (at.tag === 'BUTTON' && at.text.startsWith('Pay ') && (await page.getByText('Enter your', { exact: false }).count()) === 0) {
        await page.keyboard.press('Enter')
        paid = true
      }
    }
    expect(paid).toBe(true)
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))).toMatch(/^[A-Za-z0-9_-]{43}$/)
    let reached = false
    for (let step = 0; step < 60 && !reached; step++) {
      await page.keyboard.press('Tab')
      const at = await focused()
      if (at.tag === 'A' && at.href === '/my-account' && at.text === 'My account') {
        await Promise.all([page.waitForURL((url) => url.pathname === '/my-account'), page.keyboard.press('Enter')])
        reached = true
      }
    }
    expect(reached).toBe(true)
    await page.locator('[data-subscription]').first().waitFor({ timeout: 15_000 })
    expect(await page.locator('[data-account-email]').first().textContent()).toContain(email)
    expect(new URL(page.url()).pathname).toBe('/my-account')
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('does so after a completed 3-D Secure check too (in German), and a second browser asking by the hash gets no token', async () => {
    const { page, email } = await buyAsNewCustomer('/de', '4000002760003184')
    await page.waitForURL(/\/de\/sandbox\/3ds\//, { timeout: 20_000 })
    await page.getByRole('button', { name: 'Authentifizierung abschließen' }).click()
    const hash = await myAccountOpens(page, '/de', email)
    await page.context().close()
    const other = await fetch(`${baseUrl()}/api/veilgate/purchase/url/?hash=${hash}`)
    expect(other.status).toBe(200)
    expect(await other.json()).not.toHaveProperty('token')
  })

  it('tells a buyer without a password that a link is on its way; its confirmation link and "Send the link again" both sign in', async () => {
    const { page, email } = await buyAsNewCustomer('', '4242424242424242', { password: false })
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    await page.getByText("Your account is ready. We've e-mailed you a link to sign in.").waitFor()
    expect(await page.locator('main a[href="/my-account"]').count()).toBe(0)
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))).toBeNull()
    expect(await axeViolations(page)).toEqual([])

    // The purchase's confirmation e-mail says its button signs in, and it does.
    const confirmation = await outboxText(email, 'confirm-address')
    expect(confirmation).toContain('The button also signs you in to your Veilgate ID: no password needed.')
    const confirm = await newPage(browser)
    await confirm.goto(linkIn(confirmation, '/confirm-email'))
    await confirm.getByRole('button', { name: 'Confirm my address' }).click()
    await confirm.locator('[data-confirmed]').waitFor()
    await Promise.all([confirm.waitForURL((url) => url.pathname === '/my-account'), confirm.locator('[data-confirmed] a').click()])
    await confirm.locator('[data-subscription]').first().waitFor({ timeout: 15_000 })
    expect(await confirm.locator('[data-account-email]').first().textContent()).toContain(email)
    await confirm.context().close()

    // "Send the link again": the sign-in by e-mail link, with its human check.
    await Promise.all([page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('by') === 'link'), page.getByRole('link', { name: 'Send the link again' }).click()])
    const field = page.locator('[data-fast-login] input[type="email"]')
    await field.fill(email)
    await page.locator('altcha-widget').getByText('Verified', { exact: true }).waitFor()
    await field.press('Enter')
    await page.locator('[data-fast-login-code]').waitFor()
    const link = linkIn(await outboxText(email, 'fast-login'), '/fast-login')
    await page.goto(link)
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account'), page.getByRole('button', { name: 'Sign me in' }).click()])
    await page.locator('[data-subscription]').first().waitFor({ timeout: 15_000 })
    await page.context().close()
  })
})
