// Checkout under PAYMENTS_PROVIDER=stripe in Chromium: a second instance of the site against the Stripe stand-in, Stripe.js replaced by a stub in the test, the Payment Element making PaymentMethods; its policy sources on checkout only.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { startInstance, type Instance } from './instance'
import { stripeStub } from './stripe-stub'

let browser: Browser
let stripe: FakeStripe
let site: Instance

const PUBLISHABLE = 'pk_test_e2e0123456789'

beforeAll(async () => {
  browser = await connectBrowser()
  stripe = await startFakeStripe()
  site = await startInstance({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_e2e0123456789',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE,
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e0123456789',
    STRIPE_API_URL: stripe.url,
  })
}, 200_000)

afterAll(async () => {
  await site?.stop()
  await stripe?.close()
  await browser?.close()
})

type Texts = Record<string, string>
const messages = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as { Checkout: Texts; Errors: Texts }

/** A page of the Stripe instance whose requests to Stripe's hosts are recorded, and Stripe.js answered by the stub. */
async function stripePage(): Promise<{ page: Page; stripeRequests: string[] }> {
  const page = await newPage(browser)
  const stripeRequests: string[] = []
  await page.context().route(/^https:\/\/([a-z0-9-]+\.)*stripe\.com\//, async (route) => {
    stripeRequests.push(route.request().url())
    if (/^https:\/\/js\.stripe\.com\/endive\/stripe\.js/.test(route.request().url())) return route.fulfill({ contentType: 'application/javascript', body: stripeStub })
    // Stripe.js's own API calls (the stub's confirmPayment) reach the stand-in.
    if (route.request().url().startsWith('https://api.stripe.com/')) {
      const answer = await route.fetch({ url: `${stripe.url}${new URL(route.request().url()).pathname}` })
      return route.fulfill({ response: answer, headers: { ...answer.headers(), 'access-control-allow-origin': '*' } })
    }
    return route.abort()
  })
  return { page, stripeRequests }
}

async function startCheckout(page: Page, locale: string, plan = 'vpn-1y') {
  const t = messages(locale).Checkout
  const prefix = locale === 'en' ? '' : `/${locale}`
  await page.goto(`${site.baseUrl}${prefix}/order/checkout?plan=${plan}`)
  await page.locator('section[data-cookie-notice] button').first().click()
  await page.getByLabel(t.emailLabel!, { exact: true }).fill(`e2e-stripe-${randomUUID()}@example.com`)
  await page.getByLabel(t.methodCard!, { exact: true }).check()
  await page.getByLabel(t.cardName!, { exact: true }).fill('Ada Lovelace')
  await page.getByLabel(t.postalCode!, { exact: true }).fill('10115')
  return { t, prefix }
}

const payButton = (page: Page, t: Texts) => page.getByRole('button', { name: new RegExp(`^${t.pay!.replace('{total}', '.*')}$`) })

async function typeCard(page: Page, number: string) {
  const input = page.locator('[data-stripe-card] [data-stub-card]')
  await input.waitFor({ timeout: 20_000 })
  await input.fill('')
  await input.pressSequentially(number)
}

describe('checkout with Stripe', () => {
  it('the Payment Element makes a PaymentMethod that pays a one-off plan; a decline keeps the card, and paying again makes a new PaymentMethod for the same order', async () => {
    const { page } = await stripePage()
    const { t } = await startCheckout(page, 'en', 'vpn-lifetime')
    // Our number, expiry and CVC fields give way to Stripe's Element, in deferred mode for the order's total.
    await typeCard(page, '4000000000000002')
    expect(await page.getByLabel(t.cardNumber!, { exact: true }).count()).toBe(0)
    const options = (await page.evaluate(() => (window as unknown as { __stripe: { keys: string[]; elements: Record<string, unknown>[]; created: { type: string; options: Record<string, unknown> }[] } }).__stripe))
    expect(options.keys).toEqual([PUBLISHABLE])
    expect(options.elements[0]).toMatchObject({ mode: 'payment', currency: 'usd', paymentMethodCreation: 'manual', locale: 'en', amount: expect.any(Number) })
    expect(options.created[0]).toEqual({ type: 'payment', options: { wallets: { applePay: 'never', googlePay: 'never' }, fields: { billingDetails: 'never' } } })
    expect(await axeViolations(page)).toEqual([])

    await payButton(page, t).click()
    await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent(), { timeout: 20_000 }).toBe(messages('en').Errors.CARD_DECLINED)
    const declined = [...stripe.intents.values()].at(-1)!
    expect(declined.metadata).toMatchObject({ attempt: '1', attemptKey: expect.stringMatching(/^order:\d+:attempt:1$/) })
    // The Element still holds the card: another card typed over it, Pay, a new PaymentMethod on the same order.
    await typeCard(page, '4242424242424242')
    await payButton(page, t).click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe(t.statusPaid)
    const paid = [...stripe.intents.values()].at(-1)!
    expect(paid.metadata).toMatchObject({ orderHash: new URL(page.url()).searchParams.get('hash'), attempt: '2' })
    const methods = stripe.requests.filter((request) => request.path === '/v1/payment_intents' && request.method === 'POST').slice(-2).map((request) => request.form.get('payment_method'))
    expect(methods[0]).toMatch(/^pm_card_chargeDeclined__/)
    expect(methods[1]).toMatch(/^pm_card_visa__/)
    await page.context().close()
  })

  it('buys the yearly plan as a Stripe subscription: its first invoice confirmed in the page, a decline there paid again on the same order and subscription', async () => {
    const { page } = await stripePage()
    const { t } = await startCheckout(page, 'de')
    await typeCard(page, '4000000000000341')
    await payButton(page, t).click()
    await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent(), { timeout: 20_000 }).toBe(messages('de').Errors.CARD_DECLINED)
    const first = (await page.evaluate(() => (window as unknown as { __stripe: { confirmed: Record<string, string>[] } }).__stripe.confirmed))[0]!
    const hash = /hash=([A-Za-z0-9_-]{22})/.exec(first.returnUrl!)?.[1]
    expect(first).toEqual({ clientSecret: expect.stringMatching(/^pi_fake_\d+_secret_/), paymentMethod: expect.stringMatching(/^pm_card_chargeCustomerFail__/), returnUrl: `${site.baseUrl}/de/payment-success?hash=${hash}`, redirect: 'if_required' })
    // The Element still holds the card: another typed over it pays the same order, confirming the same invoice.
    await typeCard(page, '4242424242424242')
    await payButton(page, t).click()
    await page.waitForURL(new RegExp(`/de/payment-success\\?hash=${hash}`), { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe(t.statusPaid)
    const subscriptions = [...stripe.subscriptions.values()].filter((subscription) => subscription.metadata.orderHash === hash)
    expect(subscriptions.map((subscription) => subscription.status)).toEqual(['active'])
    const intent = first.clientSecret!.replace(/_secret_.*$/, '')
    expect(stripe.requests.filter((request) => request.path === `/v1/payment_intents/${intent}/confirm`).map((request) => request.form.get('payment_method'))).toEqual([
      expect.stringMatching(/^pm_card_chargeCustomerFail__/),
      expect.stringMatching(/^pm_card_visa__/),
    ])
    await page.context().close()
  })

  it('starts the 7-day trial as a trialing Stripe subscription, the card saved through confirmSetup, nothing charged', async () => {
    const { page } = await stripePage()
    const { t } = await startCheckout(page, 'en', 'vpn-trial-7d')
    await typeCard(page, '4242424242424242')
    // Nothing is due now: the Element saves the card instead of charging it.
    expect(await page.evaluate(() => (window as unknown as { __stripe: { elements: { mode: string }[] } }).__stripe.elements[0]!.mode)).toBe('setup')
    const charges = () => stripe.requests.filter((request) => request.path === '/v1/payment_intents' || /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(request.path)).length
    const chargesBefore = charges()
    await payButton(page, t).click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    const hash = new URL(page.url()).searchParams.get('hash')
    const [subscription] = [...stripe.subscriptions.values()].filter((candidate) => candidate.metadata.orderHash === hash)
    expect(subscription).toMatchObject({ status: 'trialing', pending_setup_intent: null })
    expect(stripe.requests.filter((request) => /^\/v1\/setup_intents\/seti_fake_\d+\/confirm$/.test(request.path) && request.form.get('payment_method')?.startsWith('pm_card_visa__'))).toHaveLength(1)
    expect(charges()).toBe(chargesBefore)
    const step = (await (await fetch(`${site.baseUrl}/api/veilgate/purchase/url/?hash=${hash}`)).json()) as { status: string }
    expect(step.status).toBe('paid')
    await page.context().close()
  })

  it('sends our name and address with the PaymentMethod, in de and ar without axe violations', async () => {
    for (const locale of ['de', 'ar']) {
      const { page } = await stripePage()
      const { t, prefix } = await startCheckout(page, locale)
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      await typeCard(page, '4242424242424242')
      expect(await page.evaluate(() => (window as unknown as { __stripe: { elements: { locale: string }[] } }).__stripe.elements[0]!.locale)).toBe(locale)
      expect(await axeViolations(page)).toEqual([])
      await payButton(page, t).click()
      await page.waitForURL(new RegExp(`${prefix}/payment-success\\?hash=`), { timeout: 20_000 })
      const billing = JSON.parse((await page.evaluate(() => sessionStorage.getItem('stripe-stub-billing'))) ?? 'null') as unknown
      expect(billing).toMatchObject({ name: 'Ada Lovelace', email: expect.stringMatching(/^e2e-stripe-/), address: { country: expect.stringMatching(/^[A-Z]{2}$/), postal_code: '10115' } })
      await page.context().close()
    }
  })

  it('pays by Google Pay through Stripe’s Express Checkout Element: its button in place of Pay, shut until the fields are right, a decline told on the sheet and the page, then paid on the same order', async () => {
    const { page } = await stripePage()
    await page.addInitScript(() => {
      ;(window as unknown as { __stripeWallets: unknown }).__stripeWallets = { googlePay: true }
    })
    const t = messages('en').Checkout
    await page.goto(`${site.baseUrl}/order/checkout?plan=vpn-1y`)
    await page.locator('section[data-cookie-notice] button').first().click()
    await page.getByLabel('Google Pay', { exact: true }).check()
    const wallet = page.locator('[data-stripe-express] [data-stub-wallet="googlePay"]')
    await wallet.waitFor({ timeout: 20_000 })
    expect(await payButton(page, t).count()).toBe(0)
    const stub = () => page.evaluate(() => (window as unknown as { __stripe: { created: { type: string; options: unknown }[]; clicks: string[]; failed: unknown[] } }).__stripe)
    expect((await stub()).created).toEqual([
      {
        type: 'expressCheckout',
        options: { paymentMethods: { applePay: 'never', googlePay: 'auto', link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' }, buttonType: { applePay: 'buy', googlePay: 'buy' }, buttonHeight: 48 },
      },
    ])
    expect(await axeViolations(page)).toEqual([])

    // No e-mail yet: the wallet's sheet stays shut and the e-mail field, focused, says why.
    const intents = () => stripe.requests.filter((request) => request.path === '/v1/payment_intents').length
    const intentsBefore = intents()
    await wallet.click()
    expect((await stub()).clicks).toEqual(['rejected'])
    const emailField = page.getByLabel(t.emailLabel!, { exact: true })
    await expect.poll(() => emailField.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await page.getByText(t.required!, { exact: true }).count()).toBeGreaterThan(0)
    expect(intents()).toBe(intentsBefore)

    await emailField.fill(`e2e-stripe-wallet-${randomUUID()}@example.com`)
    await page.evaluate(() => {
      ;(window as unknown as { __stripeWalletCard: string }).__stripeWalletCard = 'pm_card_chargeDeclined'
    })
    await wallet.click()
    const declined = messages('en').Errors.CARD_DECLINED
    await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent(), { timeout: 20_000 }).toBe(declined)
    expect((await stub()).failed).toEqual([{ reason: 'fail', message: declined }])

    await page.evaluate(() => {
      ;(window as unknown as { __stripeWalletCard: string }).__stripeWalletCard = 'pm_card_visa'
    })
    await wallet.click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-status]').textContent(), { timeout: 30_000 }).toBe(t.statusPaid)
    const posted = stripe.requests.filter((request) => request.path === '/v1/payment_intents' && request.method === 'POST').slice(-2)
    expect(posted.map((request) => request.form.get('payment_method'))).toEqual([expect.stringMatching(/^pm_card_chargeDeclined__/), expect.stringMatching(/^pm_card_visa__/)])
    const paid = [...stripe.intents.values()].at(-1)!
    expect(paid.metadata).toMatchObject({ orderHash: new URL(page.url()).searchParams.get('hash'), attempt: '2' })
    await page.context().close()
  })

  it('tells Apple Pay is not on this device where Stripe offers no Apple Pay button, even with ApplePaySession present, and Pay comes back', async () => {
    const { page } = await stripePage()
    await page.addInitScript(() => {
      ;(window as unknown as { ApplePaySession: unknown }).ApplePaySession = { canMakePayments: () => true }
      ;(window as unknown as { __stripeWallets: unknown }).__stripeWallets = { googlePay: true }
    })
    const t = messages('en').Checkout
    await page.goto(`${site.baseUrl}/order/checkout?plan=vpn-1y`)
    await page.locator('section[data-cookie-notice] button').first().click()
    await page.getByLabel('Apple Pay', { exact: true }).check()
    await expect.poll(() => page.locator('[data-wallet-unavailable]').textContent(), { timeout: 20_000 }).toBe(t.walletApple)
    expect(await page.locator('[data-stripe-express]').count()).toBe(0)
    expect(await payButton(page, t).count()).toBe(1)
    await page.context().close()
  })

  it('puts Stripe’s sources in the policy of checkout only, and nothing of Stripe is requested elsewhere or under the sandbox', async () => {
    const checkout = await fetch(`${site.baseUrl}/order/checkout?plan=vpn-1y`)
    await checkout.arrayBuffer()
    const policy = checkout.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com/)
    expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com/)
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/)
    expect(checkout.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")')
    for (const url of [`${site.baseUrl}/`, `${site.baseUrl}/order/pickup`, `${baseUrl()}/order/checkout?plan=vpn-1y`]) {
      const response = await fetch(url)
      await response.arrayBuffer()
      expect(response.headers.get('content-security-policy'), url).not.toContain('stripe.com')
      expect(response.headers.get('permissions-policy'), url).toBe('camera=(), microphone=(), geolocation=(), payment=(self)')
    }
    // In a browser: the Stripe instance's home page, and the sandbox's checkout with a card, ask Stripe for nothing.
    const { page, stripeRequests } = await stripePage()
    await page.goto(`${site.baseUrl}/`)
    await page.locator('section[data-cookie-notice] button').first().click()
    // The sandbox's checkout, paid by card to the end: its tokenizer, never Stripe.js.
    await page.goto(`${baseUrl()}/order/checkout?plan=vpn-1y`)
    await page.getByLabel('E-mail', { exact: true }).fill(`e2e-stripe-sandbox-${randomUUID()}@example.com`)
    await page.getByLabel('Credit or debit card', { exact: true }).check()
    await page.getByLabel('Name on card').fill('Ada Lovelace')
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByLabel('ZIP or postal code').fill('10115')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL(/\/payment-success\?hash=/, { timeout: 20_000 })
    expect(stripeRequests).toEqual([])
    await page.context().close()
  })

  it('the account’s auto-renewal switch on a Stripe subscription changes Stripe first, and says so when Stripe cannot be reached', async () => {
    // A yearly plan bought through the API with an account (signed in after buying), its first invoice confirmed.
    const email = `e2e-stripe-switch-${randomUUID()}@example.com`
    const bought = await fetch(`${site.baseUrl}/api/veilgate/purchase/url-with-email/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-switch-${randomUUID()}` },
      body: JSON.stringify({ email, password: 'Switch-e2e-Lantern-58', terms: true, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: `pm_card_visa__${randomUUID().slice(0, 8)}`, country: 'DE', locale: 'en' }),
    })
    const started = (await bought.json()) as { hash: string; clientSecret: string; token: string }
    expect(stripe.confirm(started.clientSecret).status).toBe(200)
    await expect.poll(async () => ((await (await fetch(`${site.baseUrl}/api/veilgate/purchase/url/?hash=${started.hash}`)).json()) as { status: string }).status, { timeout: 20_000 }).toBe('paid')
    const billed = [...stripe.subscriptions.values()].find((subscription) => subscription.metadata.orderHash === started.hash)!

    const page = await newPage(browser)
    await page.addInitScript((token) => {
      window.localStorage.setItem('cookie-notice', 'accepted')
      window.localStorage.setItem('veilgate:auth-token', token)
    }, started.token)
    await page.goto(`${site.baseUrl}/my-account`)
    const card = page.locator('[data-subscription]').first()
    const toggle = card.getByRole('switch', { name: 'Automatic renewal' })
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 30_000 }).toBe('true')
    await toggle.click()
    await expect.poll(() => card.locator('[data-note]').textContent(), { timeout: 20_000 }).toBe('Automatic renewal is off.')
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    expect(billed.cancel_at_period_end).toBe(true)

    // Stripe out of reach: the switch stays as it was and says why.
    stripe.down = true
    try {
      await toggle.click()
      await expect.poll(() => card.locator('[data-note]').textContent(), { timeout: 30_000 }).toBe(messages('en').Errors.SERVER_MAINTENANCE)
      expect(await toggle.getAttribute('aria-checked')).toBe('false')
      expect(billed.cancel_at_period_end).toBe(true)
    } finally {
      stripe.down = false
    }
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })
})
