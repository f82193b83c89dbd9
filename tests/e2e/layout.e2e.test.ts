import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { arrive, axeViolations, baseUrl, connectBrowser, newPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const desktop = { viewport: { width: 1280, height: 900 } }
const mobile = { viewport: { width: 375, height: 780 }, isMobile: true, hasTouch: true }

const topLevelNav = (page: Page) =>
  page.locator('header nav[aria-label="Main navigation"] > ul > li > div > a').allTextContents()

describe('the header', () => {
  it('has the spec navigation, Get Started and the locale toggle', async () => {
    const page = await newPage(browser, desktop)
    await page.goto('/')
    expect(await topLevelNav(page)).toEqual(['Pricing', 'Extras', 'Business', 'Downloads', 'Help', 'Blog', 'Lifetime', 'Sale'])
    const getStarted = page.locator('header').getByRole('link', { name: 'Get Started' }).last()
    expect(await getStarted.getAttribute('href')).toBe('/brand/get-vpn')
    expect(await page.locator('header a[aria-label="Veilgate home page"]').getAttribute('href')).toBe('/')
    expect(await page.locator('header').getByRole('link', { name: 'My account' }).count()).toBe(0)

    await page.getByRole('button', { name: 'Language: English' }).click()
    const options = await page.locator('header ul[aria-label="Choose a language"] a').evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')),
    )
    expect(options).toHaveLength(14)
    expect(options).not.toContain('/en')
    expect(options[0]).toBe('/ru')
  })

  it('lists English first in other locales and prefixes internal links', async () => {
    const page = await newPage(browser, desktop)
    await page.goto('/de')
    const getStarted = page.locator('header').getByRole('link', { name: 'Jetzt starten' })
    expect(await getStarted.last().getAttribute('href')).toBe('/de/brand/get-vpn')
    await page.locator('header button[aria-controls]').filter({ hasText: 'de' }).click()
    const first = page.locator('header ul[aria-label] a').first()
    expect(await first.textContent()).toBe('English')
    expect(await first.getAttribute('href')).toBe('/en')
    const navHrefs = await page.locator('header nav a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(navHrefs.every((href) => href?.startsWith('/de/'))).toBe(true)
  })

  it('opens submenus on hover from 768 px and closes them on route change', async () => {
    const page = await newPage(browser, desktop)
    await page.goto('/')
    const extrasMenu = page.locator('header nav li').filter({ hasText: 'Personal static IP' }).first().locator('> div').nth(1)
    expect(await extrasMenu.isVisible()).toBe(false)
    await page.locator('header nav').getByRole('link', { name: 'Extras', exact: true }).hover()
    await expect.poll(() => extrasMenu.isVisible()).toBe(true)
    await page.locator('header nav').getByRole('link', { name: 'Personal static IP' }).click()
    await page.waitForURL(/\/extras\/personal-static-ip$/)
    await expect.poll(() => extrasMenu.isVisible()).toBe(false)
  })

  it('uses a burger menu below 768 px, where hover does not open submenus', async () => {
    const page = await newPage(browser, mobile)
    await page.goto('/')
    const nav = page.locator('header nav[aria-label="Main navigation"]')
    expect(await nav.isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    expect(await nav.isVisible()).toBe(true)
    const submenu = page.locator('#' + (await page.getByRole('button', { name: 'Show the Downloads submenu' }).getAttribute('aria-controls')))
    expect(await submenu.isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Show the Downloads submenu' }).click()
    expect(await submenu.isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Help', exact: true }).click()
    await page.waitForURL(/\/help$/)
    await expect.poll(() => nav.isVisible()).toBe(false)
  })
})

describe('the platform strip and footer', () => {
  it('link every platform and show the spec footer', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text()
    for (const platform of ['macos', 'windows', 'android', 'ios', 'linux', 'chrome', 'firefox', 'opera', 'edge']) {
      expect(html).toContain(`href="/downloads/${platform}"`)
    }
    expect(html).toContain(`© ${new Date().getUTCFullYear()} Veilgate`)
    for (const network of ['facebook', 'linkedin', 'twitter', 'youtube', 'instagram']) {
      expect(html).toMatch(new RegExp(`href="https://[^"]*${network}[^"]*"`))
    }
    expect(html).toContain('Careers')
    const french = await (await fetch(`${baseUrl()}/fr`)).text()
    expect(french).not.toContain('/careers')
  })
})

describe('the home page in a real browser', () => {
  for (const [path, dir] of [
    ['/', 'ltr'],
    ['/de', 'ltr'],
    ['/ar', 'rtl'],
  ] as const) {
    it(`${path} has no accessibility violations and no console errors`, async () => {
      const page = await newPage(browser, desktop)
      const errors: string[] = []
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
      page.on('pageerror', (error) => errors.push(error.message))
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      expect(await page.getAttribute('html', 'dir')).toBe(dir)
      await page.waitForLoadState('networkidle')
      const violations = await axeViolations(page)
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
      expect(errors).toEqual([])
    })
  }

  it('keeps the RTL layout within the viewport on a phone', async () => {
    const page = await newPage(browser, mobile)
    await page.goto('/ar')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

describe('the cookie notice', () => {
  /** Holds back Next's scripts, so the page stays as the server sent it (not hydrated). */
  const holdScripts = async (page: Page) => {
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      await released
      await route.continue()
    })
    return release
  }

  it('is in the first paint for a new visitor, and hidden before hydration once accepted', async () => {
    const page = await newPage(browser, mobile)
    const notice = page.getByRole('region', { name: 'Cookie-Hinweis' })
    let release = await holdScripts(page)
    await page.goto('/de/order/pickup', { waitUntil: 'domcontentloaded' })
    // Not hydrated yet, and the notice already shows: it is no late, large paint after the page.
    await expect.poll(() => notice.isVisible()).toBe(true)
    release()
    await page.waitForLoadState('load')
    // The button works once the page's scripts have taken over (they load when the visitor shows: decision 014).
    await arrive(page)
    await notice.getByRole('button', { name: 'Nur notwendige' }).click()
    await expect.poll(() => notice.count()).toBe(0)

    // The next page comes with the notice in its HTML again, but the visitor never sees it.
    await page.unrouteAll()
    release = await holdScripts(page)
    await page.goto('/de', { waitUntil: 'domcontentloaded' })
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-cookie-notice'))).toBe('accepted')
    expect(await page.locator('section[data-cookie-notice]').count()).toBe(1)
    expect(await page.locator('section[data-cookie-notice]').isVisible()).toBe(false)
    release()
    await page.waitForLoadState('load')
    // A content page hydrates once its visitor is there (decision 014).
    await arrive(page)
    await expect.poll(() => page.locator('section[data-cookie-notice]').count()).toBe(0)
    await page.context().close()
  })
})
