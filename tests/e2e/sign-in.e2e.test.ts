import { randomUUID } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { humanCheckOver } from '../support/human-check'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminCredentials } from './admin'

let browser: Browser
const password = 'Signing-in-works-42'

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function customer() {
  const email = `e2e-signin-${randomUUID()}@example.com`
  const response = await fetch(`${baseUrl()}/api/veilgate/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password, confirmPassword: password, terms: true, ...(await humanCheckOver(baseUrl())) }),
  })
  expect(response.status).toBe(201)
  return email
}

/** A code's catalogue message in a locale, as the API words it. */
async function catalogue(code: string, locale: string) {
  return String(((await (await fetch(`${baseUrl()}/api/veilgate/auth/error/?code=${code}&locale=${locale}`)).json()) as { message: string }).message)
}

let adminToken = ''
async function admin(path: string, init: { method: string; body?: unknown }) {
  if (!adminToken) {
    const login = await fetch(`${baseUrl()}/cms-api/admins/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(adminCredentials()) })
    adminToken = String(((await login.json()) as { token: string }).token)
  }
  const response = await fetch(`${baseUrl()}${path}`, { method: init.method, headers: { 'content-type': 'application/json', authorization: `JWT ${adminToken}` }, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
  expect(response.status).toBeLessThan(300)
  return (await response.json()) as Record<string, unknown>
}

async function customerId(email: string) {
  const found = await admin(`/cms-api/customers?${new URLSearchParams({ 'where[email][equals]': email })}`, { method: 'GET' })
  return (found.docs as { id: number }[])[0]!.id
}

async function signInPage(path: string) {
  const page = await newPage(browser)
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
  await page.goto(path)
  return page
}

describe('/sign-in', () => {
  it('signs in by keyboard alone and returns to a same-site ?next=', async () => {
    const email = await customer()
    const page = await signInPage('/sign-in?next=/order/pickup')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    expect(await page.locator('main').getByLabel('E-mail').getAttribute('autocomplete')).toBe('username')
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe('current-password')
    await page.locator('main').getByLabel('E-mail').focus()
    await page.keyboard.type(email.toUpperCase())
    await page.keyboard.press('Tab')
    await page.keyboard.type(password)
    await Promise.all([page.waitForURL((url) => url.pathname === '/order/pickup'), page.keyboard.press('Enter')])
    expect(await page.evaluate(() => Boolean(window.localStorage.getItem('veilgate:auth-token')))).toBe(true)
    // Already signed in: /sign-in goes on at once.
    await page.goto('/sign-in?next=/order/checkout')
    await page.waitForURL((url) => url.pathname === '/order/checkout')
    await page.context().close()
  })

  it('shows the field errors, the API’s refusal, and the password on demand, keeping what was typed', async () => {
    const email = await customer()
    const page = await signInPage('/sign-in')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    expect(await page.getByText('This field is required').count()).toBe(2)
    expect(await page.locator('main').getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username')
    await page.locator('main').getByLabel('E-mail').fill('not-an-address')
    await page.getByLabel('Password', { exact: true }).fill('x')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    expect(await page.getByText('Enter an e-mail address or a 16-digit account number').isVisible()).toBe(true)
    await page.locator('main').getByLabel('E-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1')
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => page.locator('[data-sign-in-alert]').textContent()).toBe('Invalid username or password')
    expect(await page.locator('main').getByLabel('E-mail').inputValue()).toBe(email)
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('wrong-password-1')
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('tells a locked account and a banned one by their codes, in the page\'s language', async () => {
    const email = await customer()
    const page = await signInPage('/de/sign-in')
    const alertText = () => page.locator('[data-sign-in-alert]').textContent()
    await page.locator('main').getByLabel('E-Mail').fill(email)
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Passwort', { exact: true }).fill(`wrong-password-${attempt}`)
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
      await expect.poll(alertText).not.toBe('')
      if (attempt < 5) {
        expect(await alertText()).toBe(await catalogue('INVALID_USERNAME_OR_PASSWORD', 'de'))
        await page.evaluate(() => (document.querySelector('[data-sign-in-alert]')!.textContent = ''))
      }
    }
    await expect.poll(alertText).toBe(await catalogue('LOGIN_ATTEMPTS_EXCEEDED', 'de'))
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-sign-in-alert'))).toBe(true)

    const banned = await customer()
    await admin(`/cms-api/customers/${await customerId(banned)}`, { method: 'PATCH', body: { state: 'banned' } })
    await page.locator('main').getByLabel('E-Mail').fill(banned)
    await page.getByLabel('Passwort', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
    await expect.poll(alertText).toBe(await catalogue('ACCOUNT_BANNED', 'de'))
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))).toBeNull()
    await page.context().close()
  })

  it('shows each other refusal as the API words it, the wait with TOO_MANY_REQUESTS, and the generic message when nothing answers', async () => {
    const page = await signInPage('/sign-in')
    let answer: { status: number; body?: Record<string, unknown>; headers?: Record<string, string> } | null = null
    await page.route('**/api/veilgate/auth/login/**', async (route) => {
      if (!answer) return route.abort('connectionrefused')
      await route.fulfill({ status: answer.status, contentType: 'application/json', headers: answer.headers, body: JSON.stringify(answer.body) })
    })
    await page.locator('main').getByLabel('E-mail').fill('someone@example.com')
    await page.getByLabel('Password', { exact: true }).fill('whatever-it-is-1')
    const alertText = () => page.locator('[data-sign-in-alert]').textContent()
    for (const code of ['ACCOUNT_NOT_CONFIRMED', 'EMAIL_ALREADY_USED_FOR_LOGIN'] as const) {
      const body = await (await fetch(`${baseUrl()}/api/veilgate/auth/error/?code=${code}&locale=en`)).json()
      answer = { status: Number(body.statusCode), body }
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect.poll(alertText).toBe(await catalogue(code, 'en'))
    }
    const limited = await (await fetch(`${baseUrl()}/api/veilgate/auth/error/?code=TOO_MANY_REQUESTS&locale=en`)).json()
    answer = { status: 429, body: limited, headers: { 'retry-after': '42' } }
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(alertText).toBe(`${await catalogue('TOO_MANY_REQUESTS', 'en')} Try again in 42 s.`)
    answer = null
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(alertText).toBe('Something went wrong. Please try again later.')
    expect(await page.locator('main').getByLabel('E-mail').inputValue()).toBe('someone@example.com')
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('whatever-it-is-1')
    await page.context().close()
  })

  it('never follows a ?next= off the site', async () => {
    const email = await customer()
    const page = await signInPage('/sign-in?next=//evil.example/x')
    await page.locator('main').getByLabel('E-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account'), page.getByRole('button', { name: 'Sign in', exact: true }).click()])
    expect(new URL(page.url()).origin).toBe(baseUrl())
    await page.context().close()
  })

  it('is in German and Arabic (right to left) with no axe violations, and not in the sitemap', async () => {
    for (const [prefix, lang, dir, heading] of [
      ['/de', 'de', 'ltr', 'Anmelden'],
      ['/ar', 'ar', 'rtl', 'تسجيل الدخول'],
    ] as const) {
      const page = await signInPage(`${prefix}/sign-in`)
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      expect(await page.locator('h1').textContent()).toBe(heading)
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    }
    expect(await (await fetch(`${baseUrl()}/sitemap.xml`)).text()).not.toContain('/sign-in')
  })
})
