// The newsletter form in Chromium: in the footer and the /blog block, with the human check solved
// by itself, the spec's states, one request per press and the result modal (focus, Escape, axe).
import { randomUUID } from 'node:crypto'
import type { Browser, Locator, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'
import { outboxText } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const address = (label: string) => `e2e-nl-${label}-${randomUUID().slice(0, 8)}@example.com`

/** Opens a page as a visitor does: the cookie notice answered, every subscribe request counted. */
async function visit(path: string): Promise<{ page: Page; sent: Request[] }> {
  const page = await newPage(browser)
  const sent: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/coms/subscribe/') sent.push(request)
  })
  await page.goto(path)
  await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
  await page.locator('section[data-cookie-notice]').waitFor({ state: 'detached' })
  return { page, sent }
}

const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((element) => element === document.activeElement)

/**
 * Presses Enter in `field` and waits until the page has handled the form's submit event (a listener
 * on window runs after React's own, which sits on the root).
 */
async function submitHandled(page: Page, field: Locator) {
  await page.evaluate(() => {
    const handled = new Promise((resolve) => window.addEventListener('submit', resolve, { once: true }))
    Object.assign(window, { submitHandled: handled.then(() => true) })
  })
  await field.press('Enter')
  expect(await page.evaluate(() => (window as unknown as { submitHandled: Promise<boolean> }).submitHandled)).toBe(true)
}

/**
 * Nothing reached the API so far. No wait for a request that might come late: every later step of
 * the test counts the requests exactly (one after the double press, two after the next address),
 * so a late one fails the test there.
 */
function nothingSent(sent: Request[], before: number) {
  expect(sent.length).toBe(before)
}

describe('the newsletter form', () => {
  it('is in the footer HTML of /, /de and /ar with its label, consent and button, and absent where the footer is', async () => {
    for (const [path, lang, dir, label, button] of [
      ['/', 'en', 'ltr', 'E-mail', 'Subscribe'],
      ['/de', 'de', 'ltr', 'E-Mail', 'Abonnieren'],
      ['/ar', 'ar', 'rtl', 'البريد الإلكتروني', 'اشترك'],
    ] as const) {
      const page = await newPage(browser, { javaScriptEnabled: false })
      await page.goto(path, { waitUntil: 'domcontentloaded' })
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      const form = page.locator('footer form[data-newsletter-form="footer"]')
      expect(await form.count()).toBe(1)
      const input = form.getByLabel(label, { exact: true })
      expect(await input.getAttribute('type')).toBe('email')
      expect(await input.getAttribute('name')).toBe('email')
      expect(await input.getAttribute('autocomplete')).toBe('email')
      expect(await form.locator('label').first().isVisible()).toBe(true)
      expect(await form.getByRole('button', { name: button }).getAttribute('type')).toBe('submit')
      const consent = await page.locator(`[id="${(await input.getAttribute('aria-describedby'))!}"]`).textContent()
      expect(consent).toContain('Veilgate')
      await page.context().close()
    }
    const pickup = await (await fetch(`${baseUrl()}/order/pickup`)).text()
    expect(pickup).not.toContain('data-newsletter-form')
  }, 120_000)

  it('in the footer: empty does nothing, bad@ is refused in place, a double press sends one request, the modal confirms and gives the focus back', async () => {
    const { page, sent } = await visit('/')
    const form = page.locator('footer form[data-newsletter-form="footer"]')
    const field = form.getByLabel('E-mail', { exact: true })
    const submit = form.getByRole('button', { name: 'Subscribe' })
    // The first focus starts the human check; an empty field sends nothing and opens nothing.
    await field.focus()
    await page.locator('footer altcha-widget').waitFor({ state: 'attached' })
    await submitHandled(page, field)
    nothingSent(sent, 0)
    expect(await page.locator('dialog[open]').count()).toBe(0)

    await field.fill('bad@')
    await field.press('Enter')
    const error = form.getByText('The "E-mail" field must contain a valid email address.')
    await error.waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await field.getAttribute('aria-describedby')).toContain(String(await error.getAttribute('id')))
    expect(await isFocused(page, 'footer form input[name="email"]')).toBe(true)
    expect(await field.inputValue()).toBe('bad@')
    nothingSent(sent, 0)

    // A real address, pressed twice: one request, then the modal.
    const email = address('footer')
    await field.fill(email.toUpperCase())
    expect(await field.getAttribute('aria-invalid')).toBeNull()
    await submit.dblclick()
    const modal = page.getByRole('dialog', { name: 'Almost done' })
    await modal.waitFor()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.postDataJSON()).toMatchObject({ username: email, version: 'altcha', source: 'vpn-site', type: 'common', locale: 'en' })
    expect(await modal.textContent()).toContain(`Check your inbox to confirm your subscription. We sent a link to \u2068${email}\u2069.`)
    expect(await field.inputValue()).toBe('')
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await modal.waitFor({ state: 'hidden' })
    expect(await isFocused(page, 'footer form input[name="email"]')).toBe(true)
    nothingSent(sent, 1)

    // The e-mail waits in the outbox; once confirmed, the same address is told it exists.
    const text = await outboxText(email, 'newsletter-confirm')
    const confirmPath = /https?:\/\/[^/\s]+(\/newsletter\/confirm\?token=[A-Za-z0-9_.-]+)/.exec(text)![1]!
    const confirm = await newPage(browser, { javaScriptEnabled: false })
    await confirm.goto(confirmPath, { waitUntil: 'domcontentloaded' })
    await Promise.all([confirm.waitForURL(/\/newsletter\/confirm\?done=1$/, { waitUntil: 'domcontentloaded' }), confirm.getByRole('button', { name: 'Confirm my subscription' }).click()])
    await confirm.context().close()

    await field.fill(email)
    await submit.press('Enter')
    const refused = page.getByRole('alertdialog', { name: 'Subscription failed' })
    await refused.waitFor()
    expect(sent).toHaveLength(2)
    expect(await refused.textContent()).toContain(`Subscription on \u2068${email}\u2069 already exists.`)
    // The site's general error modal: the message, and support by e-mail (no SUPPORT_CHAT_URL here).
    expect(await refused.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('mailto:support@veilgate.com')
    expect(await axeViolations(page)).toEqual([])
    expect(await field.inputValue()).toBe('')
    await refused.getByRole('button', { name: 'Close' }).click()
    await refused.waitFor({ state: 'hidden' })
    expect(await isFocused(page, 'footer form input[name="email"]')).toBe(true)
    await page.context().close()
  }, 120_000)

  it('in the /blog block the same way, and a failed human check keeps the address and sends nothing', async () => {
    const { page, sent } = await visit('/blog')
    const block = page.locator('[data-block="newsletter"]')
    expect(await block.getByRole('heading', { level: 2 }).textContent()).toBe('New guides in your inbox')
    const form = block.locator('form[data-newsletter-form="block"]')
    const field = form.getByLabel('E-mail', { exact: true })
    // The check cannot reach its challenge: it fails, and the press is refused under it.
    await page.route('**/api/veilgate/captcha/challenge/**', (route) => route.abort())
    const email = address('block')
    await field.fill(email)
    await form.getByRole('button', { name: 'Subscribe' }).click()
    const proveHuman = form.getByText('Please prove you are human: tick the check and try again.')
    await proveHuman.waitFor()
    expect(await field.inputValue()).toBe(email)
    nothingSent(sent, 0)
    expect(await axeViolations(page)).toEqual([])

    // Reachable again: the next press solves the check and subscribes; the site's loader shows while the request runs.
    await page.unroute('**/api/veilgate/captcha/challenge/**')
    // The request is held until the loader has been seen, then let through.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/coms/subscribe/', async (route) => {
      await released
      await route.continue()
    })
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor()
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true')
    release()
    const modal = page.getByRole('dialog', { name: 'Almost done' })
    await modal.waitFor()
    expect(await page.locator('main').getAttribute('aria-busy')).toBeNull()
    expect(sent).toHaveLength(1)
    expect(await proveHuman.count()).toBe(0)
    expect(await modal.textContent()).toContain(email)
    await modal.getByRole('button', { name: 'Close' }).click()
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await outboxText(email, 'newsletter-confirm')).toContain('/newsletter/confirm?token=')
    await page.context().close()
  }, 120_000)

  for (const [locale, dir, label, submitText, title, invalid] of [
    ['de', 'ltr', 'E-Mail', 'Abonnieren', 'Fast geschafft', 'Das Feld „E-Mail“ muss eine gültige E-Mail-Adresse enthalten.'],
    ['ar', 'rtl', 'البريد الإلكتروني', 'اشترك', 'اقتربت من الانتهاء', 'يجب أن يحتوي حقل "E-mail" على عنوان بريد إلكتروني صالح.'],
  ] as const) {
    it(`in /${locale}: the error and the modal in the page's language, ${dir}, axe clean`, async () => {
      const { page, sent } = await visit(`/${locale}`)
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      const form = page.locator('footer form[data-newsletter-form="footer"]')
      const field = form.getByLabel(label, { exact: true })
      await field.fill('bad@')
      await field.press('Enter')
      await form.getByText(invalid).waitFor()
      expect(await axeViolations(page)).toEqual([])
      const email = address(locale)
      await field.fill(email)
      await form.getByRole('button', { name: submitText }).click()
      const modal = page.getByRole('dialog', { name: title })
      await modal.waitFor()
      expect(sent[0]!.postDataJSON()).toMatchObject({ username: email, locale })
      expect(await modal.textContent()).toContain(email)
      expect(await axeViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await modal.waitFor({ state: 'hidden' })
      expect(await field.evaluate((element) => element === document.activeElement)).toBe(true)
      expect(await outboxText(email, 'newsletter-confirm')).toContain(`/${locale}/newsletter/confirm?token=`)
      await page.context().close()
    }, 120_000)
  }
})
