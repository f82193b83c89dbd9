// Unit tests of the render cache: signals to tags, when an entry is a miss or is not kept, expiry, the memory bound, and Redis keys with a fake client.
import { describe, expect, it } from 'vitest'
import { decodeEntry, encodeEntry, EVERYTHING_TAG, memoryStore, packEntry, unpackEntry, redisStore, RenderCache, storeFor, tagsOfChange, ttlSeconds } from './render-cache.mjs'

const locales = ['en', 'de', 'ar']
const page = (path, extra = {}) => ({
  kind: 'APP_PAGE',
  html: `<h1>${path}</h1>`,
  rscData: Buffer.from(`rsc ${path}`),
  segmentData: new Map([['/_tree', Buffer.from('tree')]]),
  headers: { 'x-next-cache-tags': `_N_T_/layout,_N_T_/site/layout,_N_T_/site/[locale]/layout,_N_T_/site/[locale]/[...slug]/page,_N_T_${path}` },
  status: 200,
  ...extra,
})
const ctx = { kind: 'APP_PAGE', cacheControl: { revalidate: 3600, expire: 31536000 } }

/** A cache over memory with a clock the test moves. */
function cacheAt(start = 1_000_000) {
  const clock = { ms: start }
  const store = memoryStore({ now: () => clock.ms })
  return { clock, store, cache: new RenderCache({ store, localeCodes: locales, now: () => clock.ms }) }
}

describe('the signal’s paths as Next’s tags', () => {
  it('name each content path in every locale as revalidatePath does, and everything as the root layout', () => {
    expect(tagsOfChange({ all: false, paths: ['/vpn', '/'] }, locales)).toEqual([
      '_N_T_/site/en/vpn',
      '_N_T_/site/de/vpn',
      '_N_T_/site/ar/vpn',
      '_N_T_/site/en',
      '_N_T_/site/de',
      '_N_T_/site/ar',
    ])
    expect(tagsOfChange({ paths: ['/blog/'] }, ['en'])).toEqual(['_N_T_/site/en/blog'])
    // Header-safe, as Next writes them.
    expect(tagsOfChange({ paths: ['/блог'] }, ['ru'])).toEqual([`_N_T_/site/ru/${encodeURIComponent('блог')}`])
    expect(tagsOfChange({ paths: ['relative', 42] }, ['en'])).toEqual([])
    expect(tagsOfChange({ all: true, paths: [] }, locales)).toEqual([EVERYTHING_TAG])
  })
})

describe('the render cache', () => {
  it('answers what was kept, with its lifetime, until a signal names one of its paths', async () => {
    const { cache, clock } = cacheAt()
    expect(await cache.get('/site/de/vpn', ctx)).toBeNull()
    await cache.set('/site/de/vpn', page('/site/de/vpn'), ctx)
    await cache.get('/site/en/blog', ctx)
    await cache.set('/site/en/blog', page('/site/en/blog'), ctx)
    clock.ms += 10
    const hit = await cache.get('/site/de/vpn', ctx)
    expect(hit).toMatchObject({ lastModified: 1_000_000, cacheControl: ctx.cacheControl, value: { kind: 'APP_PAGE', html: '<h1>/site/de/vpn</h1>' } })
    expect(hit.value.rscData).toEqual(Buffer.from('rsc /site/de/vpn'))
    expect(hit.value.segmentData.get('/_tree')).toEqual(Buffer.from('tree'))
    clock.ms += 10
    await cache.signalled({ all: false, paths: ['/vpn'] })
    clock.ms += 1
    expect(await cache.get('/site/de/vpn', ctx)).toBeNull()
    expect(await cache.get('/site/en/blog', ctx)).not.toBeNull()
    // Rendered again after the signal: kept.
    clock.ms += 10
    await cache.set('/site/de/vpn', page('/site/de/vpn'), ctx)
    expect(await cache.get('/site/de/vpn', ctx)).not.toBeNull()
    // Everything (a catalogue change, a lost signal connection).
    clock.ms += 10
    await cache.signalled({ all: true, paths: [] })
    expect(await cache.get('/site/de/vpn', ctx)).toBeNull()
    expect(await cache.get('/site/en/blog', ctx)).toBeNull()
  })

  it('does not keep a render begun before a signal for its path, and keeps the next one', async () => {
    const { cache, clock } = cacheAt()
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
    clock.ms += 5
    await cache.signalled({ paths: ['/vpn'] })
    clock.ms += 5
    await cache.set('/site/en/vpn', page('/site/en/vpn'), ctx)
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
    clock.ms += 5
    await cache.set('/site/en/vpn', page('/site/en/vpn'), ctx)
    expect(await cache.get('/site/en/vpn', ctx)).not.toBeNull()
    // Another path's signal changes nothing for it; a stale hit's background render is watched too.
    await cache.signalled({ paths: ['/pricing'] })
    clock.ms += 3_600_001
    expect(await cache.get('/site/en/vpn', ctx)).not.toBeNull()
    clock.ms += 1
    await cache.signalled({ paths: ['/vpn'] })
    await cache.set('/site/en/vpn', page('/site/en/vpn'), ctx)
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
  })

  it('takes revalidatePath’s tags on this instance like a signal', async () => {
    const { cache, clock } = cacheAt()
    await cache.get('/site/en/vpn', ctx)
    await cache.set('/site/en/vpn', page('/site/en/vpn'), ctx)
    clock.ms += 1
    await cache.revalidateTag(['_N_T_/site/en/vpn'])
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
    clock.ms += 1
    await cache.set('/site/en/vpn', page('/site/en/vpn'), ctx)
    clock.ms += 1
    await cache.revalidateTag('_N_T_/layout')
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
  })

  it('keeps entries twice their revalidate time, at most a day', async () => {
    expect(ttlSeconds({ revalidate: 3600, expire: 31536000 })).toBe(7200)
    expect(ttlSeconds({ revalidate: 60, expire: 90 })).toBe(90)
    expect(ttlSeconds({ revalidate: false })).toBe(86400)
    expect(ttlSeconds(undefined, { revalidate: 10 })).toBe(20)
    const { cache, clock } = cacheAt()
    await cache.get('/site/en/vpn', ctx)
    await cache.set('/site/en/vpn', page('/site/en/vpn'), ctx)
    clock.ms += 7_199_000
    expect(await cache.get('/site/en/vpn', ctx)).not.toBeNull()
    clock.ms += 1_000
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
  })

  it('stays within its memory, dropping the least recently used', async () => {
    const store = memoryStore({ maxBytes: 3 * (await packEntry({ lastModified: 1, value: page('/site/en/a') })).length + 10 })
    for (const name of ['a', 'b', 'c']) await store.set(name, { lastModified: 1, value: page(`/site/en/${name}`) }, 60)
    await store.get('a')
    await store.set('d', { lastModified: 1, value: page('/site/en/d') }, 60)
    expect(await store.get('b')).toBeNull()
    expect(await store.get('a')).not.toBeNull()
    expect(store.size()).toBe(3)
  })

  it('writes Buffers and Maps as text and reads them back', () => {
    const value = page('/site/en/x')
    expect(decodeEntry(encodeEntry({ lastModified: 5, value }))).toEqual({ lastModified: 5, value })
  })

  it('keeps entries compressed', async () => {
    const value = { ...page('/site/en/x'), html: `<main>${'<p class="text-base">Veilgate</p>'.repeat(2000)}</main>` }
    const packed = await packEntry({ lastModified: 5, value })
    expect(packed.length * 10).toBeLessThan(encodeEntry({ lastModified: 5, value }).length)
    expect(await unpackEntry(packed)).toEqual({ lastModified: 5, value })
  })
})

describe('the Redis store', () => {
  it('is chosen only with REDIS_URL', async () => {
    expect(storeFor({}).kind).toBe('memory')
    const store = storeFor({ REDIS_URL: 'redis://127.0.0.1:1' }, { distDir: '/nowhere', log: () => undefined })
    expect(store.kind).toBe('redis')
    await store.close()
  })

  it('keeps entries under the build’s prefix with their expiry, and tag times in one hash', async () => {
    const calls = []
    const data = new Map()
    const client = {
      isReady: true,
      on: () => client,
      connect: async () => undefined,
      get: async (key) => data.get(key) ?? null,
      set: async (key, value, options) => {
        calls.push(['set', key, options])
        data.set(key, value)
      },
      hGetAll: async () => ({ '_N_T_/site/en/old': '5' }),
      multi() {
        const steps = []
        const chain = {
          hSet: (key, fields) => (steps.push(['hSet', key, fields]), chain),
          expire: (key, seconds) => (steps.push(['expire', key, seconds]), chain),
          exec: async () => calls.push(...steps),
        }
        return chain
      },
    }
    const store = redisStore({ buildId: 'b1', client })
    const cache = new RenderCache({ store, localeCodes: ['en'], now: () => 100 })
    await cache.loadStamps()
    expect(cache.latestStamp(['_N_T_/site/en/old'])).toBe(5)
    await cache.get('/site/en/vpn', ctx)
    await cache.set('/site/en/vpn', page('/site/en/vpn'), ctx)
    expect(calls[0]).toEqual(['set', 'veilgate:b1:render:/site/en/vpn', { EX: 7200 }])
    expect(Buffer.isBuffer(data.get('veilgate:b1:render:/site/en/vpn'))).toBe(true)
    expect((await cache.get('/site/en/vpn', ctx)).value.html).toBe('<h1>/site/en/vpn</h1>')
    // Bytes that are not an entry (another writer, cut short) are a miss.
    data.set('veilgate:b1:render:/site/en/vpn', Buffer.from('not an entry'))
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
    await cache.signalled({ paths: ['/vpn'] })
    expect(calls.slice(1)).toEqual([
      ['hSet', 'veilgate:b1:render-tags', { '_N_T_/site/en/vpn': '100' }],
      ['expire', 'veilgate:b1:render-tags', 172800],
    ])
  })

  it('answers a miss, keeps nothing and logs once while Redis fails', async () => {
    const lines = []
    const client = {
      isReady: true,
      on: () => client,
      connect: async () => undefined,
      get: () => new Promise(() => undefined),
      set: async () => {
        throw new Error('READONLY')
      },
      hGetAll: async () => ({}),
    }
    const cache = new RenderCache({ store: redisStore({ buildId: 'b1', client, commandMs: 20, log: (line) => lines.push(line) }), localeCodes: ['en'] })
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
    await cache.set('/site/en/vpn', page('/site/en/vpn'), ctx)
    expect(await cache.get('/site/en/vpn', ctx)).toBeNull()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[render-cache\] Redis failed \(no answer within 20 ms\)/)
  })
})
