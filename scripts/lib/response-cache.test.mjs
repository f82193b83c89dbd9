import { describe, expect, it, vi } from 'vitest'
import { bypasses, cacheKey, CHANGE_SIGNAL_TIMEOUT_MS, chooseEncoding, contentPathOf, etagMatches, parseCookies, ResponseCache, sharedMaxAge, storableFor } from './response-cache.mjs'

const locales = new Set(['en', 'de', 'ar', 'jp'])
const request = (url, headers = {}, method = 'GET') => ({ url, method, headers: { host: 'localhost:3000', ...headers } })
const page = (extra = {}) => ({ 'content-type': 'text/html; charset=utf-8', 'x-nextjs-cache': 'HIT', 'cache-control': 's-maxage=3600, stale-while-revalidate=31535400', etag: '"abc"', ...extra })

describe('the cache key', () => {
  it('holds host, path, the search page’s query, the locale and experiment cookies, and the locale Accept-Language picks only without a locale prefix', () => {
    const base = cacheKey(request('/vpn'), locales)
    expect(cacheKey(request('/search?q=vpn'), locales)).not.toBe(cacheKey(request('/search?q=dns'), locales))
    expect(cacheKey(request('/search?q=vpn&page=2'), locales)).not.toBe(cacheKey(request('/search?q=vpn'), locales))
    expect(cacheKey(request('/vpn', { host: 'example.org' }), locales)).not.toBe(base)
    expect(cacheKey(request('/vpn', { cookie: 'NEXT_LOCALE=de' }), locales)).not.toBe(base)
    expect(cacheKey(request('/vpn', { cookie: 'exp_picker=1' }), locales)).not.toBe(base)
    expect(cacheKey(request('/vpn', { 'accept-language': 'de' }), locales)).not.toBe(base)
    // Other cookies (consent, analytics) and headers do not split the cache.
    expect(cacheKey(request('/vpn', { cookie: 'other=1', 'user-agent': 'x' }), locales)).toBe(base)
    expect(cacheKey(request('/de/vpn', { 'accept-language': 'ar' }), locales)).toBe(cacheKey(request('/de/vpn'), locales))
    expect(cacheKey(request('/de', { 'accept-language': 'ar' }), locales)).toBe(cacheKey(request('/de'), locales))
    expect(cacheKey(request('/x', { cookie: 'exp_b=1; exp_a=0' }), locales)).toBe(cacheKey(request('/x', { cookie: 'exp_a=0;exp_b=1' }), locales))
    // Tracking and unknown parameters, and the order of kept ones, do not.
    expect(cacheKey(request('/vpn?utm_source=news&gclid=1&fbclid=2&ref=x&ts=5&other=1'), locales)).toBe(base)
    expect(cacheKey(request('/search?utm_medium=a&page=2&q=vpn'), locales)).toBe(cacheKey(request('/search?q=vpn&page=2'), locales))
    // Languages the site does not have are no language; the same pick from different headers is one key.
    expect(cacheKey(request('/vpn', { 'accept-language': 'xx-YY, tlh;q=0.9' }), locales)).toBe(base)
    expect(cacheKey(request('/vpn', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' }), locales)).toBe(cacheKey(request('/vpn', { 'accept-language': 'de' }), locales))
  })

  it('keeps one entry per page and locale through 10,000 shared-link queries and 1,000 invented languages', () => {
    const cache = new ResponseCache({ maxBytes: 64 * 1024 * 1024, compress: false, localeCodes: locales })
    const body = Buffer.from('<html>page</html>')
    const offer = (req) => cache.offer(cache.key(req), { method: 'GET', status: 200, headers: page(), body, generation: cache.generation })
    for (let i = 0; i < 10_000; i++) offer(request(`/vpn?utm_source=link-${i}&utm_campaign=${i % 7}`))
    for (let i = 0; i < 1_000; i++) offer(request('/vpn', { 'accept-language': `x${i.toString(36)}-${i}, q${i};q=0.8` }))
    for (let i = 0; i < 1_000; i++) offer(request('/vpn', { 'accept-language': `de-${i}, y${i};q=0.5` }))
    expect(cache.entries.size).toBe(2)
    expect(cache.get(cache.key(request('/vpn?utm_source=fresh')))).toBeDefined()
  })

  it('never throws on broken percent-encoding or odd cookies', () => {
    expect(() => cacheKey(request('/%E0%A4%A?%zz', { cookie: '=;;NEXT_LOCALE=%%%; a' }), locales)).not.toThrow()
    expect(contentPathOf('/de/%E0%A4%A', locales)).toBe('/%E0%A4%A')
    expect(parseCookies('a=1; b = 2; a=3; broken')).toEqual(new Map([['a', '1'], ['b', '2']]))
  })
})

describe('what reaches Next anyway', () => {
  it('lets previews, admins, router and action requests, and other methods through', () => {
    expect(bypasses(request('/'))).toBe(false)
    expect(bypasses(request('/', { cookie: 'NEXT_LOCALE=de; exp_x=1' }))).toBe(false)
    for (const cookie of ['__prerender_bypass=1', '__next_preview_data=x', 'payload-token=t']) expect(bypasses(request('/', { cookie: `a=1; ${cookie}` }))).toBe(true)
    for (const header of ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-action']) expect(bypasses(request('/', { [header]: '1' }))).toBe(true)
    expect(bypasses(request('/?_rsc=abc'))).toBe(true)
    expect(bypasses(request('/?a=1&_rsc'))).toBe(true)
    expect(bypasses(request('/?x_rsc=1'))).toBe(false)
    expect(bypasses(request('/', {}, 'POST'))).toBe(true)
    expect(bypasses(request('/', {}, 'HEAD'))).toBe(false)
  })
})

describe('what is kept', () => {
  it('keeps 200 HTML from the render cache for its s-maxage, and nothing else', () => {
    expect(storableFor({ method: 'GET', status: 200, headers: page() })).toBe(3_600_000)
    expect(storableFor({ method: 'GET', status: 200, headers: page({ 'x-nextjs-cache': 'MISS' }) })).toBe(3_600_000)
    expect(storableFor({ method: 'GET', status: 200, headers: page({ 'x-nextjs-cache': 'STALE' }) })).toBeNull()
    expect(storableFor({ method: 'GET', status: 200, headers: page({ 'x-nextjs-cache': undefined }) })).toBeNull()
    expect(storableFor({ method: 'GET', status: 404, headers: page() })).toBeNull()
    expect(storableFor({ method: 'HEAD', status: 200, headers: page() })).toBeNull()
    expect(storableFor({ method: 'GET', status: 200, headers: page({ 'content-type': 'application/json' }) })).toBeNull()
    expect(storableFor({ method: 'GET', status: 200, headers: page({ 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }) })).toBeNull()
    expect(storableFor({ method: 'GET', status: 200, headers: page({ 'set-cookie': ['exp_picker=1; Path=/'] }) })).toBeNull()
    expect(storableFor({ method: 'GET', status: 200, headers: page({ 'set-cookie': ['NEXT_LOCALE=de; Path=/'] }) })).toBe(3_600_000)
    expect(storableFor({ method: 'GET', status: 200, headers: page({ 'set-cookie': ['NEXT_LOCALE=de; Path=/', 'session=1'] }) })).toBeNull()
    expect(sharedMaxAge('public, max-age=60')).toBe(60)
    expect(sharedMaxAge('s-maxage=0')).toBeNull()
  })
})

describe('encodings and validators', () => {
  it('picks by q-values, brotli first on a tie, identity when nothing else is acceptable', () => {
    const all = ['br', 'gzip', 'identity']
    expect(chooseEncoding('gzip, deflate, br, zstd', all)).toBe('br')
    expect(chooseEncoding('gzip', all)).toBe('gzip')
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', all)).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0', all)).toBe('identity')
    expect(chooseEncoding('*', all)).toBe('br')
    expect(chooseEncoding('*;q=0.1, identity;q=0.5', all)).toBe('identity')
    expect(chooseEncoding(undefined, all)).toBe('identity')
    expect(chooseEncoding('br', ['identity'])).toBe('identity')
    expect(chooseEncoding('gzip;q=bogus', all)).toBe('identity')
  })

  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true)
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true)
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true)
    expect(etagMatches('*', '"abc"')).toBe(true)
    expect(etagMatches('"abd"', '"abc"')).toBe(false)
    expect(etagMatches(undefined, '"abc"')).toBe(false)
  })
})

describe('the cache', () => {
  const body = Buffer.from(`<!doctype html><html><body>${'x'.repeat(4000)}</body></html>`)
  const make = (options = {}) => {
    let now = 1_000
    const cache = new ResponseCache({ maxBytes: 64 * 1024 * 1024, localeCodes: locales, now: () => now, ...options })
    return { cache, tick: (ms) => (now += ms) }
  }

  it('answers until the s-maxage ends, then lets Next answer again', () => {
    const { cache, tick } = make()
    const key = cache.key(request('/vpn'))
    expect(cache.offer(key, { method: 'GET', status: 200, headers: page({ 'cache-control': 's-maxage=60' }), body, generation: cache.generation })).toBeDefined()
    expect(cache.get(key)?.bodies.identity).toBe(body)
    tick(59_000)
    expect(cache.get(key)).toBeDefined()
    tick(1_000)
    expect(cache.get(key)).toBeUndefined()
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 })
  })

  it('keeps the final headers without the ones per response, and adds Vary: Accept-Encoding', () => {
    const { cache } = make()
    const key = cache.key(request('/vpn'))
    const entry = cache.offer(key, { method: 'GET', status: 200, headers: page({ 'content-length': '4040', 'content-security-policy': "script-src 'self' 'sha256-x'", vary: 'rsc, next-router-state-tree' }), body, generation: cache.generation })
    expect(entry.headers['content-length']).toBeUndefined()
    expect(entry.headers['x-nextjs-cache']).toBeUndefined()
    expect(entry.headers['content-security-policy']).toBe("script-src 'self' 'sha256-x'")
    expect(entry.headers.vary).toBe('rsc, next-router-state-tree, Accept-Encoding')
    expect(make({ compress: false }).cache.offer(key, { method: 'GET', status: 200, headers: page(), body, generation: 0 }).headers.vary).toBeUndefined()
  })

  it('compresses once per ETag at high settings, identity until ready', async () => {
    const { cache } = make()
    const first = cache.offer(cache.key(request('/vpn')), { method: 'GET', status: 200, headers: page(), body, generation: cache.generation })
    const second = cache.offer(cache.key(request('/vpn', { cookie: 'NEXT_LOCALE=en' })), { method: 'GET', status: 200, headers: page(), body, generation: cache.generation })
    expect(first.bodies.br).toBeUndefined()
    await expect.poll(() => Boolean(first.bodies.br && second.bodies.gzip)).toBe(true)
    expect(first.bodies.br).toBe(second.bodies.br)
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib')
    expect(gunzipSync(first.bodies.gzip).equals(body)).toBe(true)
    expect(brotliDecompressSync(first.bodies.br).equals(body)).toBe(true)
    expect(cache.stats().bytes).toBeGreaterThan(body.length + first.bodies.br.length)
  })

  it('does not keep what was rendered before a purge, and purges a path in every locale and listing page', () => {
    const { cache } = make({ compress: false })
    const offer = (url, generation = cache.generation) => cache.offer(cache.key(request(url)), { method: 'GET', status: 200, headers: page(), body, generation })
    const started = cache.generation
    cache.purge({ paths: ['/other'] })
    expect(offer('/vpn', started)).toBeUndefined()
    for (const url of ['/vpn', '/de/vpn', '/ar/vpn/', '/blog', '/jp/blog/page/2', '/pricing']) offer(url)
    expect(cache.stats().entries).toBe(6)
    cache.purge({ paths: ['/vpn', '/blog'] })
    expect(cache.stats().entries).toBe(1)
    cache.offerStatic('/_next/static/chunks/a.js', { headers: { 'content-type': 'application/javascript' }, body })
    cache.purge({ all: true })
    expect(cache.stats().entries).toBe(1)
    expect(cache.get(cache.staticKey('/_next/static/chunks/a.js'))).toBeDefined()
  })

  it('serves and keeps no page while a change announced here has not come back as a signal, then drops what it changed', () => {
    vi.useFakeTimers()
    try {
      const { cache } = make({ compress: false })
      const offer = (url, generation = cache.generation) => cache.offer(cache.key(request(url)), { method: 'GET', status: 200, headers: page(), body, generation })
      offer('/')
      offer('/blog')
      cache.offerStatic('/_next/static/chunks/a.js', { headers: { 'content-type': 'application/javascript' }, body })
      const started = cache.generation
      // The save's hook announces inside its transaction; the editor's answer may come before the signal.
      cache.expectChange('{"all":true}')
      expect(cache.get(cache.key(request('/')))).toBeUndefined()
      expect(offer('/pricing')).toBeUndefined()
      expect(offer('/pricing', started)).toBeUndefined()
      expect(cache.get(cache.staticKey('/_next/static/chunks/a.js'))).toBeDefined()
      // Another instance's signal drops its pages but does not end the wait for ours.
      cache.signalled({ paths: ['/other'] }, '{"paths":["/other"]}')
      expect(cache.waiting).toBe(true)
      expect(offer('/pricing')).toBeUndefined()
      cache.signalled({ all: true }, '{"all":true}')
      expect(cache.waiting).toBe(false)
      expect(cache.get(cache.key(request('/')))).toBeUndefined()
      expect(offer('/')).toBeDefined()
      expect(cache.get(cache.key(request('/')))).toBeDefined()
      // A signal that never comes (the save rolled back): after the timeout every page is dropped and the cache serves again.
      cache.expectChange('{"paths":["/vpn"]}')
      vi.advanceTimersByTime(CHANGE_SIGNAL_TIMEOUT_MS - 1)
      expect(cache.waiting).toBe(true)
      vi.advanceTimersByTime(1)
      expect(cache.waiting).toBe(false)
      expect(cache.get(cache.key(request('/')))).toBeUndefined()
      expect(offer('/')).toBeDefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('stays under its size cap, dropping the least recently used first; 0 keeps nothing', () => {
    const { cache } = make({ compress: false, maxBytes: 3 * (body.length + 1000) })
    const keys = ['/a', '/b', '/c', '/d'].map((url) => cache.key(request(url)))
    for (const key of keys.slice(0, 3)) cache.offer(key, { method: 'GET', status: 200, headers: page(), body, generation: cache.generation })
    cache.get(keys[0])
    cache.offer(keys[3], { method: 'GET', status: 200, headers: page(), body, generation: cache.generation })
    expect(cache.get(keys[0])).toBeDefined()
    expect(cache.get(keys[1])).toBeUndefined()
    expect(cache.get(keys[3])).toBeDefined()
    expect(cache.stats().bytes).toBeLessThanOrEqual(cache.maxBytes)
    const off = make({ maxBytes: 0 }).cache
    expect(off.enabled).toBe(false)
    expect(off.offer(keys[0], { method: 'GET', status: 200, headers: page(), body, generation: off.generation })).toBeUndefined()
  })
})

describe('the server settings', async () => {
  const { serverOptions } = await import('./server-options.mjs')
  it('reads RESPONSE_CACHE_MB (64 by default, 0 for off) and COMPRESSION (on by default), refusing anything else', () => {
    expect(serverOptions({})).toEqual({ cacheBytes: 64 * 1024 * 1024, compression: true, drainMs: 5000 })
    expect(serverOptions({ RESPONSE_CACHE_MB: '0', COMPRESSION: 'OFF' })).toEqual({ cacheBytes: 0, compression: false, drainMs: 5000 })
    expect(serverOptions({ RESPONSE_CACHE_MB: '256' }, { dev: true }).cacheBytes).toBe(0)
    expect(() => serverOptions({ RESPONSE_CACHE_MB: '-1' })).toThrow(/RESPONSE_CACHE_MB/)
    expect(() => serverOptions({ RESPONSE_CACHE_MB: '1.5' })).toThrow(/RESPONSE_CACHE_MB/)
    expect(() => serverOptions({ COMPRESSION: 'gzip' })).toThrow(/COMPRESSION/)
  })

  it('reads SHUTDOWN_DRAIN_SECONDS (5 by default, 0 for none), refusing anything else', () => {
    expect(serverOptions({ SHUTDOWN_DRAIN_SECONDS: '0' }).drainMs).toBe(0)
    expect(serverOptions({ SHUTDOWN_DRAIN_SECONDS: '12.5' }).drainMs).toBe(12_500)
    expect(() => serverOptions({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/)
    expect(() => serverOptions({ SHUTDOWN_DRAIN_SECONDS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/)
  })
})
