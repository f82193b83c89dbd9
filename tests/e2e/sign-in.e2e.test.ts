import { randomUUID } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { humanCheckOver } from '../support/human-check'
import { axeViolations, baseUrl, launchBrowser, newPage } from './browser'

let browser: Browser
const password = 'Signing-in-works-42'

beforeAll(async () => {
  browser = await launchBrowser()
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
    expect(await page.getByLabel('E-mail').getAttribute('autocomplete')).toBe('username')
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe('current-password')
    await page.getByLabel('E-mail').focus()
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
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username')
    await page.getByLabel('E-mail').fill('not-an-address')
    await page.getByLabel('Password', { exact: true }).fill('x')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    expect(await page.getByText('Invalid email').isVisible()).toBe(true)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1')
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => page.locator('[data-sign-in-alert]').textContent()).toBe('Invalid username or password')
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email)
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('wrong-password-1')
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('never follows a ?next= off the site', async () => {
    const email = await customer()
    const page = await signInPage('/sign-in?next=//evil.example/x')
    await page.getByLabel('E-mail').fill(email)
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
