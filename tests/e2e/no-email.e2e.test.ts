// Buying without an e-mail in Chromium: from /order/pickup-e, paid by card with the address left
// empty; the success page shows the account number and secret once (copy, download), "My
// account" opens signed in, and after signing out the number and secret sign in again.
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const NUMBER = /^[1-9]\d{3} \d{4} \d{4} \d{4}$/
const SECRET = /^[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}$/

/** The page's own texts in a locale (messages/*.json), so every step reads as the buyer reads it. */
async function texts(locale: string) {
  const messages = JSON.parse(await readFile(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, Record<string, string>>
  return { ...messages.Checkout, ...messages.Auth, ...messages.Account, invalidId: messages.Errors!.INVALID_VEILGATE_ID! } as Record<string, string>
}

/** From the variant's picker to a paid order, the e-mail left empty: the success page. */
async function buyWithoutEmail(prefix: string) {
  const page = await newPage(browser)
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
  await page.goto(`${prefix}/order/pickup-e`)
  const next = page.locator('[data-continue]')
  expect(new URL(String(await next.getAttribute('href')), 'http://site').searchParams.get('variant')).toBe('no-email')
  await Promise.all([page.waitForURL((url) => url.pathname === `${prefix}/order/checkout` && url.searchParams.get('variant') === 'no-email'), next.click()])
  await page.locator('input[type="radio"][value="card"]').check()
  await page.locator('input[autocomplete="cc-name"]').fill('Ada Lovelace')
  await page.locator('input[autocomplete="cc-number"]').pressSequentially('4242424242424242')
  await page.locator('input[autocomplete="cc-exp"]').pressSequentially('1234')
  await page.locator('input[autocomplete="cc-csc"]').fill('123')
  await page.locator('input[autocomplete="postal-code"]').fill('10115')
  expect(await page.locator('input[autocomplete="email"]').inputValue()).toBe('')
  await Promise.all([page.waitForURL(/\/payment-success\?hash=[A-Za-z0-9_-]{22}$/, { timeout: 30_000 }), page.locator('[data-pay] button').first().click()])
  return page
}

/** The box of the success page: its number and secret. */
async function shownOnce(page: Page, t: Record<string, string>) {
  const box = page.getByRole('region', { name: t.oneTimeTitle })
  await box.waitFor({ timeout: 30_000 })
  expect(await box.locator('[data-one-time-warning]').textContent()).toBe(t.oneTimeSave)
  const number = String(await box.locator('[data-account-number]').textContent())
  const secret = String(await box.locator('[data-account-secret]').textContent())
  expect(number).toMatch(NUMBER)
  expect(secret).toMatch(SECRET)
  // The page names the account by its number where a receipt would name an address.
  expect(await page.locator('main').textContent()).toContain(t.accountNumberLine!.replace('{number}', number))
  return { box, number, secret }
}

describe('buying without an e-mail', () => {
  it('en: shows the number and secret once, copies and downloads them, opens the account, and signs in with them by keyboard', async () => {
    const t = await texts('en')
    const page = await buyWithoutEmail('')
    const { box, number, secret } = await shownOnce(page, t)
    // Nothing of it is kept in the tab any more: a reload will not show it.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('-account:')))).toEqual([])

    // Copy by keyboard: "Copied" is announced beside the button.
    await box.getByRole('button', { name: t.copySecret }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => box.locator('[data-copy-status]').nth(1).textContent()).toBe('Copied')
    const [download] = await Promise.all([page.waitForEvent('download'), box.getByRole('button', { name: t.downloadText }).click()])
    expect(download.suggestedFilename()).toBe(`veilgate-account-${number.replace(/ /g, '')}.txt`)
    // The browser runs apart from this process: the file is read through its stream.
    const chunks: Buffer[] = []
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array))
    const saved = Buffer.concat(chunks).toString('utf8')
    expect(saved).toContain(`Account number: ${number}`)
    expect(saved).toContain(`Secret: ${secret}`)
    expect(saved).toMatch(/Sign in at https?:\/\/\S+\/sign-in with the account number and the secret\./)
    expect(await axeViolations(page)).toEqual([])

    // "My account" opens signed in, named by the number.
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account'), page.locator('main a[href="/my-account"]').first().click()])
    await page.locator('[data-subscription]').first().waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-account-email]').textContent()).toBe(`Account number: ${number}`)

    // Back on the success page: the order, without the number's secret.
    await page.goBack()
    await page.locator('[data-status]').waitFor()
    expect(await page.locator('[data-one-time-account]').count()).toBe(0)
    expect(await page.locator('main').textContent()).not.toContain(secret)

    await page.goto('/my-account')
    await Promise.all([page.waitForURL((url) => url.pathname === '/sign-in'), page.getByRole('button', { name: 'Sign out' }).click()])

    // A number one digit short: said at the field, nothing sent.
    const field = page.locator('main').getByLabel(t.emailOrNumberLabel!, { exact: true })
    await field.fill(number.slice(0, -1))
    await page.getByLabel('Password', { exact: true }).fill(secret)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText(t.invalidId!).waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await axeViolations(page)).toEqual([])

    // The number without spaces and the secret in lower case, by keyboard.
    await field.fill('')
    await field.focus()
    await page.keyboard.type(number.replace(/ /g, ''))
    await page.keyboard.press('Tab')
    await page.getByLabel('Password', { exact: true }).fill('')
    await page.keyboard.type(secret.toLowerCase())
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account'), page.keyboard.press('Enter')])
    await page.locator('[data-subscription]').first().waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-account-email]').textContent()).toBe(`Account number: ${number}`)
    await page.context().close()
  }, 120_000)

  it('ar: right to left, the box once and the spaced number signing in; de: the box clean', async () => {
    for (const locale of ['ar', 'de']) {
      const t = await texts(locale)
      const page = await buyWithoutEmail(`/${locale}`)
      const { number, secret } = await shownOnce(page, t)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await page.locator('[data-account-number]').getAttribute('dir')).toBe('ltr')
      expect(await axeViolations(page)).toEqual([])
      await page.reload()
      await page.locator('[data-status]').waitFor()
      expect(await page.locator('[data-one-time-account]').count()).toBe(0)
      if (locale === 'ar') {
        await page.evaluate(() => window.localStorage.removeItem('veilgate:auth-token'))
        await page.goto('/ar/sign-in')
        await page.locator('main').getByLabel(t.emailOrNumberLabel!, { exact: true }).fill(number)
        await page.locator('input[autocomplete="current-password"]').fill(secret)
        await Promise.all([page.waitForURL((url) => url.pathname === '/ar/my-account'), page.locator('main form button[type="submit"]').first().click()])
        await page.locator('[data-subscription]').first().waitFor({ timeout: 30_000 })
        expect(await page.locator('[data-account-email]').textContent()).toBe(t.accountNumberIs!.replace('{number}', number))
        expect(await axeViolations(page)).toEqual([])
      }
      await page.context().close()
    }
  }, 180_000)
})
