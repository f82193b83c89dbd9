// Next's render cache across instances: two caches (as two servers hold) following the content signal
// over the test database, in memory and in a real Redis; what one keeps, what a signal drops, and Redis failing.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeChange, encodeChange, followChannel } from '../../scripts/lib/content-changes.mjs'
import { memoryStore, redisStore, RenderCache } from '../../scripts/lib/render-cache.mjs'
import { startRedis, type TestRedis } from '../support/redis-server'

const locales = ['en', 'de', 'ar']
const ctx = { kind: 'APP_PAGE', cacheControl: { revalidate: 3600, expire: 31536000 } }
const page = (path: string, text: string) => ({
  kind: 'APP_PAGE',
  html: `<h1>${text}</h1>`,
  rscData: Buffer.from(text),
  headers: { 'x-next-cache-tags': `_N_T_/layout,_N_T_/site/[locale]/[...slug]/page,_N_T_${path}` },
  status: 200,
})

// A channel of this file's own: the site's channel also carries other files' saves (an "everything" among them would drop these pages too).
const CHANNEL = `veilgate_content_test_${process.pid}`
let redis: TestRedis
let notifier: pg.Client
const stops: (() => Promise<void>)[] = []

beforeAll(async () => {
  redis = await startRedis()
  notifier = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await notifier.connect()
})

afterAll(async () => {
  for (const stop of stops) await stop()
  await notifier.end()
  await redis.stop()
})

/** One instance's render cache following the content signal (on this file's channel), as scripts/server.mjs wires it. */
async function instance(store: ReturnType<typeof memoryStore> | ReturnType<typeof redisStore>) {
  const cache = new RenderCache({ store, localeCodes: locales })
  let signals = 0
  const follower = followChannel({
    connectionString: process.env.DATABASE_URL!,
    channel: CHANNEL,
    onMessage: (text) => {
      signals++
      void cache.signalled(decodeChange(text))
    },
  })
  stops.push(async () => {
    await follower.stop()
    await (store as { close?: () => Promise<void> }).close?.()
  })
  await until(() => follower.connected())
  return { cache, signals: () => signals }
}

async function until(check: () => boolean | Promise<boolean>, what = 'the condition') {
  for (let i = 0; i < 200; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${what} did not hold within 5 s`)
}

const notify = (change: { paths?: string[]; all?: boolean }) => notifier.query('select pg_notify($1, $2)', [CHANNEL, encodeChange(change)])

/** A render as Next does it: a miss, the page rendered, kept. */
async function render(cache: RenderCache, key: string, text: string) {
  await cache.get(key, ctx)
  await cache.set(key, page(key, text), ctx)
}

const html = async (cache: RenderCache, key: string) => ((await cache.get(key, ctx)) as { value: { html: string } } | null)?.value.html ?? null

describe.each([
  ['in memory', () => memoryStore()],
  ['in Redis', () => redisStore({ url: redis.url, buildId: 'int-1' })],
] as const)('the render cache %s', (where, store) => {
  const shared = where === 'in Redis'

  it(`${shared ? 'is one for both instances' : 'stays on each instance'}, and a signal for a path drops it on both`, async () => {
    const [a, b] = await Promise.all([instance(store()), instance(store())])
    const key = `/site/de/render-${shared ? 'r' : 'm'}`
    await render(a.cache, key, 'first')
    expect(await html(a.cache, key)).toBe('<h1>first</h1>')
    if (shared) expect(await html(b.cache, key)).toBe('<h1>first</h1>')
    else {
      expect(await html(b.cache, key)).toBeNull()
      await render(b.cache, key, 'first')
    }
    // Another path's signal leaves it.
    const seen = [a.signals(), b.signals()]
    await notify({ paths: ['/elsewhere'] })
    await until(() => a.signals() > seen[0]! && b.signals() > seen[1]!, 'the signal')
    expect(await html(b.cache, key)).toBe('<h1>first</h1>')
    // Its own path's: both miss, and the next render is kept for both.
    await notify({ paths: [`/render-${shared ? 'r' : 'm'}`] })
    await until(async () => (await html(a.cache, key)) === null && (await html(b.cache, key)) === null, 'both misses')
    await new Promise((resolve) => setTimeout(resolve, 2))
    await render(b.cache, key, 'second')
    expect(await html(b.cache, key)).toBe('<h1>second</h1>')
    if (shared) expect(await html(a.cache, key)).toBe('<h1>second</h1>')
  })

  it('does not keep a render begun before a signal for its path', async () => {
    const a = await instance(store())
    const key = `/site/en/begun-${shared ? 'r' : 'm'}`
    expect(await a.cache.get(key, ctx)).toBeNull()
    const seen = a.signals()
    await notify({ paths: [`/begun-${shared ? 'r' : 'm'}`] })
    await until(() => a.signals() > seen, 'the signal')
    await a.cache.set(key, page(key, 'old content'), ctx)
    expect(await html(a.cache, key)).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 2))
    await render(a.cache, key, 'new content')
    expect(await html(a.cache, key)).toBe('<h1>new content</h1>')
  })
})

describe('the render cache when Redis fails', () => {
  it('answers misses and keeps nothing while Redis is down, with one log line, and is shared again once it is back', { timeout: 20_000 }, async () => {
    const lines: string[] = []
    const store = redisStore({ url: redis.url, buildId: 'int-2', log: (line) => lines.push(line) })
    stops.push(() => store.close())
    const cache = new RenderCache({ store, localeCodes: locales })
    await render(cache, '/site/en/down', 'kept')
    expect(await html(cache, '/site/en/down')).toBe('<h1>kept</h1>')
    await redis.stop()
    expect(await cache.get('/site/en/down', ctx)).toBeNull()
    await cache.set('/site/en/down', page('/site/en/down', 'while down'), ctx)
    expect(await cache.get('/site/en/down', ctx)).toBeNull()
    expect(lines.filter((line) => line.includes('Redis failed'))).toHaveLength(1)
    await redis.restart()
    await until(async () => {
      await render(cache, '/site/en/down', 'back')
      return (await html(cache, '/site/en/down')) === '<h1>back</h1>'
    }, 'the reconnect')
    expect(lines.filter((line) => line.includes('Redis is back'))).toHaveLength(1)
  })
})
