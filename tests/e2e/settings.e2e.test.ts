import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminToken, linkIn, newAccount, outboxText, post, signedInPage } from './customers'

let browser: Browser
const password = 'Settings-page-Harbour-58'
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const account = () => newAccount('e2e-settings', password)

/** Signs in through the sign-in page, which comes back to `path`. */
async function signIn(page: Page, email: string, path: string) {
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
  await page.goto(path)
  await page.waitForURL((url) => url.pathname.endsWith('/sign-in') && url.searchParams.get('next') === path)
  await page.locator('main input[autocomplete="username"]').fill(email)
  await page.locator('input[autocomplete="current-password"]').fill(password)
  await Promise.all([page.waitForURL((url) => url.pathname === path), page.locator('input[autocomplete="current-password"]').press('Enter')])
}

const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))
const sessionsAnswer = async (token: string | null) => (await fetch(`${baseUrl()}/api/veilgate/account/sessions/`, { headers: { 'x-auth-token': token ?? '' } })).status

async function customerRecord(email: string) {
  const found = await fetch(`${baseUrl()}/cms-api/customers?${new URLSearchParams({ 'where[email][equals]': email, depth: '0' })}`, { headers: { authorization: `JWT ${await adminToken()}` } })
  return ((await found.json()) as { docs: Record<string, unknown>[] }).docs[0]!
}

describe('/my-account/settings', () => {
  it('lists the sessions of two browsers, signs the other out, keeps the consent switch after a reload, then signs out everywhere, by keyboard', async () => {
    const { email } = await account()
    const firefox = await newPage(browser, { userAgent: firefoxOnWindows })
    const chrome = await newPage(browser)
    await signIn(chrome, email, '/my-account/settings')
    await signIn(firefox, email, '/my-account/settings')
    expect(await firefox.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    await expect.poll(() => firefox.locator('[data-account-email]').textContent()).toBe(email)

    // Newest first: this one (Firefox on Windows), marked; then Chrome on Linux; then the sign-up's own session.
    const rows = firefox.locator('[data-session]')
    await expect.poll(() => rows.count()).toBe(3)
    expect(await rows.nth(0).textContent()).toContain('Firefox on Windows')
    expect(await rows.nth(0).getAttribute('data-current')).toBe('true')
    expect(await rows.nth(0).textContent()).toContain('This device')
    expect(await rows.nth(1).textContent()).toContain('Chrome on Linux')
    expect(await axeViolations(firefox)).toEqual([])

    // Sign the Chrome session out, by keyboard: its next call answers 401 and its page goes to sign-in.
    const chromeToken = await tokenOf(chrome)
    expect(await sessionsAnswer(chromeToken)).toBe(200)
    const chromeButton = rows.nth(1).getByRole('button', { name: /^Sign out: Chrome on Linux/ })
    await chromeButton.focus()
    await chromeButton.press('Enter')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await sessionsAnswer(chromeToken)).toBe(401)
    await chrome.reload()
    await chrome.waitForURL((url) => url.pathname === '/sign-in')

    // The consent switch: Space turns it on, the result is announced and survives a reload.
    const consent = firefox.getByRole('switch', { name: 'I agree to receive marketing emails' })
    expect(await consent.getAttribute('aria-checked')).toBe('false')
    await consent.focus()
    await consent.press('Space')
    await expect.poll(() => consent.getAttribute('aria-checked')).toBe('true')
    await expect.poll(() => firefox.locator('[data-consent-note]').textContent()).toBe('Saved: you will receive marketing e-mails.')
    await firefox.reload()
    await expect.poll(() => firefox.getByRole('switch', { name: 'I agree to receive marketing emails' }).getAttribute('aria-checked')).toBe('true')
    const stored = await customerRecord(email)
    expect(stored).toMatchObject({ marketingConsent: true, marketingConsentWording: 'I agree to receive marketing emails', marketingConsentAt: expect.any(String) })

    // The language of e-mails is saved at once.
    await firefox.getByLabel('Language of e-mails').selectOption('de')
    await expect.poll(() => firefox.locator('[data-language-note]').textContent()).toBe('Saved.')
    expect((await customerRecord(email)).locale).toBe('de')

    // Sign out everywhere: this session too, and back to sign-in.
    const firefoxToken = await tokenOf(firefox)
    const everywhere = firefox.getByRole('button', { name: 'Sign out everywhere' })
    await everywhere.focus()
    await Promise.all([firefox.waitForURL((url) => url.pathname === '/sign-in'), everywhere.press('Enter')])
    expect(await sessionsAnswer(firefoxToken)).toBe(401)
    expect(await tokenOf(firefox)).toBeNull()
    await firefox.context().close()
    await chrome.context().close()
  })

  it('changes the password: refusals under their fields with nothing lost, then this session stays and the others end', async () => {
    const { email, token } = await account()
    const other = await post('/api/veilgate/auth/login/', { username: email, password })
    expect(other.status).toBe(200)
    const page = await signedInPage(browser, token, '/my-account/settings')
    const form = page.locator('[data-change-password]')
    const current = form.getByLabel('Current password', { exact: true })
    const fresh = form.getByLabel('New password', { exact: true })
    const confirm = form.getByLabel('Confirm new password', { exact: true })
    const submit = form.getByRole('button', { name: 'Change password' })
    await current.waitFor()
    const errorOf = async (field: typeof current) => page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).textContent()

    // Too weak: said under the new password (the strength meter says so too), the focus goes there.
    await current.fill(password)
    await fresh.fill('password1')
    await confirm.fill('password1')
    await expect.poll(() => page.locator('[data-change-password] [data-strength]').textContent()).toMatch(/^Password strength: /)
    await submit.click()
    await expect.poll(() => fresh.getAttribute('aria-invalid')).toBe('true')
    expect(await errorOf(fresh)).toBe('Your password is not strong enough. Please provide a stronger password.')
    expect(await fresh.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await current.inputValue()).toBe(password)

    // Not the same twice: said under the confirmation.
    const next = 'Quiet-Lighthouse-Orchard-94'
    await fresh.fill(next)
    await confirm.fill(`${next}x`)
    await confirm.press('Enter')
    await expect.poll(() => confirm.getAttribute('aria-invalid')).toBe('true')
    expect(await errorOf(confirm)).toBe('Confirm password')

    // A wrong current password: the server's answer, under the current password.
    await current.fill('Not-the-password-11')
    await confirm.fill(next)
    await confirm.press('Enter')
    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true')
    expect(await errorOf(current)).toBe('Invalid username or password')
    expect(await current.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await fresh.inputValue()).toBe(next)

    await current.fill(password)
    await current.press('Enter')
    await expect.poll(() => page.locator('[data-password-done]').textContent()).toBe('You stay signed in here; your other sessions were signed out.')
    expect(await sessionsAnswer(String(other.body.token))).toBe(401)
    expect(await sessionsAnswer(token)).toBe(200)
    await expect.poll(() => page.locator('[data-session]').count()).toBe(1)
    expect(await current.inputValue()).toBe('')
    expect((await post('/api/veilgate/auth/login/', { username: email, password: next })).status).toBe(200)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('changes the e-mail only when the link in the outbox is followed, telling the old address', async () => {
    const { email, token } = await account()
    const next = `e2e-moved-${randomUUID()}@example.com`
    const page = await signedInPage(browser, token, '/my-account/settings')
    const form = page.locator('[data-change-email]')
    const address = form.getByLabel('New e-mail address')
    const secret = form.getByLabel('Current password')
    await address.fill(next)
    await secret.fill('Not-the-password-11')
    await secret.press('Enter')
    await expect.poll(() => secret.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`[id="${await secret.getAttribute('aria-describedby')}"]`).textContent()).toBe('Invalid username or password')
    expect(await address.inputValue()).toBe(next)

    await secret.fill(password)
    await secret.press('Enter')
    await expect.poll(() => page.locator('[data-email-pending]').textContent()).toContain(`We sent a link to ${next}`)
    await page.reload()
    await expect.poll(() => page.locator('[data-email-pending]').textContent()).toContain(`We sent a link to ${next}`)
    expect(await page.locator('[data-profile-email]').textContent()).toBe(email)
    expect((await post('/api/veilgate/auth/login/', { username: email, password })).status).toBe(200)
    expect(await axeViolations(page)).toEqual([])

    // The outbox: a notice to the old address, the link to the new one.
    expect(await outboxText(email, 'email-change-notice')).toContain(next)
    await page.goto(linkIn(await outboxText(next, 'confirm-address'), '/confirm-email'))
    await page.getByRole('button', { name: 'Confirm my address' }).click()
    await page.getByRole('link', { name: /my account/i }).first().waitFor()
    await page.goto('/my-account/settings')
    await expect.poll(() => page.locator('[data-profile-email]').textContent()).toBe(next)
    expect(await page.locator('[data-email-pending]').textContent()).toBe('')
    expect((await post('/api/veilgate/auth/login/', { username: next, password })).status).toBe(200)
    expect((await post('/api/veilgate/auth/login/', { username: email, password })).status).toBe(401)
    await page.context().close()
  })

  it('deletes the account through a dialog, by keyboard: signed out, the address gone, the order kept anonymously', async () => {
    const { email, token } = await account()
    const card = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })
    const paid = await post('/api/veilgate/purchase/url-with-email/', { email, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', cardToken: card.body.token, country: 'DE', locale: 'en' }, { 'idempotency-key': randomUUID(), 'x-auth-token': token })
    expect(paid.body).toMatchObject({ status: 'paid' })
    const page = await signedInPage(browser, token, '/my-account/settings')
    const open = page.getByRole('button', { name: 'Delete account' })
    await open.focus()
    await open.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.waitFor()
    const secret = dialog.getByLabel('Current password')
    expect(await secret.evaluate((element) => element === document.activeElement)).toBe(true)
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(await open.evaluate((element) => element === document.activeElement)).toBe(true)

    await open.press('Enter')
    await secret.fill('Not-the-password-11')
    await secret.press('Enter')
    await expect.poll(() => secret.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`[id="${await secret.getAttribute('aria-describedby')}"]`).textContent()).toBe('Invalid username or password')
    expect(await axeViolations(page)).toEqual([])
    await secret.fill(password)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.locator('[data-account-deleted]').waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your account was deleted.')
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))).toBeNull()
    expect(await sessionsAnswer(token)).toBe(401)
    expect((await post('/api/veilgate/auth/login/', { username: email, password })).status).toBe(401)

    // An admin still sees the order, under the anonymous address.
    const order = (await (await fetch(`${baseUrl()}/cms-api/orders?${new URLSearchParams({ 'where[publicHash][equals]': String(paid.body.hash ?? ''), depth: '0' })}`, { headers: { authorization: `JWT ${await adminToken()}` } })).json()) as { docs: { email: string; total: number; country: string }[] }
    expect(order.docs[0]).toMatchObject({ country: 'DE', email: expect.stringMatching(/@deleted\.invalid$/) })
    await page.context().close()
  })

  it('is linked from My account', async () => {
    const { token } = await account()
    const page = await signedInPage(browser, token, '/my-account')
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account/settings'), page.getByRole('link', { name: 'Settings' }).click()])
    await page.locator('[data-session]').first().waitFor()
    await page.context().close()
  })

  for (const [locale, dir] of [
    ['de', 'ltr'],
    ['ar', 'rtl'],
  ] as const) {
    it(`/${locale}/my-account/settings works the same, ${dir}, axe clean`, async () => {
      const { email, token } = await account()
      const page = await signedInPage(browser, token, `/${locale}/my-account/settings`)
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, dir])
      await expect.poll(() => page.locator('[data-account-email]').textContent()).toBe(email)
      await page.locator('[data-session]').first().waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('switch').click()
      await expect.poll(() => page.getByRole('switch').getAttribute('aria-checked')).toBe('true')
      expect(await axeViolations(page)).toEqual([])
      // Nothing sticks out of the viewport on a phone.
      await page.setViewportSize({ width: 360, height: 740 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await page.context().close()
    })
  }
})
