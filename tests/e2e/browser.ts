import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContextOptions, type BrowserServer, type Page } from 'playwright-core'
import { inject, onTestFinished } from 'vitest'

const require = createRequire(import.meta.url)

export const baseUrl = () => inject('baseUrl')

/**
 * Debian's Chromium, with the flags this sandbox needs, started once for the whole run by the
 * global setup (Playwright gives it a fresh profile; each `newPage` is a first-time visitor, in a tab reused when a test gave one back: see `newPage`).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** The flags Chromium needs in this sandbox. */
export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

let connection: Promise<Browser> | undefined

/**
 * The run's shared Chromium, one connection per Vitest worker (its files run one after another and
 * keep their modules). `close()` on it, at the end of a file, closes the contexts the file still
 * has in use and keeps the connection and its idle tabs for the worker's next file.
 */
export async function connectBrowser(): Promise<Browser> {
  const current = await connection
  if (current?.isConnected()) return current
  connection = chromium.connect(inject('browserEndpoint')).then((browser) => {
    browser.close = async () => {
      for (const context of browser.contexts()) if (!context.pages().some((page) => idle.has(page))) await context.close()
    }
    return browser
  })
  return connection
}

/** Whether React has taken over a site page (a page without the after-paint loader has nothing to wait for). */
const hydrated = () => !document.querySelector('script[src="/scripts/after-paint.js"]') || document.documentElement.hasAttribute('data-hydrated')
/** `hydrated`, `waiting` (a content page waiting for its visitor: `data-start="demand"`, src/page-scripts/after-paint.js), or false. */
const hydration = () => {
  const loader = document.querySelector('script[src="/scripts/after-paint.js"]')
  if (!loader || document.documentElement.hasAttribute('data-hydrated')) return 'hydrated'
  return loader.getAttribute('data-state') === 'waiting' ? 'waiting' : false
}

/**
 * A person is on the page they opened: their pointer moves over it. A content page loads its
 * scripts then (or on a touch, a key, a scroll); the pointer rests on the header's edge, on no
 * link. A page that sends the browser on (a client redirect) is followed to where it lands.
 */
export async function arrive(page: Page) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const state = await page
      .waitForFunction(hydration)
      .then((handle) => handle.jsonValue())
      .catch((error: Error) => {
        if (/context was destroyed|navigat/i.test(error.message)) return 'navigated'
        throw error
      })
    if (state === 'hydrated') return
    if (state === 'waiting') {
      // Two moves, so the pointer does move whichever point it last rested on.
      await page.mouse.move(1, 1)
      await page.mouse.move(0, 0)
    }
  }
  await page.waitForFunction(hydrated)
}

type Wait = { waitUntil?: string } | undefined

/**
 * A site page hydrates just after its first paint (scripts/lib/after-paint.mjs), which can be after
 * `load`; a content page once its visitor is there. A person does not click within those
 * milliseconds; Playwright would. So navigations that wait for `load` or `networkidle` arrive as a
 * person does and wait for `<html data-hydrated>`; those that wait only
 * for `domcontentloaded` or `commit` (a test of what shows before hydration) return as they were.
 */
function waitForHydration(page: Page) {
  const settle = async (options: Wait) => {
    if (options?.waitUntil === 'domcontentloaded' || options?.waitUntil === 'commit') return
    await arrive(page)
  }
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    await settle(options)
    return response
  }
  const reload = page.reload.bind(page)
  page.reload = async (options) => {
    const response = await reload(options)
    await settle(options)
    return response
  }
  const waitForURL = page.waitForURL.bind(page)
  page.waitForURL = async (url, options) => {
    await waitForURL(url, options)
    await settle(options)
  }
}

/**
 * Tabs given back by `page.context().close()`, by connection and context options, for the next
 * `newPage` of the worker (its files share one connection). A new tab costs Chromium about a second of CPU (a renderer process
 * started, the start-up scripts compiled again), a navigation in a tab already open half that: on
 * two cores the end-to-end phase is CPU-bound, and most tests open a tab or several.
 */
const idleTabs = new WeakMap<Browser, Map<string, Page[]>>()

/** Methods whose effect on a tab or its context cannot be undone cheaply: a tab that used one is closed, never reused. */
const LASTING = {
  page: ['route', 'routeFromHAR', 'routeWebSocket', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders', 'emulateMedia', 'setViewportSize', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'addLocatorHandler', 'requestGC'],
  context: ['route', 'routeFromHAR', 'routeWebSocket', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders', 'setOffline', 'setGeolocation', 'grantPermissions', 'setHTTPCredentials', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'newCDPSession', 'newPage'],
} as const

type Listener = (...args: never[]) => unknown
type Emitter = { on: (event: string, listener: Listener) => unknown; off: (event: string, listener: Listener) => unknown }

/**
 * Makes `page`'s context reusable: `context.close()` hands the tab back as a first-time visitor
 * would find it (no cookie, no local or session storage, an empty HTTP cache, no permission, on
 * `about:blank`), with the test's listeners and init scripts removed. A tab whose test changed
 * something lasting (a route, the viewport, offline, a CDP session, a second tab) closes for real.
 */
async function makeReusable(browser: Browser, key: string, page: Page) {
  const context = page.context()
  const cdp = await context.newCDPSession(page)
  const origins = new Set<string>()
  page.on('framenavigated', (frame) => {
    const url = frame.url()
    if (url.startsWith('http')) origins.add(new URL(url).origin)
  })
  let lasting = false
  const undo: (() => Promise<unknown> | unknown)[] = []
  const watch = (target: object, names: readonly string[]) => {
    const methods = target as Record<string, (...args: unknown[]) => unknown>
    for (const name of names) {
      const original = methods[name]!.bind(target)
      methods[name] = (...args: unknown[]) => {
        lasting = true
        return original(...args)
      }
    }
  }
  watch(page, LASTING.page)
  watch(context, LASTING.context)
  watch(page.clock, ['install', 'setFixedTime', 'setSystemTime', 'runFor', 'fastForward', 'pauseAt'])
  for (const target of [page, context] as unknown as Emitter[]) {
    for (const name of ['on', 'once', 'addListener', 'prependListener'] as const) {
      const methods = target as unknown as Record<string, (event: string, listener: Listener) => unknown>
      const original = methods[name]!.bind(target)
      methods[name] = (event, listener) => {
        undo.push(() => target.off(event, listener))
        return original(event, listener)
      }
    }
    const scripts = target as unknown as { addInitScript: (...args: unknown[]) => Promise<{ dispose: () => Promise<void> }> }
    const addInitScript = scripts.addInitScript.bind(target)
    scripts.addInitScript = async (...args) => {
      const added = await addInitScript(...args)
      undo.push(() => added.dispose())
      return added
    }
  }
  const close = context.close.bind(context)
  let closing = false
  context.close = async (options) => {
    if (closing || idle.has(page)) return
    closing = true
    if (lasting || page.isClosed() || context.pages().length !== 1) return close(options)
    try {
      for (const step of undo.splice(0).reverse()) await step()
      // Session storage belongs to the tab: it is cleared for the origin on screen (tests stay on one site).
      if (page.url().startsWith('http')) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear())).catch(() => {})
      await page.goto('about:blank')
      await context.clearCookies()
      await context.clearPermissions()
      await cdp.send('Network.clearBrowserCache')
      for (const origin of origins) {
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
      }
      origins.clear()
    } catch {
      return close(options)
    }
    closing = false
    let byKey = idleTabs.get(browser)
    if (!byKey) idleTabs.set(browser, (byKey = new Map()))
    let tabs = byKey.get(key)
    if (!tabs) byKey.set(key, (tabs = []))
    tabs.push(page)
    idle.add(page)
  }
}

/** Tabs waiting in `idleTabs`: closing one again (the test's own close, then the automatic one) does nothing. */
const idle = new WeakSet<Page>()

/**
 * Gives the tab back when the test that took it ends, if the test did not close it itself (a
 * tab taken outside a test, in a `beforeAll`, stays the file's until it closes it).
 */
function giveBackAfterTest(page: Page) {
  const taken = (handouts.get(page) ?? 0) + 1
  handouts.set(page, taken)
  try {
    onTestFinished(async () => {
      if (handouts.get(page) === taken && !idle.has(page) && !page.isClosed()) await page.context().close()
    })
  } catch {
    // not inside a test
  }
}
const handouts = new WeakMap<Page, number>()

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  // Options that carry state (a stored sign-in, a recording) always get a new context.
  const reusable = !options.storageState && !options.recordHar && !options.recordVideo
  const key = JSON.stringify(options)
  const waiting = reusable ? idleTabs.get(browser)?.get(key)?.pop() : undefined
  if (waiting && !waiting.isClosed()) {
    idle.delete(waiting)
    giveBackAfterTest(waiting)
    return waiting
  }
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', ...options })
  const page = await context.newPage()
  waitForHydration(page)
  if (reusable) await makeReusable(browser, key, page)
  giveBackAfterTest(page)
  return page
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** Runs axe-core in the page and returns its violations (WCAG 2.x A and AA rules). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through DevTools rather than added as a script tag, so the page's CSP stays in force.
  // Once per document: a second run on the same page reuses the engine already there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // Every rule still runs; only the passes are not collected (axe's own advice for speed).
      resultTypes: ['violations'],
    })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  })
}

/** Every CSP violation the page reports in its console. */
export function watchViolations(page: Page): string[] {
  const seen: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) seen.push(message.text().slice(0, 300))
  })
  return seen
}
