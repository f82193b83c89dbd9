import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** What a visitor's tab holds of the site: cookies, storage, the init script's mark, and whether the start-up scripts came over the network. */
const visitorState = () => ({
  cookies: document.cookie,
  local: localStorage.length,
  session: sessionStorage.length,
  marked: 'tabMark' in window,
  cachedScripts: performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/_next/static/') && (entry as PerformanceResourceTiming).initiatorType === 'script')
    .filter((entry) => (entry as PerformanceResourceTiming).transferSize === 0).length,
})

describe('the helpers’ reused tabs (tests/e2e/browser.ts)', () => {
  it('give the next test a tab as a first-time visitor finds it', async () => {
    const first = await newPage(browser)
    const heard: string[] = []
    first.on('console', (message) => heard.push(message.text()))
    await first.addInitScript(() => Object.assign(window, { tabMark: true }))
    await first.goto('/')
    await first.evaluate(() => {
      document.cookie = 'left-behind=1; path=/'
      localStorage.setItem('left-behind', '1')
      sessionStorage.setItem('left-behind', '1')
    })
    expect(await first.evaluate(visitorState)).toMatchObject({ local: 1, session: 1, marked: true })
    await first.context().close()

    const second = await newPage(browser)
    expect(second).toBe(first)
    expect(second.url()).toBe('about:blank')
    await second.goto('/')
    await second.evaluate(() => console.log('after reuse'))
    expect(await second.evaluate(visitorState)).toEqual({ cookies: '', local: 0, session: 0, marked: false, cachedScripts: 0 })
    expect(heard).not.toContain('after reuse')
    await second.context().close()
  })

  it('close a tab whose test changed something lasting, and keep tabs of other options apart', async () => {
    const routed = await newPage(browser)
    await routed.route('**/robots.txt', (route) => route.fulfill({ body: 'routed' }))
    await routed.context().close()
    expect(routed.isClosed()).toBe(true)

    const english = await newPage(browser)
    await english.context().close()
    const german = await newPage(browser, { locale: 'de-DE' })
    expect(german).not.toBe(english)
    expect(await newPage(browser)).toBe(english)
    await german.context().close()
  })

  let leftOpen: Page | undefined
  it('take back a tab its test left open when the test ends', async () => {
    leftOpen = await newPage(browser, { locale: 'fr-FR' })
    await leftOpen.goto('/fr')
  })

  it('(the next test gets that tab, fresh)', async () => {
    const page = await newPage(browser, { locale: 'fr-FR' })
    expect(page).toBe(leftOpen)
    expect(page.url()).toBe('about:blank')
  })
})
