import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { adminCredentials } from './admin'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A checkout page with the cookie notice already accepted (it would sit over the pay button). */
async function checkoutPage(path: string) {
  const page = await newPage(browser)
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice', 'accepted'))
  await page.goto(path)
  return page
}

/** The card processor's script: the one chunk that knows the tokenizer's address. */
const CARD_SCRIPT_MARK = '/api/payments/sandbox/tokenize'

/** Fills the checkout form by label (the page's own labels, in its language). */
async function fill(page: Page, input: { email?: string; number?: string; expiry?: string; labels?: Record<string, string> }) {
  const label = { email: 'E-mail', card: 'Credit or debit card', name: 'Name on card', number: 'Card number', expiry: 'Expiry date (MM/YY)', cvc: 'Security code (CVC)', postal: 'ZIP or postal code', ...input.labels }
  if (input.email !== undefined) await page.getByLabel(label.email, { exact: true }).fill(input.email)
  await page.getByLabel(label.card).check()
  await page.getByLabel(label.name).fill('Ada Lovelace')
  await page.getByLabel(label.number).pressSequentially(input.number ?? '4242424242424242')
  await page.getByLabel(label.expiry).pressSequentially(input.expiry ?? '1234')
  await page.getByLabel(label.cvc).fill('123')
  await page.getByLabel(label.postal).fill('10115')
}

describe('checkout', () => {
  it('names what is missing by the pay button, and pressing it shows the errors and focuses the first', async () => {
    const page = await checkoutPage('/order/checkout')
    // Indexable, under its address without the selection.
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('index, follow')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl()}/order/checkout`)
    const button = page.getByRole('button', { name: /^Pay / })
    expect(await button.getAttribute('aria-disabled')).toBe('true')
    const hint = page.getByText('Enter your email and select a payment method')
    expect(await hint.isVisible()).toBe(true)
    expect(await button.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'))
    // aria-disabled, yet focusable and pressable: pressing it shows the errors and focuses the first.
    await button.focus()
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email')
    expect(await page.getByText('This field is required').first().isVisible()).toBe(true)
    await page.getByLabel('E-mail', { exact: true }).fill('bad@')
    await page.keyboard.press('Tab')
    expect(await page.getByText('Invalid email').isVisible()).toBe(true)
    await page.getByLabel('Credit or debit card').check()
    expect(await page.getByText('Enter your email and credit card details').isVisible()).toBe(true)
    await page.getByLabel('E-mail', { exact: true }).fill('good@example.com')
    expect(await page.getByText('Enter your credit card details').isVisible()).toBe(true)
    // What was typed comes back after a reload in the same tab (never the card number or code).
    await page.reload()
    await expect.poll(() => page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('good@example.com')
    await page.context().close()
    const optional = await checkoutPage('/order/checkout?variant=no-email')
    await fill(optional, {})
    expect(await optional.getByText('Enter your email (not required)').isVisible()).toBe(true)
    await optional.context().close()
  })

  it('takes WELCOME10 off the total and says a made-up code is invalid', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-1y')
    await expect.poll(() => page.locator('[data-total]').textContent()).toBe('$71.88')
    await page.getByRole('button', { name: 'Have a bonus code?' }).click()
    await page.getByLabel('Bonus code').fill('NOPE-NOPE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'The code' }).textContent()).toBe('The code is invalid! Please check it and try again.')
    expect(await page.getByLabel('Bonus code').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('Bonus code').fill('welcome10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => page.locator('[data-total]').textContent()).toBe('$64.69')
    expect(new URL(page.url()).searchParams.get('bonus')).toBe('WELCOME10')
    expect(await page.getByRole('button', { name: /^Pay / }).textContent()).toBe('Pay $64.69')
    await page.context().close()
  })

  it('loads the card script only on checkout, not in its HTML, and once a card field gets focus', async () => {
    const scriptsOf = async (path: string) => {
      const html = await (await fetch(`${baseUrl()}${path}`)).text()
      const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!)
      return { html, bodies: await Promise.all(sources.map(async (src) => (await fetch(new URL(src, baseUrl()))).text())) }
    }
    for (const path of ['/', '/order/pickup', '/order/checkout']) {
      const { html, bodies } = await scriptsOf(path)
      expect(html, path).not.toContain(CARD_SCRIPT_MARK)
      expect(bodies.some((body) => body.includes(CARD_SCRIPT_MARK)), path).toBe(false)
    }
    const page = await newPage(browser)
    const loaded = new Promise<void>((resolve) => {
      page.on('response', async (response) => {
        if (response.url().endsWith('.js') && (await response.text().catch(() => '')).includes(CARD_SCRIPT_MARK)) resolve()
      })
    })
    await page.goto('/order/checkout')
    await page.getByLabel('Credit or debit card').check()
    await page.getByLabel('Card number').focus()
    await loaded
    await page.context().close()
  })

  it('shows where the buyer stands as steps, with the current one marked', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-1m')
    const current = () => page.getByRole('navigation', { name: 'Checkout steps' }).locator('[aria-current="step"]').textContent()
    expect(await page.getByRole('navigation', { name: 'Checkout steps' }).locator('li').allTextContents()).toEqual(['1Plan', '2E-mail', '3Payment method', '4Card details', '5Done'])
    expect(await current()).toBe('2E-mail')
    await page.getByLabel('E-mail', { exact: true }).fill(`e2e-stages-${randomUUID()}@example.com`)
    expect(await current()).toBe('3Payment method')
    await fill(page, { number: '4000000000000002' })
    expect(await current()).toBe('4Card details')
    await page.getByRole('button', { name: /^Pay / }).click()
    await expect.poll(current, { timeout: 15_000 }).toBe('5Payment failed')
    await page.context().close()
  })

  it('charges again the order a ?hash= names, with its summary and total from that order', async () => {
    const tokenized = await (await fetch(`${baseUrl()}/api/payments/sandbox/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123' }) })).json()
    const email = `e2e-rehash-${randomUUID()}@example.com`
    const declined = await fetch(`${baseUrl()}/api/veilgate/purchase/url-with-email/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ email, receiveMarketingEmails: false, plan: 'vpn-1y', slots: 5, paymentMethod: 'card', cardToken: tokenized.token, country: 'FR', locale: 'en' }),
    })
    const { hash } = (await declined.json()) as { hash: string }
    expect(declined.status).toBe(402)
    const page = await checkoutPage(`/order/checkout?hash=${hash}`)
    await expect.poll(() => page.locator('[data-order-email]').textContent()).toBe(`Your receipt goes to ${email[0]}•••@example.com.`)
    expect(await page.locator('[data-order-summary] dt').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('1 year'), 'Total']))
    const detail = (await (await fetch(`${baseUrl()}/api/veilgate/purchase-detail-by-hash/?hash=${hash}`)).json()) as { total: number }
    expect(await page.locator('[data-total]').textContent()).toBe(`$${(detail.total / 100).toFixed(2)}`)
    expect(await page.getByRole('button', { name: 'Have a bonus code?' }).count()).toBe(0)
    await fill(page, {})
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL(new RegExp(`/payment-success\\?hash=${hash}$`))
    expect(await page.locator('[data-status]').textContent()).toBe('Paid')
    // A paid order's hash leads to its success page; a malformed or unknown one leaves the defaults.
    await page.goto(`/order/checkout?hash=${hash}`)
    await page.waitForURL(/\/payment-success\?hash=/)
    await page.goto('/order/checkout?hash=AAAAAAAAAAAAAAAAAAAAAA')
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'We could not find this order.' }).count()).toBe(1)
    expect(await page.getByLabel('E-mail', { exact: true }).isVisible()).toBe(true)
    await page.context().close()
  })

  it('tells a 503 by the pay button, keeps what was typed, and Pay again sends the same request: one order', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-1m')
    const email = `e2e-outage-${randomUUID()}@example.com`
    const sent: { key: string | null; body: string | null }[] = []
    // The first Pay reaches the server (which makes the order and charges it), but its answer is
    // lost to an outage: the browser gets the 503 a cut database answers.
    await page.route('**/api/veilgate/purchase/url-with-email/', async (route) => {
      sent.push({ key: route.request().headers()['idempotency-key'] ?? null, body: route.request().postData() })
      if (sent.length > 1) return route.continue()
      await route.fetch()
      await route.fulfill({ status: 503, headers: { 'retry-after': '5', 'cache-control': 'no-store' }, json: { statusCode: 503, code: 'SERVER_MAINTENANCE', message: 'Server maintenance. Please, try again later' } })
    })
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await fill(page, {})
    const pay = page.getByRole('button', { name: /^Pay / })
    await pay.click()
    const alert = page.getByRole('alert').filter({ hasText: 'Server maintenance. Please, try again later' })
    await alert.waitFor()
    expect(await pay.getAttribute('aria-describedby')).toContain(await alert.getAttribute('id'))
    // Everything typed is still there, the card included.
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email)
    expect((await page.getByLabel('Card number').inputValue()).replace(/\D/g, '')).toBe('4242424242424242')
    expect(await page.getByLabel('Name on card').inputValue()).toBe('Ada Lovelace')
    expect(await axeViolations(page)).toEqual([])
    await pay.click()
    await page.waitForURL(/\/payment-success\?hash=/)
    expect(await page.locator('[data-status]').textContent()).toBe('Paid')
    // The same key and the same body, card token and all: the server answered what the first made.
    expect(sent).toHaveLength(2)
    expect(sent[1]).toEqual(sent[0])
    expect(sent[0]!.key).toMatch(/\S{16,}/)
    const token = String(((await (await fetch(`${baseUrl()}/cms-api/admins/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(adminCredentials()) })).json()) as { token: string }).token)
    const orders = (await (await fetch(`${baseUrl()}/cms-api/orders?${new URLSearchParams({ 'where[email][equals]': email, depth: '0' })}`, { headers: { authorization: `JWT ${token}` } })).json()) as { docs: { status: string }[] }
    expect(orders.docs.map((order) => order.status)).toEqual(['paid'])
    await page.context().close()
  })

  it('can be bought with the keyboard alone', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-1m')
    const email = `e2e-keys-${randomUUID()}@example.com`
    const focused = () => page.evaluate(() => {
      const element = document.activeElement as HTMLInputElement | null
      return { tag: element?.tagName ?? '', type: element?.getAttribute('type') ?? '', auto: element?.getAttribute('autocomplete') ?? '', text: element?.textContent ?? '' }
    })
    const typed: Record<string, string> = { email, 'cc-name': 'Ada Lovelace', 'cc-number': '4242424242424242', 'cc-exp': '1234', 'cc-csc': '123', 'postal-code': '10115' }
    let paid = false
    for (let step = 0; step < 80 && !paid; step++) {
      await page.keyboard.press('Tab')
      const at = await focused()
      if (at.type === 'radio') await page.keyboard.press('Space')
      else if (at.tag === 'INPUT' && typed[at.auto]) await page.keyboard.type(typed[at.auto]!)
      else if (at.tag === 'BUTTON' && at.text.startsWith('Pay ') && (await page.getByText('Enter your', { exact: false }).count()) === 0) {
        await page.keyboard.press('Enter')
        paid = true
      }
    }
    expect(paid).toBe(true)
    await page.waitForURL(/\/payment-success\?hash=/)
    expect(await page.locator('h1').textContent()).toBe('Thank you for your purchase')
    await page.context().close()
  })

  it('answers hostile queries and other methods without a server error', async () => {
    for (const path of ['/order/checkout?plan=%00&slots=-99999999999', '/order/checkout?hash=%00', '/payment-success?hash=%00', '/de/order/checkout?plan=%27%3Cscript%3E']) {
      const response = await fetch(`${baseUrl()}${path}`)
      expect(response.status, path).toBe(200)
    }
    for (const method of ['POST', 'PUT']) {
      for (const path of ['/order/checkout', '/payment-success?hash=%00']) {
        const response = await fetch(`${baseUrl()}${path}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' })
        expect([200, 405], `${method} ${path}`).toContain(response.status)
      }
    }
    const page = await checkoutPage('/order/checkout?plan=%00&slots=-99999999999')
    await expect.poll(() => page.locator('[data-total]').textContent()).toMatch(/^\$\d+\.\d{2}$/)
    expect(await page.getByRole('button', { name: /^Pay \$/ }).count()).toBe(1)
    await page.context().close()
  })

  // The journey a buyer takes, in English, German and Arabic (right to left): the checkout page's
  // language, direction, hint and axe on the way, and the success page's promises at the end.
  for (const [prefix, lang, dir, labels, texts] of [
    ['', 'en', 'ltr', {}, { checkout: 'Checkout', hint: 'Enter your email and select a payment method', marketing: 'I agree to receive marketing emails', declined: 'Your card was declined.', thanks: 'Thank you for your purchase', paid: 'Paid' }],
    ['/de', 'de', 'ltr', { email: 'E-Mail', card: 'Kredit- oder Debitkarte', name: 'Name auf der Karte', number: 'Kartennummer', expiry: 'Ablaufdatum (MM/JJ)', cvc: 'Sicherheitscode (CVC)', postal: 'Postleitzahl' }, { checkout: 'Kasse', hint: 'Geben Sie Ihre E-Mail ein und wählen Sie eine Zahlungsmethode', marketing: 'Ich möchte Marketing-E-Mails erhalten', declined: 'Ihre Karte wurde abgelehnt.', thanks: 'Vielen Dank für Ihren Kauf', paid: 'Bezahlt' }],
    ['/ar', 'ar', 'rtl', { email: 'البريد الإلكتروني', card: 'بطاقة ائتمان أو خصم', name: 'الاسم على البطاقة', number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (MM/YY)', cvc: 'رمز الأمان (CVC)', postal: 'الرمز البريدي' }, { checkout: 'الدفع', hint: 'أدخل بريدك الإلكتروني واختر طريقة الدفع', marketing: 'أوافق على تلقي رسائل البريد الإلكتروني التسويقية', declined: 'تم رفض بطاقتك.', thanks: 'شكرًا لك على الشراء', paid: 'مدفوع' }],
  ] as const) {
    it(`goes from the home page to a paid order, past a decline, in ${lang} (${dir}) with no axe violations`, async () => {
      const page = await checkoutPage(`${prefix}/`)
      await Promise.all([page.waitForURL(/\/order\/pickup/), page.locator(`main a[href="${prefix}/order/pickup"]`).first().click()])
      await page.locator('input[name="plan"][value="vpn-1y"]').check()
      await page.locator('input[name="slots"][value="5"]').check()
      await page.locator('input[name="extra"][value="ip"]').check()
      await page.locator('select[name="ipRegion"]').selectOption('de-frankfurt')
      await expect.poll(() => new URL(page.url()).search).toBe('?plan=vpn-1y&slots=5&ipRegion=de-frankfurt')
      await Promise.all([page.waitForURL(/\/order\/checkout\?/), page.locator('[data-continue]').click()])
      expect(new URL(page.url()).pathname).toBe(`${prefix}/order/checkout`)
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      expect(await page.locator('h1').textContent()).toBe(texts.checkout)
      expect(await page.getByText(texts.hint).isVisible()).toBe(true)
      expect(await axeViolations(page)).toEqual([])
      await expect.poll(() => page.locator('[data-total]').textContent()).toMatch(/161[.,]75/)
      if (!prefix) expect(await page.locator('[data-total]').textContent()).toBe('$161.75')
      expect(await page.getByLabel(texts.marketing).isChecked()).toBe(true)
      const email = `e2e-journey-${randomUUID()}@example.com`
      await fill(page, { email, number: '4000000000000002', labels })
      expect(await page.getByLabel(labels.number ?? 'Card number').inputValue()).toBe('4000 0000 0000 0002')
      expect(await page.getByLabel(labels.expiry ?? 'Expiry date (MM/YY)').inputValue()).toBe('12/34')
      await page.locator('[data-pay] button').click()
      await expect.poll(() => page.locator('[data-pay] [role="alert"]').textContent(), { timeout: 15_000 }).toBe(texts.declined)
      expect(await page.getByLabel(labels.email ?? 'E-mail', { exact: true }).inputValue()).toBe(email)
      // The card's fields are emptied and the number focused; the rest stays as typed.
      for (const field of [labels.number ?? 'Card number', labels.expiry ?? 'Expiry date (MM/YY)', labels.cvc ?? 'Security code (CVC)']) expect(await page.getByLabel(field).inputValue()).toBe('')
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-number')
      await page.keyboard.type('4242424242424242')
      expect(await page.getByLabel(labels.number ?? 'Card number').inputValue()).toBe('4242 4242 4242 4242')
      await page.getByLabel(labels.expiry ?? 'Expiry date (MM/YY)').pressSequentially('1234')
      await page.getByLabel(labels.cvc ?? 'Security code (CVC)').fill('123')
      if (!prefix) expect(await page.getByRole('button', { name: 'Pay $161.75' }).count()).toBe(1)
      await page.locator('[data-pay] button').click()
      await page.waitForURL(new RegExp(`^${baseUrl()}${prefix}/payment-success\\?hash=[A-Za-z0-9_-]{22}$`), { timeout: 15_000 })
      expect(await page.locator('h1').textContent()).toBe(texts.thanks)
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
      expect(await page.textContent('main')).toContain(`${email[0]}•••@example.com`)
      expect(await page.locator('[data-status]').textContent()).toBe(texts.paid)
      expect(await axeViolations(page)).toEqual([])
      if (!prefix) {
        expect((await fetch(page.url())).headers.get('cache-control')).toMatch(/no-store/)
        const token = String(((await (await fetch(`${baseUrl()}/cms-api/admins/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(adminCredentials()) })).json()) as { token: string }).token)
        const sent = async () => {
          const query = new URLSearchParams({ 'where[to][equals]': email, depth: '0' })
          const answer = (await (await fetch(`${baseUrl()}/cms-api/outbox?${query}`, { headers: { authorization: `JWT ${token}` } })).json()) as { docs: { template: string }[] }
          return answer.docs.map((doc) => doc.template).sort()
        }
        await expect.poll(sent, { timeout: 20_000 }).toEqual(['confirm-address', 'receipt'])
      }
      await page.context().close()
    })
  }

  it('says when a free trial ends', async () => {
    const page = await checkoutPage('/order/checkout?plan=vpn-trial-1m')
    await expect.poll(() => page.locator('[data-trial]').textContent()).toMatch(/^Free trial until [A-Z][a-z]+ \d{1,2}, \d{4}$/)
    await page.context().close()
  })
})
