import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser } from './browser'
import { linkIn, newAccount, outboxText, post, signedInPage } from './customers'

let browser: Browser
const password = 'Orchid-lantern-Parade-58'
const newPassword = 'Velvet-harbour-Comet-91'

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A fresh, signed-out tab at `path`. */
const open = (path: string) => signedInPage(browser, null, path)

const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))
const userInfo = async (token: string | null) => (await fetch(`${baseUrl()}/api/veilgate/auth/user-info/`, { headers: { 'x-auth-token': token ?? '' } })).status

describe('forgotten password', () => {
  it('goes from sign-in to a link by e-mail and a new password, by keyboard: rules told under the field, signed in at the end, the link used once', async () => {
    const { email, token: oldSession } = await newAccount('e2e-reset', password)
    const page = await open('/sign-in')
    await page.getByRole('link', { name: 'Forgot your password?' }).focus()
    await Promise.all([page.waitForURL((url) => url.pathname === '/forgot-password'), page.keyboard.press('Enter')])
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')

    const field = page.locator('main').getByLabel('E-mail', { exact: true })
    expect(await field.getAttribute('autocomplete')).toBe('username')
    await field.focus()
    await page.keyboard.type('not-an-address')
    await page.keyboard.press('Enter')
    await page.getByText('Invalid email').waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email')
    await page.keyboard.press('Control+A')
    await page.keyboard.type(email.toUpperCase())
    await page.keyboard.press('Enter')
    const sent = page.locator('[data-reset-sent] [role="status"]')
    await sent.waitFor()
    expect(await sent.textContent()).toBe(`If a Veilgate ID uses ${email}, a link to choose a new password is on its way. It works for 60 minutes.`)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status')
    expect(await axeViolations(page)).toEqual([])

    const link = linkIn(await outboxText(email, 'password-reset'), '/reset-password')
    await page.goto(link)
    expect(await page.locator('h1').textContent()).toBe('Choose a new password')
    const fresh = page.getByLabel('New password', { exact: true })
    const confirm = page.getByLabel('Confirm new password', { exact: true })
    await fresh.focus()
    await page.keyboard.type('password1')
    await page.keyboard.press('Tab')
    await page.keyboard.type('password1')
    await expect.poll(() => page.locator('[data-strength]').textContent()).toMatch(/^Password strength: (very weak|weak|fair)$/)
    await page.keyboard.press('Enter')
    await page.getByText('Your password is not strong enough. Please provide a stronger password.').waitFor()
    expect(await fresh.getAttribute('aria-invalid')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('new-password')
    expect(await confirm.inputValue()).toBe('password1')

    await fresh.fill(newPassword)
    await confirm.fill(`${newPassword}!`)
    await confirm.press('Enter')
    await page.getByText('Confirm password', { exact: true }).waitFor()
    expect(await confirm.getAttribute('aria-invalid')).toBe('true')
    expect(await fresh.inputValue()).toBe(newPassword)

    await confirm.fill(newPassword)
    await confirm.press('Enter')
    await page.getByText('Your new password is saved and you are signed in.').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await userInfo(await tokenOf(page))).toBe(200)
    expect(await userInfo(oldSession)).toBe(401)
    expect((await post('/api/veilgate/auth/login/', { username: email, password: newPassword })).status).toBe(200)
    expect(await outboxText(email, 'password-changed')).toContain('/forgot-password')
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account'), page.getByRole('link', { name: 'My account' }).last().click()])

    // The same link a second time: it says so and leads to a new one.
    const again = await open(link)
    await again.getByLabel('New password', { exact: true }).fill('Another-granite-Wave-33')
    await again.getByLabel('Confirm new password', { exact: true }).fill('Another-granite-Wave-33')
    await again.getByRole('button', { name: 'Save the new password' }).click()
    await again.getByText('This link has expired or has already been used.').waitFor()
    await Promise.all([again.waitForURL((url) => url.pathname === '/forgot-password'), again.getByRole('link', { name: 'Ask for a new link' }).click()])
    await page.context().close()
    await again.context().close()
  })

  it('leads a locked account from its lockout e-mail back in', async () => {
    const { email } = await newAccount('e2e-reset-locked', password)
    for (let i = 0; i < 5; i++) await post('/api/veilgate/auth/login/', { username: email, password: `wrong-password-${i}` })
    expect((await post('/api/veilgate/auth/login/', { username: email, password })).body).toMatchObject({ code: 'LOGIN_ATTEMPTS_EXCEEDED' })
    const notice = await outboxText(email, 'lockout-notice')
    const forgot = /https?:\/\/\S+\/forgot-password/.exec(notice)![0]
    const page = await open(new URL(forgot).pathname)
    await page.locator('main').getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await page.locator('[data-reset-sent]').waitFor()
    await page.goto(linkIn(await outboxText(email, 'password-reset'), '/reset-password'))
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.locator('[data-reset-done]').waitFor()
    expect((await post('/api/veilgate/auth/login/', { username: email, password: newPassword })).status).toBe(200)
    await page.context().close()
  })

  it('speaks German and Arabic (right to left, no overflow at 360 px), with nothing for axe, and a link without its token says so', async () => {
    for (const [prefix, lang, dir, heading] of [
      ['/de', 'de', 'ltr', 'Passwort zurücksetzen'],
      ['/ar', 'ar', 'rtl', 'إعادة تعيين كلمة المرور'],
    ] as const) {
      const page = await open(`${prefix}/forgot-password`)
      await page.setViewportSize({ width: 360, height: 740 })
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, dir])
      expect(await page.locator('h1').textContent()).toBe(heading)
      await page.locator('main input[type="email"]').fill('nobody')
      await page.locator('main input[type="email"]').press('Enter')
      await page.locator('[aria-invalid="true"]').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      expect(await axeViolations(page)).toEqual([])
      await page.goto(`${prefix}/reset-password?token=${'x'.repeat(43)}`)
      await page.locator('input[autocomplete="new-password"]').first().waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      expect(await axeViolations(page)).toEqual([])
      await page.goto(`${prefix}/reset-password`)
      await page.locator('[data-reset-expired]').waitFor()
      expect(await page.getByRole('link', { name: prefix === '/de' ? 'Neuen Link anfordern' : 'اطلب رابطًا جديدًا' }).getAttribute('href')).toBe(`${prefix}/forgot-password`)
      await page.context().close()
    }
  })
})
