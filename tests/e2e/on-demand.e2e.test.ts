// Content pages load Next's scripts when their visitor shows (decision 014). What a person does
// before React has taken over is not lost: a menu clicked or opened by keyboard opens, an address
// typed and sent is subscribed. The page's chunks are held until the test has acted, so every
// action here really happens before hydration.
import { randomUUID } from 'node:crypto'
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const loaderState = (page: Page) => page.evaluate(() => document.querySelector('script[src="/scripts/after-paint.js"]')?.getAttribute('data-state') ?? null)
const chunksFetched = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/_next/static/chunks/') && entry.name.endsWith('.js')).length)

/**
 * Opens a content page as it is before any sign of its visitor: painted, the loader waiting, none
 * of Next's chunks fetched. The chunks asked for later wait until `release()`.
 */
async function openWaiting(path: string): Promise<{ page: Page; release: () => void }> {
  const page = await newPage(browser)
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await released
    await route.continue()
  })
  // `commit`: the helper's goto would arrive as a person, and this test is about before that.
  await page.goto(path, { waitUntil: 'commit' })
  await page.waitForFunction(() => document.querySelector('script[src="/scripts/after-paint.js"]')?.getAttribute('data-state') === 'waiting')
  await page.waitForLoadState('networkidle')
  expect(await loaderState(page)).toBe('waiting')
  expect(await chunksFetched(page)).toBe(0)
  return { page, release }
}

describe('a content page before its visitor shows', () => {
  it('runs none of Next, and the pointer moving over it loads and hydrates it', async () => {
    const { page, release } = await openWaiting('/blog/privacy-checklist-for-a-new-phone')
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false)
    // Its flight data waits in blocks that never ran (scripts/lib/after-paint.mjs).
    expect(await page.evaluate(() => '__next_f' in window)).toBe(false)
    expect(await page.locator('script[data-flight]').count()).toBeGreaterThan(1)
    expect(await page.locator('script:not([type]):not([src])').evaluateAll((scripts) => scripts.filter((script) => script.textContent?.includes('__next_f')).length)).toBe(0)
    await page.mouse.move(20, 300)
    await expect.poll(() => loaderState(page)).toBe('started')
    release()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    expect(await chunksFetched(page)).toBeGreaterThan(3)
    await page.context().close()
  })

  for (const [path, dir] of [
    ['/', 'ltr'],
    ['/ar', 'rtl'],
  ] as const) {
    it(`${path}: a header menu clicked before hydration opens once the page is hydrated (${dir})`, async () => {
      const { page, release } = await openWaiting(path)
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      const toggle = page.locator('header button[aria-expanded]').filter({ visible: true }).first()
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      await toggle.click()
      // Held: nothing happened yet, and the scripts are on their way.
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      expect(await loaderState(page)).toBe('started')
      release()
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
      const menu = page.locator(`[id="${(await toggle.getAttribute('aria-controls'))!}"]`)
      await menu.waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    })
  }

  it('a header menu reached with Tab and opened with Enter before hydration opens once it is', async () => {
    const { page, release } = await openWaiting('/')
    let found = false
    for (let step = 0; step < 40 && !found; step++) {
      await page.keyboard.press('Tab')
      found = await page.evaluate(() => {
        const active = document.activeElement
        return !!active?.matches('header button[aria-expanded]') && active.getBoundingClientRect().width > 0
      })
    }
    expect(found).toBe(true)
    // The first Tab already asked for the scripts; the key press is held until they run.
    expect(await loaderState(page)).toBe('started')
    await page.keyboard.press('Enter')
    release()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true')
    await page.context().close()
  })

  it('an address typed and sent from the footer before hydration is subscribed once the page is hydrated', async () => {
    const { page, release } = await openWaiting('/')
    const sent: Request[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/coms/subscribe/') sent.push(request)
    })
    // A person answers the cookie notice (its buttons need no React), then types and presses Enter.
    await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
    await page.locator('section[data-cookie-notice]').waitFor({ state: 'hidden' })
    const form = page.locator('footer form[data-newsletter-form="footer"]')
    const field = form.getByLabel('E-mail', { exact: true })
    const email = `e2e-demand-${randomUUID().slice(0, 8)}@example.com`
    await field.fill(email)
    await field.press('Enter')
    // Still the same document: the submission was held, not sent by the browser.
    expect(new URL(page.url()).search).toBe('')
    expect(sent).toHaveLength(0)
    release()
    const modal = page.getByRole('dialog', { name: 'Almost done' })
    await modal.waitFor()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.postDataJSON()).toMatchObject({ username: email, source: 'vpn-site', locale: 'en' })
    expect(await field.inputValue()).toBe('')
    await page.context().close()
  })
})

describe('the picker and checkout before their visitor shows', () => {
  it('a plan chosen on the picker before hydration is the plan chosen, and the way to checkout carries it', async () => {
    const { page, release } = await openWaiting('/order/pickup')
    const plan = (await page.locator('input[name="plan"]:not(:checked)').first().getAttribute('value'))!
    const other = page.locator(`input[name="plan"][value="${plan}"]`)
    await other.click()
    // Held until React owns the radio: the default plan is still the one chosen.
    expect(await other.isChecked()).toBe(false)
    expect(await loaderState(page)).toBe('started')
    release()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect.poll(() => other.isChecked()).toBe(true)
    expect(new URL(page.url()).searchParams.get('plan')).toBe(plan)
    const onward = new URL((await page.locator('a[data-continue]').getAttribute('href'))!, page.url())
    expect(onward.pathname).toBe('/order/checkout')
    expect(onward.searchParams.get('plan')).toBe(plan)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('an e-mail typed into checkout before hydration is the form’s, and survives a reload', async () => {
    const { page, release } = await openWaiting('/order/checkout')
    await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
    const field = page.getByLabel('E-mail', { exact: true })
    const email = `e2e-demand-${randomUUID().slice(0, 8)}@example.com`
    await field.fill(email)
    expect(await loaderState(page)).toBe('started')
    release()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    // Checkout keeps what was typed in the tab: only the form's own state writes it there.
    await expect.poll(() => page.evaluate((typed) => Object.values(sessionStorage).some((value) => value.includes(typed)), email)).toBe(true)
    await page.reload({ waitUntil: 'load' })
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect.poll(() => page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email)
    await page.context().close()
  })

  // What their HTML cannot show (it is one page for everyone): the scripts come without a sign.
  const atOnce = async (path: string, prepare?: (page: Page) => Promise<unknown>) => {
    const page = await newPage(browser)
    await prepare?.(page)
    await page.goto(path, { waitUntil: 'commit' })
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    expect(await loaderState(page), path).toBe('started')
    await page.context().close()
  }

  it('a selection in the address, an experiment or a session loads the scripts at once', async () => {
    const plan = await (async () => {
      const page = await newPage(browser)
      await page.goto('/order/pickup', { waitUntil: 'commit' })
      const value = await page.locator('input[name="plan"]:not(:checked)').first().getAttribute('value')
      await page.context().close()
      return value!
    })()
    await atOnce(`/order/pickup?plan=${plan}`)
    await atOnce(`/order/checkout?plan=${plan}`)
    await atOnce('/order/pickup', (page) => page.context().addCookies([{ name: 'exp_e2e-demand', value: '0', url: baseUrl() }]))
    await atOnce('/order/checkout', (page) => page.addInitScript(() => localStorage.setItem('veilgate:access-token', 'e2e-demand')))
  })
})
