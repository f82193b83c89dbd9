import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { arrive, axeViolations, baseUrl, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const LATIN = /^\/_next\/static\/media\/[^/]+\.woff2$/

/** Installs a layout-shift observer before anything renders. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as unknown as { __shifts: number[] }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** Two frames: whatever the page laid out has been painted. */
const painted = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))

/**
 * Opens a page with every font file held back until the page has painted its text in the fallback
 * faces, then lets them through: the shift measured is the one a visitor sees when the fonts come
 * late, whatever the machine's load (on a fast run they would arrive before the first paint and
 * hide a fallback that does not match). Returns the sum of the shifts after the fonts arrived.
 */
async function shiftWhenFontsArriveLate(page: Page, path: string): Promise<{ held: string[]; shift: number }> {
  const held: string[] = []
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.woff2(\?|$)/, async (route: Route) => {
    held.push(new URL(route.request().url()).pathname)
    await released
    await route.continue()
  })
  await page.goto(path, { waitUntil: 'commit' })
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0 && document.querySelector('h1') !== null)
  await painted(page)
  // The text is on screen in the fallbacks, and no font has arrived.
  const early = await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded' && !/fallback/i.test(face.family)).map((face) => face.family))
  expect(early, path).toEqual([])
  release()
  await page.waitForLoadState('load')
  // The visitor's pointer moves (a content page hydrates then, decision 014), and the page hydrates.
  await arrive(page)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await painted(page)
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)
  return { held, shift: shifts.reduce((sum, value) => sum + value, 0) }
}

/**
 * An init script: as the document's root element is parsed, its font stack (`--font-site`) drops
 * every fallback face for Arial and its clones (`'… Fallback'`, next/font's too), as on a machine
 * that has none of them, leaving the DejaVu Sans faces.
 */
function withoutArialFaces() {
  new MutationObserver((_records, observer) => {
    const root = document.documentElement
    if (!root) return
    observer.disconnect()
    const stack = root.style.getPropertyValue('--font-site')
    root.style.setProperty('--font-site', stack.replace(/,\s*(['"])[^'"]* Fallback\1(?=,|$)/g, ''))
    root.dataset.stack = root.style.getPropertyValue('--font-site')
  }).observe(document, { childList: true, subtree: true })
}

/** Opens a page and waits for its fonts. */
async function open(path: string): Promise<Page> {
  const page = await newPage(browser)
  await page.goto(path)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  return page
}

const preloads = (page: Page) =>
  page.$$eval('link[rel="preload"][as="font"]', (links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))

describe('fonts per locale', () => {
  const cases: [string, RegExp | null, string | null, string][] = [
    ['/', null, null, 'Veilgate'],
    ['/de', null, null, 'Veilgate'],
    ['/jp', null, null, 'Veilgate'],
    ['/ar', /^\/fonts\/noto-sans-arabic-\d+\.\d+\.\d+\.woff2$/, 'Veilgate Arabic', 'مرحبا'],
    ['/ru', /^\/fonts\/noto-sans-cyrillic-\d+\.\d+\.\d+\.woff2$/, 'Veilgate Cyrillic', 'Привет'],
    ['/el', /^\/fonts\/noto-sans-greek-\d+\.\d+\.\d+\.woff2$/, 'Veilgate Greek', 'Γειά σου'],
  ]
  for (const [path, own, family, sample] of cases) {
    it(`${path} preloads exactly its scripts’ fonts and sets its text in them`, async () => {
      const page = await open(path)
      const links = await preloads(page)
      expect(links.filter((href) => LATIN.test(href)), path).toHaveLength(1)
      const others = links.filter((href) => !LATIN.test(href))
      if (own) {
        expect(others).toHaveLength(1)
        expect(others[0]).toMatch(own)
      } else expect(others).toEqual([])
      // Faces of scripts the locale does not use are not even declared.
      const declared = await page.evaluate(() => [...document.fonts].map((face) => face.family.replace(/["']/g, '')))
      for (const absent of ['Veilgate Arabic', 'Veilgate Cyrillic', 'Veilgate Greek'].filter((name) => name !== family)) expect(declared, path).not.toContain(absent)
      if (family) {
        await expect.poll(() => page.evaluate(([name, text]) => document.fonts.check(`16px "${name}"`, text), [family, sample])).toBe(true)
        const loaded = await page.evaluate((name) => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === name && face.status === 'loaded'), family)
        expect(loaded, `${family} loaded on ${path}`).toBe(true)
        const heading = await page.locator('h1').first().evaluate((element) => getComputedStyle(element).fontFamily)
        expect(heading).toContain(family)
      }
      const fonts = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => /\.woff2($|\?)/.test(entry.name)).map((entry) => ({ name: new URL(entry.name).pathname, size: entry.encodedBodySize })),
      )
      if (path === '/jp') {
        // Japanese text uses the system's fonts: nothing bigger than the Latin file is downloaded.
        const latin = fonts.find((font) => LATIN.test(font.name))
        expect(latin).toBeDefined()
        for (const font of fonts) expect(font.size, font.name).toBeLessThanOrEqual(latin!.size)
      }
      if (['/', '/de', '/ar'].includes(path)) {
        const violations = await axeViolations(page)
        expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
      }
      await page.context().close()
    })
  }

  // The fallback faces take each web font's widths and line box, on a machine with Arial and on one
  // with only DejaVu Sans (most Linux desktops, and this test machine): held back until after the
  // first paint, the fonts arriving move nothing. With faces for `local('Arial')` only (which
  // Chromium on Linux does not resolve to Liberation Sans), the text took unadjusted DejaVu Sans and
  // this measured / 0.015, /ru 0.053, /el 0.018, /ar 0.010; now 0.0002–0.0044 on either machine.
  for (const [path, own] of [
    ['/', null],
    ['/ru', /^\/fonts\/noto-sans-cyrillic-/],
    ['/el', /^\/fonts\/noto-sans-greek-/],
    ['/ar', /^\/fonts\/noto-sans-arabic-/],
  ] as const)
    for (const system of ['this machine', 'a machine with DejaVu Sans only'] as const) {
      it(`${path} does not move when its fonts arrive after the first paint (${system})`, async () => {
        const page = await newPage(browser)
        await observeShifts(page)
        // Chromium's Debian package brings Liberation Sans, which the first fallback faces name: for a
        // machine without it, the page's font stack loses those faces before anything is painted.
        if (system !== 'this machine') await page.addInitScript(withoutArialFaces)
        const { held, shift } = await shiftWhenFontsArriveLate(page, path)
        if (system !== 'this machine') {
          const stack = await page.evaluate(() => document.documentElement.dataset.stack ?? '')
          expect(stack).toContain(' Fallback DejaVu')
          expect(stack).not.toMatch(/ Fallback['"]/)
        }
        expect(held.some((href) => LATIN.test(href)), `${path} held ${held}`).toBe(true)
        if (own) expect(held.some((href) => own.test(href)), `${path} held ${held}`).toBe(true)
        expect(shift, `layout shift on ${path} (${system})`).toBeLessThan(0.01)
        await page.context().close()
      })
    }

  it('serves the font files for a year under versioned names, and nothing else under /fonts', async () => {
    const page = await open('/ar')
    const [href] = (await preloads(page)).filter((link) => !LATIN.test(link))
    await page.context().close()
    const response = await fetch(`${baseUrl()}${href}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('font/woff2')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The file the build cut to the Arabic letters and the CSS's weights (162 KB as packaged).
    const bytes = (await response.arrayBuffer()).byteLength
    expect(bytes).toBeGreaterThan(10_000)
    expect(bytes).toBeLessThan(60_000)
    // From then on the server answers it from memory (as the Latin face under /_next/static/), so
    // it comes before the page's first layout: the same bytes and headers, each its own request id.
    const fromMemory = async () => {
      const answer = await fetch(`${baseUrl()}${href}`)
      return { cache: answer.headers.get('x-veilgate-cache'), id: answer.headers.get('x-request-id'), type: answer.headers.get('content-type'), control: answer.headers.get('cache-control'), bytes: Buffer.from(await answer.arrayBuffer()) }
    }
    await expect.poll(async () => (await fromMemory()).cache).toBe('HIT')
    const [first, second] = [await fromMemory(), await fromMemory()]
    expect([first.type, first.control]).toEqual(['font/woff2', 'public, max-age=31536000, immutable'])
    expect(first.bytes.byteLength).toBe(bytes)
    expect(first.bytes.equals(second.bytes)).toBe(true)
    expect(first.id).not.toBe(second.id)
    for (const name of ['../package.json', 'noto-sans-arabic.woff2', '%2e%2e%2fpackage.json', 'noto-sans-arabic-0.0.0.woff2']) {
      for (let twice = 0; twice < 2; twice++) {
        const missing = await fetch(`${baseUrl()}/fonts/${name}`)
        expect(missing.status, name).toBe(404)
        expect(missing.headers.get('x-veilgate-cache'), name).toBeNull()
      }
    }
  })
})
