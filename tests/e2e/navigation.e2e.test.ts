// Links, anchors and the site version in Chromium, as a person meets them: prefetch on hover or
// focus (never on 2g, with data saver on or offline), `#to_` anchors with and without reduced
// motion, the site version following the window's width, and images loading as they come near.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, connectBrowser, newPage } from './browser'
import { adminToken } from './customers'
import { CHECK_THROTTLE_MS, PRELOAD_FACTOR } from '@/components/ui/LazyImage.client'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

type Visit = { page: Page; prefetches: string[]; documents: string[] }

/** A visit with the cookie notice answered; `connection` is what `navigator.connection` reports. */
async function visit(path: string, connection?: { effectiveType: string; saveData: boolean }, options: BrowserContextOptions = {}): Promise<Visit> {
  const page = await newPage(browser, options)
  if (connection) {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ ...value, addEventListener() {}, removeEventListener() {} }) })
    }, connection)
  }
  const prefetches: string[] = []
  const documents: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.headers()['next-router-prefetch']) prefetches.push(url.pathname)
    if (request.isNavigationRequest() && request.resourceType() === 'document') documents.push(url.pathname)
  })
  await page.goto(path)
  await page.locator('html[data-hydrated]').waitFor()
  await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
  await page.locator('section[data-cookie-notice]').waitFor({ state: 'detached' })
  return { page, prefetches, documents }
}

const headerLink = (page: Page, name: string) => page.locator('header nav').getByRole('link', { name, exact: true }).first()

describe('links', () => {
  it('prefetch their page on hover and on focus, and a click is a client navigation', async () => {
    const { page, prefetches, documents } = await visit('/')
    await headerLink(page, 'Blog').hover()
    await expect.poll(() => prefetches).toContain('/blog')
    await headerLink(page, 'Help').focus()
    await expect.poll(() => prefetches).toContain('/help')
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true))
    await headerLink(page, 'Blog').click()
    await page.waitForURL((url) => url.pathname === '/blog')
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true)
    expect(documents).toEqual(['/'])
    // The same link again is not fetched twice.
    expect(prefetches.filter((path) => path === '/blog')).toHaveLength(1)
    await page.context().close()
  })

  for (const [name, connection] of [
    ['2g', { effectiveType: '2g', saveData: false }],
    ['slow-2g', { effectiveType: 'slow-2g', saveData: false }],
    ['data saver', { effectiveType: '4g', saveData: true }],
  ] as const) {
    it(`prefetch nothing on ${name}, and still navigate`, async () => {
      const { page, prefetches } = await visit('/', connection)
      await headerLink(page, 'Blog').hover()
      await headerLink(page, 'Help').focus()
      await headerLink(page, 'Blog').click()
      await page.waitForURL((url) => url.pathname === '/blog')
      await page.locator('h1').first().waitFor()
      expect(prefetches).toEqual([])
      await page.context().close()
    })
  }

  it('prefetch nothing offline, and prefetch again once back online', async () => {
    const { page, prefetches } = await visit('/', { effectiveType: '4g', saveData: false })
    await page.context().setOffline(true)
    await headerLink(page, 'Blog').hover()
    await page.context().setOffline(false)
    await page.mouse.move(0, 0)
    await headerLink(page, 'Help').hover()
    await expect.poll(() => prefetches).toContain('/help')
    expect(prefetches).not.toContain('/blog')
    await page.context().close()
  })

  it('to another locale load the whole page, in its language', async () => {
    const { page, documents } = await visit('/')
    await page.goto('/blog')
    await page.locator('html[data-hydrated]').waitFor()
    await page.locator('header button[aria-expanded]').filter({ hasText: /^\s*en\b/i }).click()
    await page.locator('header a[hreflang="de"]').click()
    await page.waitForURL((url) => url.pathname === '/de/blog')
    await page.locator('html[lang="de"]').waitFor()
    expect(documents).toEqual(['/', '/blog', '/de/blog'])
    await page.context().close()
  })
})

/** Where the anchor's target is in the viewport, and whether it has the focus. */
const targetState = (page: Page) =>
  page.evaluate(() => {
    const target = document.getElementById('pricing')!
    return { top: Math.round(target.getBoundingClientRect().top), focused: document.activeElement === target }
  })

describe('#to_ anchors', () => {
  for (const path of ['/', '/de', '/ar']) {
    it(`${path}: the hero's link scrolls smoothly to the pricing cards, 110 px below the top, and focuses them`, async () => {
      const { page } = await visit(path)
      const link = page.locator('main a[href$="#to_pricing"]').first()
      // The scroll is animated: right after the click the page is still on its way.
      const started = await link.evaluate((element) => {
        ;(element as HTMLElement).click()
        return Math.round(document.getElementById('pricing')!.getBoundingClientRect().top)
      })
      expect(started).toBeGreaterThan(110)
      await expect.poll(() => targetState(page)).toEqual({ top: 110, focused: true })
      expect(new URL(page.url()).hash).toBe('#to_pricing')
      await page.context().close()
    })
  }

  it('leave room for a sticky panel, and jump at once under reduced motion', async () => {
    const { page } = await visit('/', undefined, { reducedMotion: 'reduce' })
    // A sticky panel 64 px high at the top (no seeded page has one).
    await page.evaluate(() => {
      const panel = document.createElement('div')
      panel.setAttribute('data-sticky-panel', '')
      panel.style.cssText = 'position:sticky;top:0;height:64px;z-index:30;background:#fff'
      document.body.prepend(panel)
    })
    const top = await page.locator('main a[href$="#to_pricing"]').first().evaluate((element) => {
      ;(element as HTMLElement).click()
      return Math.round(document.getElementById('pricing')!.getBoundingClientRect().top)
    })
    expect(top).toBe(64 + 110)
    expect((await targetState(page)).focused).toBe(true)
    await page.context().close()
  })

  it('scroll on load too', async () => {
    const page = await newPage(browser)
    await page.goto('/#to_pricing')
    await expect.poll(() => targetState(page)).toEqual({ top: 110, focused: true })
    await page.context().close()
  })
})

describe('the site version', () => {
  it('is desktop from 768 px wide and mobile below, following the window', async () => {
    const { page } = await visit('/', undefined, { viewport: { width: 1024, height: 800 } })
    const version = () => page.evaluate(() => document.documentElement.getAttribute('data-site-version'))
    expect(await version()).toBe('desktop')
    await page.setViewportSize({ width: 767, height: 800 })
    await expect.poll(version).toBe('mobile')
    await page.setViewportSize({ width: 768, height: 800 })
    await expect.poll(version).toBe('desktop')
    await page.context().close()
  })
})

describe('lazy images', () => {
  it('have no source far down the page, and load once within 1.3 viewport heights of it', async () => {
    const token = await adminToken()
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'lazy-check.png')
    form.append('_payload', JSON.stringify({ description: 'A lazy test image' }))
    const upload = await fetch(`${baseUrl()}/cms-api/media`, { method: 'POST', headers: { authorization: `JWT ${token}` }, body: form })
    expect(upload.status).toBe(201)
    const media = (await upload.json()).doc
    // Forty questions put the image several screens down.
    const items = Array.from({ length: 40 }, (_, n) => ({ question: `Question ${n + 1}?`, answer: `Answer ${n + 1}.` }))
    const created = await fetch(`${baseUrl()}/cms-api/pages`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        path: '/landings/lazy-check',
        title: 'Lazy check',
        _status: 'published',
        layout: [{ blockType: 'hero', heading: 'Lazy check' }, { blockType: 'faq', heading: 'Many questions', items }, { blockType: 'image', image: media.id }],
      }),
    })
    expect(created.status).toBe(201)

    const height = 800
    const page = await newPage(browser, { viewport: { width: 1280, height } })
    const fetched: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('lazy-check') && request.resourceType() === 'image') fetched.push(request.url())
    })
    await page.goto('/landings/lazy-check')
    await page.locator('html[data-hydrated]').waitFor()
    const image = page.locator('main img[alt="A lazy test image"]')
    const documentTop = await image.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
    expect(documentTop).toBeGreaterThan(height * 3)
    // The page's one observer reports, and its check runs at most CHECK_THROTTLE_MS later. An observer
    // made now reports in the same rendering step, after it; a timer of that length set then fires
    // after the page's check: an image that far down has stayed without a source.
    await image.evaluate(
      (element, { throttle, margin }) =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(
            () => {
              observer.disconnect()
              setTimeout(resolve, throttle)
            },
            { rootMargin: `${margin}% 0px` },
          )
          observer.observe(element)
        }),
      { throttle: CHECK_THROTTLE_MS, margin: PRELOAD_FACTOR * 100 },
    )
    expect(await image.getAttribute('data-state')).toBe('waiting')
    expect(await image.getAttribute('src')).toBeNull()
    expect(fetched).toEqual([])
    // Its top 1.2 viewport heights below the visible part: within the preload distance.
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), documentTop - height - height * 1.2)
    await expect.poll(() => image.getAttribute('data-state')).toBe('loaded')
    expect(fetched.length).toBeGreaterThan(0)
    expect(await page.locator('main picture source[type="image/webp"]').count()).toBe(1)
    await page.context().close()
  })
})
