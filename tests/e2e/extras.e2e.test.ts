// Extras for a subscription in Chromium: "Add extras" on /my-account, priced live in its dialog, paid at checkout, shown in the account.
import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, connectBrowser } from './browser'
import { newAccount, post, signedInPage } from './customers'

let browser: Browser
const password = 'Extras-e2e-Harbour-42'

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A new account that bought the 1-year plan with the sandbox's card (set up through the API): its e-mail and token. */
async function yearlyOwner() {
  const { email, token } = await newAccount('e2e-extras', password)
  const card = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })
  const paid = await post('/api/veilgate/purchase/url-with-email/', { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: card.body.token, country: 'DE', locale: 'en' }, { 'idempotency-key': randomUUID(), 'x-auth-token': token })
  expect(paid.body).toMatchObject({ status: 'paid' })
  return { email, token }
}

const subscription = (page: Page) => page.locator('[data-subscription]').first()
const dialog = (page: Page) => page.locator('dialog[data-modal="add-extras"]')

describe('extras for a subscription', () => {
  it('adds 5 device slots from /my-account by keyboard: priced in the dialog, paid by card at checkout, shown in the account', async () => {
    const { token } = await yearlyOwner()
    const page = await signedInPage(browser, token, '/my-account')
    await subscription(page).waitFor()
    expect(await page.locator('[data-slots]').textContent()).toBe('0 of 10 in use: 10 included, 0 bought.')

    // Open the dialog by keyboard; its code loads then.
    await page.getByRole('button', { name: 'Add extras' }).focus()
    await page.keyboard.press('Enter')
    await dialog(page).waitFor()
    expect(await dialog(page).getByRole('heading').textContent()).toBe('Add extras to 1 year')
    await page.getByRole('radio', { name: '+5' }).focus()
    await page.keyboard.press('Space')
    await dialog(page).locator('[data-extras-total]').waitFor()
    const total = await dialog(page).locator('[data-extras-total]').textContent()
    expect(total).toMatch(/^\$\d+\.\d{2}$/)
    expect(await dialog(page).locator('[data-extras-lines]').textContent()).toContain('5 extra device slots')
    expect(await dialog(page).locator('[data-extras-lines]').textContent()).toContain('Then $29.99 more at each renewal')
    expect(await axeViolations(page)).toEqual([])

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add extras')
    await page.keyboard.press('Enter')
    await dialog(page).locator('[data-extras-total]').waitFor()

    await Promise.all([page.waitForURL((url) => url.pathname === '/order/checkout' && url.searchParams.get('slots') === '5' && Boolean(url.searchParams.get('attachTo'))), dialog(page).getByRole('button', { name: 'Continue to payment' }).click()])
    await page.locator('[data-added-to]').waitFor()
    expect(await page.locator('[data-added-to]').textContent()).toMatch(/^Added to 1 year until .+ \d{4}$/)
    expect(await page.locator('[data-extras-summary] [data-total]').textContent()).toBe(total)
    expect(await page.getByRole('link', { name: 'Change plan' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Have a bonus code?' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel('Credit or debit card').check()
    await page.getByLabel('Name on card').fill('Ada Lovelace')
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByLabel('ZIP or postal code').fill('10115')
    expect(await page.getByRole('button', { name: /^Pay / }).textContent()).toBe(`Pay ${total}`)
    await Promise.all([page.waitForURL(/\/payment-success\?hash=/), page.getByRole('button', { name: /^Pay / }).click()])

    await page.goto('/my-account')
    await subscription(page).waitFor()
    expect(await page.locator('[data-slots]').textContent()).toBe('0 of 15 in use: 10 included, 5 bought.')
    expect(await subscription(page).textContent()).toContain('5 extra device slots')
    expect(await subscription(page).locator('[data-period]').textContent()).toMatch(/ at \$101\.87$/)
    await page.context().close()
  })

  it('prices a static IP in de and ar with the dialog clean; a canceled subscription offers no extras and the endpoint says ended', async () => {
    const owner = await yearlyOwner()
    for (const locale of ['de', 'ar']) {
      const page = await signedInPage(browser, owner.token, `/${locale}/my-account`)
      await subscription(page).waitFor()
      await page.locator('[data-add-extras]').click()
      await dialog(page).waitFor()
      await dialog(page).locator('input[type="radio"][value="ip"]').check()
      await dialog(page).locator('[data-extras-region]').selectOption('nl-amsterdam')
      await dialog(page).locator('[data-extras-total]').waitFor()
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    }

    const page = await signedInPage(browser, owner.token, '/my-account')
    await subscription(page).waitFor()
    const id = Number(await subscription(page).getAttribute('data-subscription'))
    expect(await post(`/api/veilgate/account/subscriptions/${id}/cancel/`, {}, { 'x-auth-token': owner.token })).toMatchObject({ status: 200 })
    await page.reload()
    await subscription(page).locator('[data-status]').filter({ hasText: 'Canceled' }).waitFor()
    expect(await page.locator('[data-add-extras]').count()).toBe(0)
    expect((await post('/api/veilgate/sales/check-upgrade-possibility/', { subscription: id, slots: 5 }, { 'x-auth-token': owner.token })).body).toEqual({ possible: false, reason: 'ended' })
    // Checkout named with it says so, and charges nothing.
    await page.goto(`/order/checkout?attachTo=${id}&slots=5`)
    await page.locator('[data-extras-refused]').waitFor()
    expect(await page.locator('[data-extras-refused]').textContent()).toBe('This subscription has ended: extras can no longer be added.')
    await page.context().close()
  })
})
