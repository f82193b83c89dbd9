import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locales } from '@/i18n/locales'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminCredentials } from './admin'

let browser: Browser
let adminToken = ''
const password = 'Orchid-lantern-Parade-58'

beforeAll(async () => {
  browser = await connectBrowser()
  const login = await fetch(`${baseUrl()}/cms-api/admins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials()),
  })
  adminToken = String(((await login.json()) as { token: string }).token)
})

afterAll(async () => {
  await browser?.close()
})

async function outbox(to: string, template: string) {
  for (let i = 0; i < 60; i++) {
    const query = new URLSearchParams({ 'where[to][equals]': to, 'where[template][equals]': template })
    const answer = (await (await fetch(`${baseUrl()}/cms-api/outbox?${query}`, { headers: { authorization: `JWT ${adminToken}` } })).json()) as { docs: { text: string }[] }
    if (answer.docs.length) return answer.docs
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return []
}

async function customerInfo(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))
  const answer = await fetch(`${baseUrl()}/api/veilgate/auth/user-info/`, { headers: { 'x-auth-token': token ?? '' } })
  return (await answer.json()) as { email?: string; confirmed?: boolean; marketingConsent?: boolean }
}

async function open(path: string) {
  const page = await newPage(browser)
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
  await page.goto(path)
  return page
}

const form = (page: Page) => page.locator('[data-sign-up-form]')
const field = (page: Page, name: string) => form(page).getByLabel(name, { exact: true })

/** Sends the empty form: at least three fields marked invalid (the human check started by the press), nothing for axe. */
async function emptySubmitIsRefused(page: Page, { widget = true } = {}) {
  await form(page).locator('button[type="submit"]').click()
  await expect.poll(() => form(page).locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(3)
  if (widget) await page.locator('altcha-widget').waitFor({ state: 'attached' })
  expect(await axeViolations(page)).toEqual([])
}

describe('sign-up on /promo/signup-and-download', () => {
  it('checks the rules in place, creates the account with the human check solved by itself, offers the app, and confirms the address by a button', async () => {
    const email = `e2e-signup-${randomUUID()}@example.com`
    const page = await open('/promo/signup-and-download')
    // The form sits above the plan cards; nothing of the widget is loaded before the form is used.
    const order = await page.evaluate(() => {
      const signUp = document.querySelector('[data-block="sign-up"]')
      const cards = document.querySelector('[data-plan-id], [data-block="pricing-cards"], [data-purchase-id]')
      return signUp && cards ? Boolean(signUp.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING) : null
    })
    expect(order).not.toBe(false)
    expect(await page.locator('altcha-widget').count()).toBe(0)
    const before = await page.locator('[data-sign-up-form] [data-human-check]').boundingBox()
    expect(await page.locator('[data-sign-up-form] [data-human-check]').textContent()).toBe("I'm not a robot")

    expect(await field(page, 'E-mail').getAttribute('autocomplete')).toBe('email')
    expect(await field(page, 'Password').getAttribute('autocomplete')).toBe('new-password')
    await field(page, 'E-mail').focus()
    await page.keyboard.type(email)
    // The first focus started the check: the widget replaces its placeholder at the same size.
    await page.locator('altcha-widget').waitFor({ state: 'attached' })
    await expect.poll(async () => (await page.locator('[data-sign-up-form] [data-human-check]').boundingBox())?.height).toBe(before?.height)
    // It solves itself: its own checkbox ends ticked, labelled in the page's language.
    await page.locator('altcha-widget').getByText('Verified', { exact: true }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'Verified' }).isChecked()).toBe(true)

    await page.keyboard.press('Tab')
    await page.keyboard.type(` ${password}`)
    await expect.poll(() => page.locator('[data-strength]').textContent()).toMatch(/^Password strength: /)
    await page.keyboard.press('Tab')
    await page.keyboard.type(` ${password}`)
    await page.keyboard.press('Enter')
    const passwordError = page.getByText("Password can't begin or end with a whitespace character")
    await passwordError.waitFor()
    expect(await field(page, 'Password').getAttribute('aria-invalid')).toBe('true')
    const describedBy = await field(page, 'Password').getAttribute('aria-describedby')
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Password can't begin or end with a whitespace character")
    expect(await page.getByText('Please agree to our Age Certification, End User Agreement and Privacy Policy.').isVisible()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('new-password')
    expect(await field(page, 'E-mail').inputValue()).toBe(email)
    expect(await field(page, 'E-mail').getAttribute('aria-invalid')).toBeNull()

    // A weak password, then a confirmation that differs.
    await field(page, 'Password').fill('password1')
    await field(page, 'Confirm password').fill('password1')
    await page.keyboard.press('Enter')
    await page.getByText('Your password is not strong enough. Please provide a stronger password.').waitFor()
    expect(await page.locator('[data-strength]').textContent()).toMatch(/very weak|weak/)
    await field(page, 'Password').fill(password)
    await field(page, 'Confirm password').fill(`${password}!`)
    await page.keyboard.press('Enter')
    await form(page).getByText('Confirm password', { exact: true }).nth(1).waitFor()
    expect(await field(page, 'Confirm password').getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => page.locator('[data-strength]').textContent()).toMatch(/strong/)

    // Right, by keyboard: the terms box by Space, consent left unticked, Enter to send.
    await field(page, 'Confirm password').fill(password)
    await form(page).locator('input[type="checkbox"]').first().focus()
    await page.keyboard.press('Space')
    expect(await form(page).locator('input[type="checkbox"]').first().isChecked()).toBe(true)
    expect(await page.getByLabel('I agree to receive marketing emails').isChecked()).toBe(false)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Check your inbox to confirm your address' }).waitFor()
    expect(await page.locator('[data-download-offer]').getAttribute('data-download-offer')).toBe('linux')
    // The current Linux release's file, fetched rather than opened (admin → Downloads → App releases).
    const offer = page.getByRole('link', { name: 'Download Veilgate for Linux' })
    expect(await offer.getAttribute('href')).toMatch(/^\/cms-api\/app-files\/file\/veilgate-vpn-[\d.]+-linux(-\d+)?\.txt$/)
    expect(await offer.getAttribute('download')).toBe('')
    expect(await page.locator('[data-sign-up-done]').getByRole('link').allTextContents()).toEqual(['Download Veilgate for Linux', 'iOS', 'Android', 'macOS', 'Windows'])
    expect(await customerInfo(page)).toMatchObject({ email, confirmed: false })
    expect(await axeViolations(page)).toEqual([])

    // The e-mail's link opens a page that confirms nothing until its button is pressed.
    const [mail] = await outbox(email, 'confirm-address')
    const link = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0]
    expect(link).toBeTruthy()
    const url = new URL(link!)
    await page.goto(`${url.pathname}${url.search}`)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    await page.getByRole('button', { name: 'Confirm my address' }).waitFor()
    expect((await customerInfo(page)).confirmed).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirm my address' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('Your address is confirmed.').waitFor()
    expect(await page.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/my-account')
    expect((await customerInfo(page)).confirmed).toBe(true)
    await page.context().close()
  })

  it('tells a used link and a link without its token apart, and a taken address lands on the e-mail field', async () => {
    const page = await open('/confirm-email')
    await page.getByText('This link is incomplete. Please open the link from the e-mail again.').waitFor()
    await page.goto('/confirm-email?token=not-a-real-token')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirm my address' }).click()
    await expect.poll(() => page.locator('[data-confirm-alert]').textContent()).not.toBe('')

    // The promo page's form refuses an empty press the same way.
    await page.goto('/promo/signup-and-download')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr')
    await emptySubmitIsRefused(page, { widget: false })

    const email = `e2e-taken-${randomUUID()}@example.com`
    await page.goto('/sign-up')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr'])
    expect(await axeViolations(page)).toEqual([])
    await emptySubmitIsRefused(page)
    for (let round = 0; round < 2; round++) {
      await field(page, 'E-mail').fill(email)
      await field(page, 'Password').fill(password)
      await field(page, 'Confirm password').fill(password)
      if (!(await form(page).locator('input[type="checkbox"]').first().isChecked())) await form(page).locator('input[type="checkbox"]').first().check()
      await form(page).getByRole('button', { name: 'Create account' }).click()
      if (round === 0) {
        await page.getByRole('heading', { name: 'Check your inbox to confirm your address' }).waitFor()
        await page.evaluate(() => window.localStorage.clear())
        await page.goto('/sign-up')
      }
    }
    await page.getByText('This Veilgate ID is already in use').waitFor()
    expect(await field(page, 'E-mail').getAttribute('aria-invalid')).toBe('true')
    expect(await field(page, 'Password').inputValue()).toBe(password)
    await page.context().close()
  })
})

describe('the human check on the form', () => {
  const fillIn = async (page: Page, email: string) => {
    await field(page, 'E-mail').fill(email)
    await field(page, 'Password').fill(password)
    await field(page, 'Confirm password').fill(password)
    await form(page).locator('input[type="checkbox"]').first().check()
  }

  it('lets a submit that comes before the solution wait for it, then send, with one press', async () => {
    const page = await open('/sign-up')
    // The challenge is held until the press has come: the check is still being worked out then.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/veilgate/captcha/challenge/**', async (route) => {
      await released
      await route.continue()
    })
    const email = `e2e-wait-${randomUUID()}@example.com`
    await fillIn(page, email)
    const registers: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/auth/register/')) registers.push(request.url())
    })
    // A listener on window runs after React's own (on the root): once it has, the press was handled.
    await page.evaluate(() => Object.assign(window, { submitted: new Promise((resolve) => window.addEventListener('submit', () => resolve(true), { once: true })) }))
    await form(page).getByRole('button', { name: 'Create account' }).press('Enter')
    expect(await page.evaluate(() => (window as unknown as { submitted: Promise<boolean> }).submitted)).toBe(true)
    expect(await page.locator('altcha-widget').getByText('Verified', { exact: true }).count()).toBe(0)
    expect(registers).toHaveLength(0)
    release()
    await page.getByRole('heading', { name: 'Check your inbox to confirm your address' }).waitFor()
    expect(registers).toHaveLength(1)
    expect(await customerInfo(page)).toMatchObject({ email })
    await page.context().close()
  })

  it('says "Not verified Captcha" under the check when it cannot be solved, keeping every field', async () => {
    const page = await open('/sign-up')
    await page.route('**/api/veilgate/captcha/challenge/**', (route) => route.abort('connectionrefused'))
    await fillIn(page, `e2e-nocheck-${randomUUID()}@example.com`)
    await form(page).getByRole('button', { name: 'Create account' }).click()
    await page.getByText('Not verified Captcha', { exact: true }).waitFor()
    const box = page.locator('altcha-widget input[type="checkbox"]')
    expect(await box.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`[id="${await box.getAttribute('aria-describedby')}"]`).textContent()).toBe('Not verified Captcha')
    expect(await page.evaluate(() => document.activeElement?.closest('altcha-widget') !== null)).toBe(true)
    expect(await field(page, 'Password').inputValue()).toBe(password)
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))).toBeNull()
    await page.context().close()
  })
})

describe('the sign-up screens in every direction', () => {
  // English: the same checks ride along "tells a used link…" above; German: its lang and dir are in the 32-locale test below.
  it('/ar/sign-up, /ar/confirm-email and /ar/promo/signup-and-download: lang, dir, errors announced, axe clean', async () => {
    const page = await open('/ar/sign-up')
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl'])
    expect(await axeViolations(page)).toEqual([])
    await emptySubmitIsRefused(page)
    await page.goto('/ar/confirm-email?token=abc')
    expect(await axeViolations(page)).toEqual([])
    await page.goto('/ar/promo/signup-and-download')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await emptySubmitIsRefused(page, { widget: false })
    await page.context().close()
  })

  it('links sign-in and sign-up both ways', async () => {
    const page = await open('/de/sign-in')
    await page.getByRole('link', { name: 'Konto erstellen' }).click()
    await page.waitForURL((url) => url.pathname === '/de/sign-up')
    await page.getByRole('link', { name: 'Anmelden', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/de/sign-in')
    await page.context().close()
  })

  it('is served in all 32 locales, same HTML for everyone, and left out of the sitemap', async () => {
    for (const { code, tag, dir } of locales) {
      for (const path of ['/sign-up', '/confirm-email']) {
        const response = await fetch(`${baseUrl()}${code === 'en' ? '' : `/${code}`}${path}`)
        expect(response.status, `${code}${path}`).toBe(200)
        const html = await response.text()
        expect(html, `${code}${path}`).toMatch(new RegExp(`<html lang="${tag}" dir="${dir}"`))
        expect(response.headers.get('set-cookie') ?? '').not.toContain('token')
      }
    }
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text()
    expect(sitemap).not.toContain('/sign-up')
    expect(sitemap).not.toContain('/confirm-email')
  })
})
