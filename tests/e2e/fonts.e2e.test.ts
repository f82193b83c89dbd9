import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const LATIN = /^\/_next\/static\/media\/[^/]+\.woff2$/

/** Opens a page with a layout-shift observer installed before anything renders. */
async function open(path: string): Promise<Page> {
  const page = await newPage(browser)
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as unknown as { __shifts: number[] }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
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
      if (['/', '/ar', '/ru', '/el'].includes(path)) {
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)
        // Measured 0 on /, /ar and /ru in most runs; /ru once recorded 0.004 when its Cyrillic face
        // arrived after the first paint, while its fallback took Latin's width adjustment (Cyrillic
        // and Greek now have their own). Before the fonts per script, /ar recorded 0.074.
        expect(shifts.reduce((sum, value) => sum + value, 0), `layout shift on ${path}`).toBeLessThan(0.01)
      }
      if (['/', '/de', '/ar'].includes(path)) {
        const violations = await axeViolations(page)
        expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
      }
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
    for (const name of ['../package.json', 'noto-sans-arabic.woff2', '%2e%2e%2fpackage.json']) {
      expect((await fetch(`${baseUrl()}/fonts/${name}`)).status, name).toBe(404)
    }
  })
})
