import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser } from './browser'
import { adminToken, newAccount, signedInPage as openSignedIn, post } from './customers'

let browser: Browser
const password = 'Account-area-Lantern-73'

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A new account, signed in through the API: its e-mail and token. */
const account = () => newAccount('e2e-account', password)

/** The 1-year plan with 5 extra slots and a static IP in Frankfurt, paid with the sandbox's card. */
async function buy(email: string, token: string) {
  const card = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })
  const paid = await post('/api/veilgate/purchase/url-with-email/', { email, receiveMarketingEmails: false, plan: 'vpn-1y', slots: 5, ipRegion: 'de-frankfurt', paymentMethod: 'card', cardToken: card.body.token, country: 'DE', locale: 'en' }, { 'idempotency-key': randomUUID(), 'x-auth-token': token })
  expect(paid.body).toMatchObject({ status: 'paid' })
}

/** A new gift code for the 1-year plan with 5 device slots, made by an admin over /cms-api. */
async function giftCode(): Promise<string> {
  const auth = { authorization: `JWT ${await adminToken()}` }
  const idOf = async (collection: string, purchaseId: string) => {
    const found = await fetch(`${baseUrl()}/cms-api/${collection}?${new URLSearchParams({ 'where[purchaseId][equals]': purchaseId, depth: '0' })}`, { headers: auth })
    return ((await found.json()) as { docs: { id: number }[] }).docs[0]!.id
  }
  const created = await post('/cms-api/gift-codes', { plan: await idOf('price-plans', 'vpn-1y'), addOns: [await idOf('add-ons', 'slots-5-1y')], origin: 'promotion' }, auth)
  expect(created.status).toBe(201)
  return String((created.body.doc as { code: string }).code)
}

const signedInPage = (token: string | null, path: string) => openSignedIn(browser, token, path)

const subscription = (page: Page) => page.locator('[data-subscription]').first()

describe('/my-account', () => {
  it('sends a visitor without a session to sign-in and back, then shows the e-mail and an empty state', async () => {
    const { email } = await account()
    const page = await signedInPage(null, '/my-account')
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/my-account')
    await page.locator('main').getByLabel('E-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account'), page.getByRole('button', { name: 'Sign in', exact: true }).click()])
    await expect.poll(() => page.locator('[data-account-email]').textContent()).toBe(email)
    expect(await page.locator('h1').textContent()).toContain(email)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    await page.locator('[data-account-empty]').waitFor()
    expect(await page.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/order/pickup')
    expect(await axeViolations(page)).toEqual([])
    // Sign out ends the session: the page then sends the visitor to sign-in again.
    await Promise.all([page.waitForURL((url) => url.pathname === '/sign-in'), page.getByRole('button', { name: 'Sign out' }).click()])
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:auth-token'))).toBeNull()
    await page.goto('/my-account')
    await page.waitForURL((url) => url.pathname === '/sign-in')
    await page.context().close()
  })

  it('shows what a purchase brought, switches renewal off and on, and cancels through a dialog, by keyboard alone', async () => {
    const { email, token } = await account()
    await buy(email, token)
    const page = await signedInPage(token, '/my-account')
    await subscription(page).waitFor()
    expect(await subscription(page).locator('h3').textContent()).toMatch(/year/i)
    expect(await subscription(page).locator('[data-status]').textContent()).toBe('Active')
    expect(await subscription(page).textContent()).toContain('Visa •••• 4242')
    expect(await subscription(page).locator('[data-period]').textContent()).toMatch(/^Renews on .+ at \$161\.75$/)
    expect(await page.locator('[data-slots]').textContent()).toBe('0 of 15 in use: 10 included, 5 bought.')
    expect(await page.locator('[data-service="static-ip"]').textContent()).toBe('Static IP · Frankfurt, Germany')
    expect(await axeViolations(page)).toEqual([])

    const toggle = page.getByRole('switch', { name: 'Automatic renewal' })
    expect(await toggle.getAttribute('aria-checked')).toBe('true')
    await toggle.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false')
    await expect.poll(() => subscription(page).locator('[data-note]').textContent()).toBe('Automatic renewal is off.')
    expect(await subscription(page).locator('[data-period]').textContent()).toMatch(/^Active until /)
    await page.keyboard.press('Enter')
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
    await expect.poll(() => subscription(page).locator('[data-note]').textContent()).toBe('Automatic renewal is on.')

    // Cancel asks first; Escape closes the dialog and the focus comes back.
    const cancel = page.getByRole('button', { name: 'Cancel subscription' })
    await cancel.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Cancel this subscription?' })
    await dialog.waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep my subscription')
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel subscription')
    expect(await subscription(page).locator('[data-status]').textContent()).toBe('Active')
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => subscription(page).locator('[data-status]').textContent()).toBe('Canceled')
    expect(await subscription(page).locator('[data-period]').textContent()).toMatch(/^Active until /)
    expect(await toggle.isDisabled()).toBe(true)
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    // After a reload too: what is shown is what is stored.
    await page.reload()
    await expect.poll(() => subscription(page).locator('[data-status]').textContent()).toBe('Canceled')
    expect(await subscription(page).locator('[data-note]').textContent()).toBe('This subscription is canceled or has ended.')

    // Orders and the receipt, which prints without the page's navigation.
    await Promise.all([page.waitForURL((url) => url.pathname === '/my-account/orders'), page.getByRole('link', { name: 'Orders and receipts' }).click()])
    const row = page.locator('[data-order]').first()
    await row.waitFor()
    expect(await page.locator('[data-order]').count()).toBe(1)
    expect(await row.textContent()).toContain('$161.75')
    expect(await row.textContent()).toContain('Visa •••• 4242')
    expect(await row.textContent()).toContain('Paid')
    expect(await axeViolations(page)).toEqual([])
    const hash = String(await row.getAttribute('data-order'))
    await Promise.all([page.waitForURL((url) => url.pathname === `/my-account/orders/${hash}`), row.getByRole('link', { name: 'Receipt' }).click()])
    await page.locator('[data-receipt]').waitFor()
    expect(await page.locator('[data-receipt]').textContent()).toContain('Veilgate · support@veilgate.com')
    expect(await page.locator('[data-receipt]').textContent()).toContain(hash)
    expect(await page.locator('[data-receipt-total]').textContent()).toBe('$161.75')
    expect(await page.getByText('No tax was charged.').isVisible()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
    expect(await page.getByRole('link', { name: 'Back to my account' }).isVisible()).toBe(false)
    expect(await page.locator('[data-receipt-total]').isVisible()).toBe(true)
    await page.context().close()
  })

  it('keeps one customer’s receipt from another', async () => {
    const first = await account()
    await buy(first.email, first.token)
    const hash = ((await (await fetch(`${baseUrl()}/api/veilgate/account/orders/`, { headers: { 'x-auth-token': first.token } })).json()) as { hash: string }[])[0]!.hash
    const other = await account()
    const page = await signedInPage(other.token, `/my-account/orders/${hash}`)
    await page.getByText('We could not find this order.').waitFor()
    expect(await page.locator('[data-receipt]').count()).toBe(0)
    await page.goto('/my-account/orders')
    await page.locator('[data-orders-empty]').waitFor()
    await page.context().close()
  })

  it('previews a gift code as it is typed, redeems it by keyboard into a subscription, and refuses it the second time', async () => {
    const { token } = await account()
    const code = await giftCode()
    const page = await signedInPage(token, '/my-account')
    await page.locator('[data-account-empty]').waitFor()
    const field = page.getByLabel('Gift or bonus code', { exact: true })
    await field.fill(code.toLowerCase())
    await expect.poll(() => page.locator('[data-redeem-preview]').textContent()).toMatch(/^This code gives you 1 year and .*5.*\.$/)
    expect(await page.locator('[data-subscription]').count()).toBe(0)
    await field.press('Enter')
    await expect.poll(() => page.locator('[data-redeem-done]').textContent()).toMatch(/^Redeemed: 1 year and .*5.*\. Your subscription now runs until .+\.$/)
    // The account is read again: the gift is a subscription now, paid by "Gift code".
    await subscription(page).waitFor()
    expect(await subscription(page).textContent()).toContain('Gift code')
    expect(await field.inputValue()).toBe('')

    // The same code again: the preview and the answer both say it is used.
    await field.fill(code)
    const invalid = 'The code is invalid! Please check it and try again.'
    await expect.poll(() => page.locator('[data-redeem-preview]').textContent()).toBe(invalid)
    await page.getByRole('button', { name: 'Redeem', exact: true }).click()
    await expect.poll(() => page.locator('[data-redeem-error]').textContent()).toBe(invalid)
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true)
    const describedBy = (await field.getAttribute('aria-describedby')) ?? ''
    expect(await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent()).toBe(invalid)
    expect(await field.inputValue()).toBe(code)
    expect(await page.locator('[data-subscription]').count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  for (const [locale, dir] of [
    ['de', 'ltr'],
    ['ar', 'rtl'],
  ] as const) {
    it(`/${locale}/my-account works the same, ${dir}, axe clean`, async () => {
      const { email, token } = await account()
      await buy(email, token)
      const page = await signedInPage(token, `/${locale}/my-account`)
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, dir])
      await subscription(page).waitFor()
      await expect.poll(() => page.locator('[data-account-email]').textContent()).toBe(email)
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('switch').click()
      await expect.poll(() => page.getByRole('switch').getAttribute('aria-checked')).toBe('false')
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    })
  }
})
