import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContextOptions, type BrowserServer, type Page } from 'playwright-core'
import { inject } from 'vitest'

const require = createRequire(import.meta.url)

export const baseUrl = () => inject('baseUrl')

/**
 * Debian's Chromium, with the flags this sandbox needs, started once for the whole run by the
 * global setup (Playwright gives it a fresh profile; every test opens its own context).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** The flags Chromium needs in this sandbox. */
export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

/** The run's shared Chromium; `close()` on it closes this file's contexts and disconnects. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'))
}

/** Whether React has taken over a site page (a page without the after-paint loader has nothing to wait for). */
const hydrated = () => !document.querySelector('script[src="/scripts/after-paint.js"]') || document.documentElement.hasAttribute('data-hydrated')

type Wait = { waitUntil?: string } | undefined

/**
 * A site page hydrates just after its first paint (scripts/lib/after-paint.mjs), which can be after
 * `load`. A person does not click within those milliseconds; Playwright would. So navigations
 * that wait for `load` or `networkidle` also wait for `<html data-hydrated>`; those that wait only
 * for `domcontentloaded` or `commit` (a test of what shows before hydration) return as they were.
 */
function waitForHydration(page: Page) {
  const settle = async (options: Wait) => {
    if (options?.waitUntil === 'domcontentloaded' || options?.waitUntil === 'commit') return
    await page.waitForFunction(hydrated)
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

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', ...options })
  const page = await context.newPage()
  waitForHydration(page)
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
