import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { arrive, baseUrl, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const english = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<string, Record<string, unknown>>
/** A namespace of the catalogue as it would appear in a bundle: `"Account":{"…":`. */
const namespaces = Object.keys(english).filter((name) => Object.keys(english[name] ?? {}).length > 3)

type Script = { url: string; body: Buffer }

/**
 * Every script of our own origin the page loaded until the network went idle, with its body:
 * `before` with no sign of a visitor (what Lighthouse and a reader who only reads get), `after`
 * once the visitor's pointer moved and the page hydrated.
 */
async function firstLoadScripts(path: string): Promise<{ before: Script[]; after: Script[] }> {
  const page = await newPage(browser)
  const scripts: Promise<Script>[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (response.request().resourceType() === 'script' && url.origin === new URL(page.url() || response.url()).origin)
      scripts.push(response.body().then((body) => ({ url: url.pathname, body })))
  })
  // `commit`: the helper's goto returns before it arrives as a person.
  await page.goto(path, { waitUntil: 'commit' })
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() => document.querySelector('script[src="/scripts/after-paint.js"]')?.hasAttribute('data-state') || document.documentElement.hasAttribute('data-hydrated'))
  await page.waitForLoadState('networkidle')
  const before = await Promise.all(scripts)
  await arrive(page)
  await page.waitForLoadState('networkidle')
  const after = await Promise.all(scripts)
  await page.context().close()
  return { before, after }
}

const gzipKiB = (scripts: { body: Buffer }[]) => scripts.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024

describe('a first visit', () => {
  it('is answered at once: public pages ask for no critical client hint, the admin still does', async () => {
    for (const path of ['/', '/de', '/order/pickup']) {
      // A fresh visitor each time (a visit to /de would send the next one to German pages).
      const page = await newPage(browser)
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      const restarted: string[] = []
      cdp.on('Network.requestWillBeSent', (event: { request: { url: string }; redirectResponse?: { status: number; url: string } }) => {
        if (event.redirectResponse) restarted.push(`${event.redirectResponse.status} ${event.redirectResponse.url} → ${event.request.url}`)
      })
      // A Critical-CH answer makes Chrome restart the navigation (an internal 307) before any HTML.
      await page.goto(path)
      expect(restarted, path).toEqual([])
      await page.context().close()
    }
    for (const path of ['/', '/ar', '/order/checkout']) {
      const response = await fetch(`${baseUrl()}${path}`)
      expect(response.headers.get('critical-ch'), path).toBeNull()
      expect(response.headers.get('accept-ch'), path).toBeNull()
      expect(response.headers.get('vary') ?? '', path).not.toMatch(/sec-ch-prefers-color-scheme/i)
    }
    const admin = await fetch(`${baseUrl()}/admin/login`, { redirect: 'manual' })
    expect(admin.headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme')
  })
})

describe('what a page loads before the first interaction', () => {
  // Content pages, the picker and checkout wait for their visitor (decision 014): before any sign
  // of one, at most 120 KiB gzip and none of Next's chunks; the whole page once hydrated stays
  // within 152 KiB (content) or 166 (the picker and checkout).
  const pages: [path: string, budget: number][] = [
    ['/', 152],
    ['/ar', 152],
    ['/blog/privacy-checklist-for-a-new-phone', 152],
    ['/help/manuals/wireguard/windows', 152],
    ['/order/pickup', 166],
    ['/order/checkout', 166],
  ]
  for (const [path, budget] of pages) {
    it(`${path} ships no message catalogue and stays within 120 KiB of gzip JavaScript before a visitor shows, ${budget} KiB in all`, async () => {
      const { before, after } = await firstLoadScripts(path)
      expect(after.length).toBeGreaterThan(0)
      for (const { url, body } of after) {
        const text = body.toString('utf8')
        const found = namespaces.filter((name) => text.includes(`"${name}":{"`))
        expect(found, `${url} holds message namespaces`).toEqual([])
      }
      expect(before.map(({ url }) => url).filter((url) => url.startsWith('/_next/')), path).toEqual([])
      expect(gzipKiB(before)).toBeLessThanOrEqual(120)
      expect(after.length).toBeGreaterThan(before.length + 3)
      expect(gzipKiB(after)).toBeLessThanOrEqual(budget)
    })
  }
})

describe("Next's scripts", () => {
  it('start loading only after the first contentful paint, and the page still hydrates and works', async () => {
    for (const path of ['/ar', '/order/pickup', '/order/checkout', '/sign-in']) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text()
      // No chunk is fetched by the HTML itself; one loader lists them with their integrity.
      expect(html, path).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async=""/)
      expect(html, path).not.toMatch(/<link rel="preload" as="script"[^>]*href="\/_next\//)
      // Content pages', the picker's and checkout's loader waits for their visitor (decision 014); the others load after the paint.
      expect(html, path).toMatch(/<script src="\/scripts\/after-paint\.js" async=""(?: data-start="demand")? data-scripts="\/_next\/static\/chunks\/[^"]+\|sha256-/)
      expect(html.includes('data-start="demand"'), path).toBe(path !== '/sign-in')

      const page = await newPage(browser)
      await page.goto(path, { waitUntil: 'networkidle' })
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]
        const chunks = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/_next/static/chunks/') && entry.name.endsWith('.js'))
        return { paint: paint?.startTime, firstChunk: Math.min(...chunks.map((entry) => entry.startTime)), chunks: chunks.length }
      })
      expect(timing.paint, path).toBeGreaterThan(0)
      expect(timing.chunks, path).toBeGreaterThan(3)
      expect(timing.firstChunk, path).toBeGreaterThanOrEqual(timing.paint!)
      // Hydrated: React owns the page's DOM.
      expect(await page.evaluate(() => Object.keys(document.querySelector('main')!).some((key) => key.startsWith('__react'))), path).toBe(true)
      await page.context().close()
    }
  })

  it('wait for a first paint that comes late, however long it takes', async () => {
    // The style sheet blocks the first paint; it is held well past the moment a clock would
    // have given up waiting, then released. Until it comes, not one chunk is asked for.
    const page = await newPage(browser)
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let sheetAsked!: () => void
    const sheetHeld = new Promise<void>((resolve) => (sheetAsked = resolve))
    await page.route(/\/_next\/static\/chunks\/[^/]+\.css$/, async (route) => {
      sheetAsked()
      await released
      await route.continue()
    })
    const chunks: string[] = []
    page.on('request', (request) => {
      if (/\/_next\/static\/chunks\/[^/]+\.js$/.test(request.url())) chunks.push(request.url())
    })
    await page.goto('/sign-in', { waitUntil: 'commit' })
    await sheetHeld
    await page.waitForFunction(() => document.querySelector('script[src="/scripts/after-paint.js"]') !== null)
    await page.waitForTimeout(3000)
    expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(0)
    expect(chunks).toEqual([])
    release()
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      firstChunk: Math.min(...performance.getEntriesByType('resource').filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name)).map((entry) => entry.startTime)),
    }))
    expect(chunks.length).toBeGreaterThan(3)
    expect(timing.firstChunk).toBeGreaterThanOrEqual(timing.paint)
    await page.context().close()
  })

  it('that start every page are compiled while they load, and each matches the integrity the page names', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text()
    const listed = /data-scripts="([^"]+)"/.exec(html)![1]!.split(' ').map((item) => item.split('|') as [string, string])
    const startup = (JSON.parse(readFileSync('.next/build-manifest.json', 'utf8')) as { rootMainFiles: string[] }).rootMainFiles.map((file) => `/_next/${file}`)
    expect(startup.length).toBeGreaterThan(2)
    for (const [src, integrity] of listed) {
      const body = Buffer.from(await (await fetch(`${baseUrl()}${src}`)).arrayBuffer())
      // Next names the integrity of the start-up scripts (not of every page chunk).
      if (integrity || startup.includes(src)) expect(integrity, src).toBe(`sha256-${createHash('sha256').update(body).digest('base64')}`)
      // V8's explicit compile hint, on the first line of the start-up scripts only.
      expect(body.toString('utf8').startsWith('//# allFunctionsCalledOnLoad\n'), src).toBe(startup.includes(src))
    }
    expect(listed.filter(([src]) => startup.includes(src)).length).toBe(startup.length)
  })

  it('make a client navigation work as before', async () => {
    const page = await newPage(browser)
    await page.goto('/order/pickup', { waitUntil: 'networkidle' })
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await page.locator('header a[href="/"]').first().click()
    await page.waitForURL(`${baseUrl()}/`)
    // Still the same document: Next's router took the click.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
    await page.context().close()
  })
})
