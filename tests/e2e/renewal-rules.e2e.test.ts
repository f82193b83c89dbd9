// The auto-renewal rules on /my-account, as a customer meets them: switching renewal off two days
// before the end works, twelve hours before it the switch says why not and the renewal is charged;
// a customer who owns nothing starts the 7-day free trial once. Runs alone: it moves the site's
// sandbox clock.
import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser } from './browser'
import { adminToken, backToRealTime, newAccount, post, signedInPage } from './customers'

let browser: Browser
const password = 'Renewal-rules-Harbour-58'

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  // The clock moved here must not be the next file's start (tests/e2e/sandbox-clock starts from real time).
  await backToRealTime()
  await browser?.close()
})

/** A new account that bought the monthly plan by card: its e-mail and token. */
async function monthlyBuyer() {
  const { email, token } = await newAccount('e2e-renew', password)
  const card = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })
  const paid = await post(
    '/api/veilgate/purchase/url-with-email/',
    { email, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', cardToken: card.body.token, country: 'DE', locale: 'en' },
    { 'idempotency-key': randomUUID(), 'x-auth-token': token },
  )
  expect(paid.body).toMatchObject({ status: 'paid' })
  return { email, token }
}

/** The end of the account's one subscription, as its overview shows it. */
async function periodEnd(token: string): Promise<number> {
  const answer = (await (await fetch(`${baseUrl()}/api/veilgate/account/overview/`, { headers: { 'x-auth-token': token } })).json()) as { subscriptions: { currentPeriodEnd: string }[] }
  return new Date(answer.subscriptions[0]!.currentPeriodEnd).getTime()
}

/** Moves the site's sandbox clock to `at` (admin → Commerce → Sandbox clock does the same). */
async function clockTo(at: number) {
  const moved = await post('/api/payments/sandbox/clock/advance', { to: new Date(at).toISOString() }, { authorization: `JWT ${await adminToken()}` })
  expect(moved.status, JSON.stringify(moved.body)).toBe(200)
}

const renewSwitch = (page: Page) => page.getByRole('switch').first()

describe('the 24-hour rule on /my-account', () => {
  it('lets renewal be switched off two days before the end, and says why not twelve hours before', async () => {
    const early = await monthlyBuyer()
    const late = await monthlyBuyer()
    const end = await periodEnd(late.token)
    await clockTo(end - 2 * 86_400_000)

    const first = await signedInPage(browser, early.token, '/my-account')
    await expect.poll(() => renewSwitch(first).getAttribute('aria-checked')).toBe('true')
    await renewSwitch(first).click()
    await expect.poll(() => renewSwitch(first).getAttribute('aria-checked')).toBe('false')
    await first.context().close()

    await clockTo(end - 12 * 3_600_000)
    for (const [locale, message] of [
      ['', 'Auto-renewal must be turned off at least 24 hours before the period ends.'],
      ['/de', 'Die automatische Verlängerung muss mindestens 24 Stunden vor Ende des Zeitraums ausgeschaltet werden.'],
      ['/ar', 'يجب إيقاف التجديد التلقائي قبل 24 ساعة على الأقل من نهاية الفترة.'],
    ]) {
      const page = await signedInPage(browser, late.token, `${locale}/my-account`)
      await expect.poll(() => renewSwitch(page).getAttribute('aria-checked')).toBe('true')
      await renewSwitch(page).click()
      const note = page.locator('[data-subscription] [data-note]').first()
      await expect.poll(() => note.textContent()).toBe(message)
      expect(await renewSwitch(page).getAttribute('aria-checked')).toBe('true')
      expect(await renewSwitch(page).getAttribute('aria-describedby')).toBe(await note.getAttribute('id'))
      expect(await axeViolations(page), locale).toEqual([])
      await page.context().close()
    }
    // The renewal went ahead: the period's renewal order is paid.
    const orders = (await (await fetch(`${baseUrl()}/api/veilgate/account/orders/`, { headers: { 'x-auth-token': late.token } })).json()) as { status: string }[]
    expect(orders.filter((order) => order.status === 'paid')).toHaveLength(2)
  })
})

describe('the free trial on /my-account', () => {
  it('is offered to a customer who owns nothing, starts once, and is not offered again', async () => {
    for (const [locale, label] of [
      ['', 'Start your 7-day free trial'],
      ['/de', 'Starten Sie Ihre 7-tägige kostenlose Testphase'],
      ['/ar', 'ابدأ فترتك التجريبية المجانية لمدة 7 أيام'],
    ]) {
      const { token } = await newAccount('e2e-trial', password)
      const page = await signedInPage(browser, token, `${locale}/my-account`)
      const start = page.getByRole('button', { name: label })
      await start.waitFor()
      expect(await axeViolations(page), locale).toEqual([])
      await start.focus()
      await page.keyboard.press('Enter')
      await page.locator('[data-subscription]').first().waitFor()
      expect(await page.locator('[data-subscription]').count()).toBe(1)
      expect(await start.count()).toBe(0)
      expect(await axeViolations(page), `${locale} after`).toEqual([])
      // A second start through the API is refused.
      const again = await post('/api/veilgate/sales/trial-accrual/', { plan: 'vpn-trial-7d' }, { 'x-auth-token': token })
      expect(again).toMatchObject({ status: 409, body: { code: 'TRIAL_ALREADY_USED' } })
      await page.context().close()
    }
  })
})
