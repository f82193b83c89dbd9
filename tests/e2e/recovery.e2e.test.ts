import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { humanCheckOver } from '../support/human-check'
import { adminCredentials } from './admin'

let browser: Browser
let adminToken = ''

beforeAll(async () => {
  browser = await connectBrowser()
  const login = await fetch(`${baseUrl()}/cms-api/admins/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(adminCredentials()) })
  adminToken = String(((await login.json()) as { token: string }).token)
})

afterAll(async () => {
  await browser?.close()
})

/** The orders bought with an e-mail address, as the admin sees them. */
async function ordersOf(email: string) {
  const query = new URLSearchParams({ 'where[email][equals]': email, depth: '0' })
  const answer = (await (await fetch(`${baseUrl()}/cms-api/orders?${query}`, { headers: { authorization: `JWT ${adminToken}` } })).json()) as { docs: { publicHash: string; status: string }[] }
  return answer.docs
}

async function checkoutPage(path: string) {
  const page = await newPage(browser)
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
  await page.goto(path)
  return page
}

const en = { email: 'E-mail', card: 'Credit or debit card', name: 'Name on card', number: 'Card number', expiry: 'Expiry date (MM/YY)', cvc: 'Security code (CVC)', postal: 'ZIP or postal code' }

async function fillCard(page: Page, number: string, labels = en) {
  await page.getByLabel(labels.card).check()
  await page.getByLabel(labels.name).fill('Ada Lovelace')
  await page.getByLabel(labels.number).pressSequentially(number)
  await page.getByLabel(labels.expiry).pressSequentially('1234')
  await page.getByLabel(labels.cvc).fill('123')
  await page.getByLabel(labels.postal).fill('10115')
}

const alertText = (page: Page) => page.locator('[data-pay] [role="alert"]').textContent()
const HASH = /[?&]hash=([A-Za-z0-9_-]{22})$/

describe('3-D Secure and decline recovery', () => {
  it('fails authentication, tries again with nothing re-typed, completes, and pays the same order', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-1m&slots=5')
    const email = `e2e-3ds-${randomUUID()}@example.com`
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByLabel('I agree to receive marketing emails').uncheck()
    await fillCard(page, '4000002760003184')
    await page.locator('[data-pay] button').first().click()
    await page.waitForURL(/\/sandbox\/3ds\/sbx_\d+_1$/, { timeout: 15_000 })
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    expect(await page.locator('h1').textContent()).toBe('Confirm your payment')
    expect(await page.locator('main').textContent()).toContain('Visa •••• 3184')
    expect(await axeViolations(page)).toEqual([])
    // By keyboard: Tab to "Fail authentication" and press Enter.
    const fail = page.getByRole('button', { name: 'Fail authentication' })
    await fail.focus()
    await Promise.all([page.waitForURL(/\/order\/checkout\?hash=/), page.keyboard.press('Enter')])
    const hash = HASH.exec(page.url())![1]!
    await expect.poll(() => alertText(page)).toBe('We are unable to authenticate your payment method. Please choose a different payment method and try again.')
    expect(await page.locator('[data-retry]').textContent()).toContain('Visa •••• 3184')
    expect(await page.getByRole('navigation', { name: 'Checkout steps' }).locator('[aria-current="step"]').textContent()).toBe('5Payment failed')
    // What was typed came back from this tab's storage (the consent as left, the method chosen).
    expect(await page.getByLabel('Credit or debit card').isChecked()).toBe(true)
    expect(await page.locator('[data-order-email]').textContent()).toContain(`${email[0]}•••@example.com`)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Try again' }).focus()
    await Promise.all([page.waitForURL(/\/sandbox\/3ds\/sbx_\d+_2$/), page.keyboard.press('Enter')])
    await Promise.all([page.waitForURL(new RegExp(`/payment-success\\?hash=${hash}$`)), page.getByRole('button', { name: 'Complete authentication' }).click()])
    expect(await page.locator('[data-status]').textContent()).toBe('Paid')
    expect(await ordersOf(email)).toMatchObject([{ publicHash: hash, status: 'paid' }])
    await page.context().close()
  })

  it('shows the decline that follows an authentication', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-1m')
    await page.getByLabel('E-mail', { exact: true }).fill(`e2e-3ds-decline-${randomUUID()}@example.com`)
    await fillCard(page, '4000008400001629')
    await page.locator('[data-pay] button').first().click()
    await page.waitForURL(/\/sandbox\/3ds\//, { timeout: 15_000 })
    await Promise.all([page.waitForURL(/\/order\/checkout\?hash=/), page.getByRole('button', { name: 'Complete authentication' }).click()])
    await expect.poll(() => alertText(page)).toBe('Your card was declined.')
    expect(await page.locator('[data-retry]').count()).toBe(0)
    await page.context().close()
  })

  it('keeps everything but the card after two declines, then pays the same order', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-1y&slots=5&ipRegion=de-frankfurt')
    const email = `e2e-recover-${randomUUID()}@example.com`
    await page.getByRole('button', { name: 'Have a bonus code?' }).click()
    await page.getByLabel('Bonus code').fill('WELCOME10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('bonus')).toBe('WELCOME10')
    // WELCOME10 takes 10% off $161.75.
    const total = '$145.57'
    await expect.poll(() => page.locator('[data-total]').textContent()).toBe(total)
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await fillCard(page, '4000000000000002')
    await page.getByLabel('Billing address').fill('Unter den Linden 1')
    for (const [number, message] of [
      ['4000000000009995', 'Your card was declined.'],
      ['4242424242424242', 'Your card has insufficient funds.'],
    ] as const) {
      await page.locator('[data-pay] button').first().click()
      await expect.poll(() => alertText(page), { timeout: 15_000 }).toBe(message)
      expect(await page.getByLabel('Card number').inputValue()).toBe('')
      expect(await page.getByLabel('Expiry date (MM/YY)').inputValue()).toBe('')
      expect(await page.getByLabel('Security code (CVC)').inputValue()).toBe('')
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-number')
      expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email)
      expect(await page.getByLabel('Billing address').inputValue()).toBe('Unter den Linden 1')
      expect(await page.getByLabel('Credit or debit card').isChecked()).toBe(true)
      expect(await page.locator('[data-total]').textContent()).toBe(total)
      expect(new URL(page.url()).search).toBe('?plan=vpn-1y&slots=5&ipRegion=de-frankfurt&bonus=WELCOME10')
      await page.keyboard.type(number)
      await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234')
      await page.getByLabel('Security code (CVC)').fill('123')
      // The message stays until the next try.
      expect(await alertText(page)).toBe(message)
    }
    await page.locator('[data-pay] button').first().click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 15_000 })
    const orders = await ordersOf(email)
    expect(orders).toMatchObject([{ status: 'paid', publicHash: HASH.exec(page.url())![1] }])
    await page.context().close()
  })

  it('shows the 3-D Secure page in German and Arabic, and a not-found message for a bad reference', async () => {
    for (const [prefix, lang, dir, heading, fail, failed] of [
      ['/de', 'de', 'ltr', 'Zahlung bestätigen', 'Authentifizierung fehlschlagen lassen', 'Wir können Ihre Zahlungsmethode nicht authentifizieren. Bitte wählen Sie eine andere Zahlungsmethode und versuchen Sie es erneut.'],
      ['/ar', 'ar', 'rtl', 'تأكيد الدفع', 'إفشال المصادقة', 'يتعذّر علينا التحقق من وسيلة الدفع. يُرجى اختيار وسيلة دفع أخرى والمحاولة مرة أخرى.'],
    ] as const) {
      const tokenized = (await (await fetch(`${baseUrl()}/api/payments/sandbox/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: '4000002760003184', expMonth: 12, expYear: 2034, cvc: '123' }) })).json()) as { token: string }
      const started = (await (
        await fetch(`${baseUrl()}/api/veilgate/purchase/url-with-email/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ email: `e2e-3ds-${lang}-${randomUUID()}@example.com`, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', cardToken: tokenized.token, country: 'DE', locale: lang }),
        })
      ).json()) as { url: string }
      const page = await checkoutPage(`${prefix}${started.url}`)
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      expect(await page.locator('h1').textContent()).toBe(heading)
      expect(await axeViolations(page)).toEqual([])
      // Back on checkout in the same language, with the failure in it.
      await Promise.all([page.waitForURL(new RegExp(`${prefix}/order/checkout\\?hash=`)), page.getByRole('button', { name: fail }).click()])
      await expect.poll(() => alertText(page)).toBe(failed)
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    }
    for (const path of ['/sandbox/3ds/%00', '/sandbox/3ds/sbx_999999999_1', '/de/sandbox/3ds/x']) {
      const response = await fetch(`${baseUrl()}${path}`)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html, path).toContain('noindex')
    }
    expect(await (await fetch(`${baseUrl()}/sandbox/3ds/%00`)).text()).toContain('We could not find this payment.')
    for (const method of ['POST', 'PUT']) {
      const response = await fetch(`${baseUrl()}/sandbox/3ds/sbx_1_1`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' })
      expect([200, 405], method).toContain(response.status)
    }
  })
})

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> }
}

/** The customer an order belongs to, by its hash. */
async function customerOf(hash: string) {
  const answer = (await (await fetch(`${baseUrl()}/cms-api/orders?where[publicHash][equals]=${hash}&depth=0`, { headers: { authorization: `JWT ${adminToken}` } })).json()) as { docs: { customer: number | null }[] }
  return answer.docs[0]?.customer ?? null
}

describe('the account beside the e-mail', () => {
  it('opens the sign-in for an address that has an account, and buys as that customer once signed in', async () => {
    const email = `e2e-returning-${randomUUID()}@example.com`
    const password = 'Returning-customer-42'
    const registered = await post('/api/veilgate/auth/register/', { username: email, password, confirmPassword: password, terms: true, ...(await humanCheckOver(baseUrl())) })
    expect(registered.status).toBe(201)
    const me = (await (await fetch(`${baseUrl()}/api/veilgate/auth/user-info/`, { headers: { 'x-auth-token': String(registered.body.token) } })).json()) as { id: number }
    const page = await checkoutPage('/order/checkout?plan=vpn-1m')
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await fillCard(page, '4242424242424242')
    await page.locator('[data-pay] button').first().click()
    // 409 ALREADY_IN_USE: the sign-in opens beside the e-mail, which stays; the card stays too.
    await expect.poll(() => page.locator('[data-sign-in]').textContent()).toContain('This Veilgate ID is already in use')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password')
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email)
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242')
    expect(await axeViolations(page)).toEqual([])
    // A wrong password is refused there.
    await page.keyboard.type('not-the-password')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-sign-in]').textContent()).toContain('Invalid username or password')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => page.locator('[data-account]').textContent()).toContain(`Signed in as ${email}`)
    expect(await page.evaluate(() => Boolean(window.localStorage.getItem('veilgate:auth-token')))).toBe(true)
    await page.locator('[data-pay] button').first().click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 15_000 })
    expect(await customerOf(HASH.exec(page.url())![1]!)).toBe(me.id)
    // Signed in on the rest of the site too: checkout again shows the account, not the field.
    await page.goto('/order/checkout?plan=vpn-1m')
    await expect.poll(() => page.locator('[data-account]').count()).toBe(1)
    expect(await page.getByLabel('E-mail', { exact: true }).count()).toBe(0)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => page.getByLabel('E-mail', { exact: true }).count()).toBe(1)
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))).toBeNull()
    await page.context().close()
  })

  it('creates the account with the purchase when a password and the terms are given', async () => {
    const email = `e2e-newpass-${randomUUID()}@example.com`
    const page = await checkoutPage('/order/checkout?plan=vpn-1m')
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await fillCard(page, '4242424242424242')
    await page.getByLabel('Password').fill('short')
    await page.locator('[data-pay] button').first().click()
    await expect.poll(() => page.getByText('Password must be at least 8 characters').isVisible()).toBe(true)
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('new-password')
    await page.getByLabel('Password').fill('New-customer-pass-77')
    await page.locator('[data-pay] button').first().click()
    await expect.poll(() => page.getByText('Please agree to our Age Certification, End User Agreement and Privacy Policy.').isVisible()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('checkbox')
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242')
    await page.keyboard.press('Space')
    await page.locator('[data-pay] button').first().click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 15_000 })
    expect(await customerOf(HASH.exec(page.url())![1]!)).not.toBeNull()
    expect((await post('/api/veilgate/auth/login/', { username: email, password: 'New-customer-pass-77' })).status).toBe(200)
    await page.context().close()
  })
})

describe('/payment-error', () => {
  it('explains the failure and leads back to checkout with the order and what was typed', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-1m')
    const email = `e2e-payerror-${randomUUID()}@example.com`
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await fillCard(page, '4000000000000002')
    await page.getByLabel('Billing address').fill('Karl-Marx-Allee 5')
    await page.getByLabel('City').fill('Berlin')
    await page.locator('[data-pay] button').first().click()
    await expect.poll(() => alertText(page), { timeout: 15_000 }).toBe('Your card was declined.')
    const hash = await page.evaluate(() => Object.keys(window.sessionStorage).find((key) => /^veilgate:checkout:[A-Za-z0-9_-]{22}$/.test(key))?.split(':')[2] ?? '')
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const response = await page.goto(`/payment-error?hash=${hash}`)
    expect(response?.status()).toBe(200)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    expect(await page.locator('h1').textContent()).toBe('Your payment did not go through')
    expect(await page.locator('[data-reason]').textContent()).toBe('Your card was declined.')
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Try again' }).focus()
    await Promise.all([page.waitForURL(new RegExp(`/order/checkout\\?hash=${hash}$`)), page.keyboard.press('Enter')])
    await expect.poll(() => page.locator('[data-order-email]').textContent()).toContain(`${email[0]}•••@example.com`)
    expect(await page.getByLabel('Billing address').inputValue()).toBe('Karl-Marx-Allee 5')
    expect(await page.getByLabel('City').inputValue()).toBe('Berlin')
    expect(await alertText(page)).toBe('Your card was declined.')
    await page.getByLabel('Name on card').fill('Ada Lovelace')
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.locator('[data-pay] button').first().click()
    await page.waitForURL(new RegExp(`/payment-success\\?hash=${hash}$`), { timeout: 15_000 })
    expect(await ordersOf(email)).toHaveLength(1)
    await page.context().close()
  })

  it('answers 200 without a hash or with a bad one, in German and Arabic too, and "Try again" opens checkout', async () => {
    for (const [path, lang, dir, heading] of [
      ['/payment-error', 'en', 'ltr', 'Your payment did not go through'],
      ['/de/payment-error?hash=AAAAAAAAAAAAAAAAAAAAAA', 'de', 'ltr', null],
      ['/ar/payment-error', 'ar', 'rtl', null],
    ] as const) {
      const page = await checkoutPage(path)
      expect(await page.locator('html').getAttribute('lang'), path).toBe(lang)
      expect(await page.locator('html').getAttribute('dir'), path).toBe(dir)
      if (heading) expect(await page.locator('h1').textContent()).toBe(heading)
      expect(await page.locator('[data-try-again]').getAttribute('href')).toBe(`${lang === 'en' ? '' : `/${lang}`}/order/checkout`)
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    }
    // A malformed hash gets the same page as none (its HTML, without a second browser visit).
    const malformed = await fetch(`${baseUrl()}/payment-error?hash=%00`)
    expect(malformed.status).toBe(200)
    const html = await malformed.text()
    expect(html).toContain('<html lang="en" dir="ltr"')
    expect(html).toContain('Your payment did not go through</h1>')
    expect(html).toMatch(/data-try-again="[^"]*"[^>]*href="\/order\/checkout"|href="\/order\/checkout"[^>]*data-try-again/)
    for (const method of ['POST', 'PUT']) {
      const response = await fetch(`${baseUrl()}/payment-error?hash=%00`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' })
      expect([200, 405], method).toContain(response.status)
    }
  })
})
