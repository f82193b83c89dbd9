import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { humanCheckOver } from '../support/human-check'
import { axeViolations, baseUrl, connectBrowser } from './browser'
import { linkIn, newAccount, outboxText, post, signedInPage } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A fresh, signed-out tab at `path`. */
const open = (path: string) => signedInPage(browser, null, path)

/** An account made by a card purchase without a password, as most buyers have. */
async function buyerWithoutPassword(): Promise<string> {
  const email = `e2e-fast-${randomUUID()}@example.com`
  const card = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })
  const paid = await post('/api/veilgate/purchase/url-with-email/', { email, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', cardToken: card.body.token, country: 'DE', locale: 'en' }, { 'idempotency-key': randomUUID() })
  expect(paid.body.status).toBe('paid')
  return email
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text.replace(/https?:\/\/\S+/g, ''))![1]!
const accessOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('veilgate:access-token'))
const kindOf = async (token: string | null) => ((await (await fetch(`${baseUrl()}/api/veilgate/auth/fast-login-user-info/`, { headers: { 'x-access-token': token ?? '' } })).json()) as { session?: string; email?: string })

describe('signing in without a password', () => {
  it('takes a buyer without a password from the refusal to a code by e-mail and back to next, by keyboard', async () => {
    const email = await buyerWithoutPassword()
    const page = await open('/sign-in?next=/my-account/orders')
    // One field takes an address or an account number.
    await page.locator('main input[autocomplete="username"]').fill(email)
    await page.locator('input[autocomplete="current-password"]').fill('anything-at-all')
    await page.locator('input[autocomplete="current-password"]').press('Enter')
    await page.getByText('This e-mail signs in another way. Please use the sign-in method you signed up with.').waitFor()

    const toggle = page.getByRole('button', { name: 'E-mail me a sign-in link instead' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    const field = page.locator('[data-fast-login] input[type="email"]')
    expect(await field.inputValue()).toBe(email)
    expect(await page.locator('main input[type="email"]').count()).toBe(1)
    await field.focus()
    // The human check starts with the form's first focus and solves itself.
    await page.locator('altcha-widget').getByText('Verified', { exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Enter')

    const codeField = page.getByLabel('Code from the e-mail', { exact: true })
    await codeField.waitFor()
    expect(await page.locator('[data-fast-login-code] [role="status"]').textContent()).toBe(`If a Veilgate ID uses ${email}, we sent it a sign-in link and a code. Both work for 15 minutes.`)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code')
    const code = codeIn(await outboxText(email, 'fast-login'))
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    await page.keyboard.type(wrong)
    await page.keyboard.press('Enter')
    await page.getByText('This code is wrong or no longer valid. Check the latest e-mail, or ask for a new code.').waitFor()
    expect(await codeField.getAttribute('aria-invalid')).toBe('true')
    expect(await codeField.inputValue()).toBe(wrong)
    expect(await axeViolations(page)).toEqual([])

    await page.keyboard.press('Control+A')
    await page.keyboard.type(`${code.slice(0, 3)} ${code.slice(3)}`)
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account/orders'), page.keyboard.press('Enter')])
    expect(await kindOf(await accessOf(page))).toMatchObject({ email, session: 'access' })
    await page.context().close()
  })

  it('signs in from the e-mail’s link only when its button is pressed, once', async () => {
    const email = await buyerWithoutPassword()
    expect((await post('/api/veilgate/auth/fastlogin/', { username: email, timezone: '+0100', ...(await humanCheckOver(baseUrl())) })).status).toBe(202)
    const link = linkIn(await outboxText(email, 'fast-login'), '/fast-login')
    const page = await open(link)
    expect(await page.locator('h1').textContent()).toBe('Sign in with the e-mail link')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    // Opening the link alone (as a mail scanner does) signs nobody in.
    expect(await accessOf(page)).toBeNull()
    expect(await axeViolations(page)).toEqual([])
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account'), page.getByRole('button', { name: 'Sign me in' }).click()])
    expect(await kindOf(await accessOf(page))).toMatchObject({ email, session: 'access' })

    const again = await open(link)
    await again.getByRole('button', { name: 'Sign me in' }).click()
    await again.getByText('This sign-in link has expired or has already been used.').waitFor()
    expect(await again.getByRole('link', { name: 'Sign in', exact: true }).last().getAttribute('href')).toBe('/sign-in')
    await page.context().close()
    await again.context().close()
  })

  it('opens the site signed in from a link an app asked for, going on to next', async () => {
    const { token } = await newAccount('e2e-autologin', 'Orchid-lantern-Parade-58')
    const made = (await (await fetch(`${baseUrl()}/api/veilgate/auth/autologin-url/?next=${encodeURIComponent('/my-account/settings')}`, { headers: { 'x-auth-token': token } })).json()) as { url: string }
    const url = new URL(made.url)
    const page = await open(url.pathname + url.search)
    await page.waitForURL((address) => address.pathname === '/my-account/settings')
    expect((await kindOf(await accessOf(page))).session).toBe('access')
    const spent = await open(url.pathname + url.search)
    await spent.getByText('This sign-in link has expired or has already been used.').waitFor()
    await page.context().close()
    await spent.context().close()
  })

  it('speaks German and Arabic on the sign-in link form and the link page, with nothing for axe', async () => {
    for (const [prefix, lang, dir, toggle] of [
      ['/de', 'de', 'ltr', 'Stattdessen einen Anmeldelink per E-Mail senden'],
      ['/ar', 'ar', 'rtl', 'أرسل لي رابط تسجيل دخول بدلًا من ذلك'],
    ] as const) {
      const page = await open(`${prefix}/sign-in`)
      await page.setViewportSize({ width: 360, height: 740 })
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, dir])
      await page.getByRole('button', { name: toggle }).click()
      await page.locator('[data-fast-login] input[type="email"]').fill('nobody')
      await page.locator('[data-fast-login] input[type="email"]').press('Enter')
      await page.locator('[data-fast-login] [aria-invalid="true"]').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      expect(await axeViolations(page)).toEqual([])
      await page.goto(`${prefix}/fast-login?token=${'x'.repeat(43)}`)
      await page.locator('main button.btn-primary').waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    }
  })
})
