import { describe, expect, it } from 'vitest'
import { addToHistory, anchorId, anchorScrollTop, easeInOut, mayPrefetch, MAX_SCROLL_MS, routerPath, scrollDuration, siteVersionOf, type HistoryEntry } from './navigation'

describe('the prefetch rule', () => {
  it('prefetches on a good or unknown connection', () => {
    expect(mayPrefetch(undefined, true)).toBe(true)
    expect(mayPrefetch(null, true)).toBe(true)
    expect(mayPrefetch({ effectiveType: '4g', saveData: false }, true)).toBe(true)
    expect(mayPrefetch({ effectiveType: '3g' }, true)).toBe(true)
  })
  it('never on 2g, slow-2g, with data saver on, or offline', () => {
    expect(mayPrefetch({ effectiveType: '2g' }, true)).toBe(false)
    expect(mayPrefetch({ effectiveType: 'slow-2g' }, true)).toBe(false)
    expect(mayPrefetch({ effectiveType: '4g', saveData: true }, true)).toBe(false)
    expect(mayPrefetch({ effectiveType: '4g' }, false)).toBe(false)
    expect(mayPrefetch(undefined, false)).toBe(false)
  })
})

describe('links the router takes', () => {
  const here = 'https://veilgate.example/de/pricing?x=1'
  it('keeps path, query and hash of the site’s pages', () => {
    expect(routerPath('/de/vpn', here)).toBe('/de/vpn')
    expect(routerPath('https://veilgate.example/de/extras?plan=2#to_cards', here)).toBe('/de/extras?plan=2#to_cards')
    expect(routerPath('/blog', 'https://veilgate.example/extras')).toBe('/blog')
    expect(routerPath('features', here)).toBe('/de/features')
  })
  it('leaves other sites, other locales, the app pages, the admin, the APIs and files to the browser', () => {
    for (const href of ['https://other.example/', '//other.example/a', '/admin', '/admin/collections/pages', '/api/site/tags', '/cms-api/pages', '/sitemap.xml', '/media/logo.png', '/scripts/cookie-notice.js', 'mailto:a@b.example', 'http://[bad', '/ru', '/order/pickup', '/ar/vpn', '/de/order/pickup', '/de/sign-in', '/de/my-account/orders', '/de/payment-success'])
      expect(routerPath(href, here), href).toBeNull()
  })
})

describe('anchors', () => {
  it('reads #to_ ids only', () => {
    expect(anchorId('#to_pricing')).toBe('pricing')
    expect(anchorId('#to_caf%C3%A9')).toBe('café')
    expect(anchorId('#pricing')).toBeNull()
    expect(anchorId('#to_')).toBeNull()
    expect(anchorId('#to_%E0%A4%A')).toBeNull()
    expect(anchorId('')).toBeNull()
  })
  it('puts the target 110 px below the sticky panel, within the page', () => {
    expect(anchorScrollTop(2000, 64, 5000)).toBe(1826)
    expect(anchorScrollTop(2000, 0, 5000)).toBe(1890)
    expect(anchorScrollTop(100, 64, 5000)).toBe(0)
    expect(anchorScrollTop(2000, 64, 1500)).toBe(1500)
    expect(anchorScrollTop(2000, 64, -10)).toBe(0)
  })
  it('scrolls in at most 450 ms, instantly under reduced motion', () => {
    expect(scrollDuration(0, false)).toBe(0)
    expect(scrollDuration(100, false)).toBeGreaterThan(0)
    expect(scrollDuration(100, false)).toBeLessThan(scrollDuration(2000, false))
    expect(scrollDuration(-2000, false)).toBe(scrollDuration(2000, false))
    expect(scrollDuration(100_000, false)).toBe(MAX_SCROLL_MS)
    expect(scrollDuration(2000, true)).toBe(0)
    expect(easeInOut(0)).toBe(0)
    expect(easeInOut(1)).toBe(1)
    expect(easeInOut(0.5)).toBeCloseTo(0.5)
  })
})

describe('the router history', () => {
  const page = (n: number, name = `Page ${n}`): HistoryEntry => ({ name, path: `/p${n}`, fullPath: `/p${n}?q=${n}` })
  it('keeps the last 3 entries, newest last', () => {
    let history: HistoryEntry[] = []
    for (let n = 1; n <= 5; n++) history = addToHistory(history, page(n))
    expect(history).toEqual([page(3), page(4), page(5)])
  })
  it('updates the entry of the same page (a title set late) without adding one', () => {
    const history = addToHistory([page(1), page(2, '')], page(2))
    expect(history).toEqual([page(1), page(2)])
    const same = [page(1)]
    expect(addToHistory(same, page(1))).toEqual(same)
    expect(addToHistory(same, page(1))).not.toBe(same)
  })
})

describe('the site version', () => {
  it('is desktop from 768 px, mobile below', () => {
    expect(siteVersionOf(767)).toBe('mobile')
    expect(siteVersionOf(768)).toBe('desktop')
    expect(siteVersionOf(1280)).toBe('desktop')
    expect(siteVersionOf(320)).toBe('mobile')
  })
})
