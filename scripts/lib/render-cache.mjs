// Next's render cache (what `revalidate = 3600` keeps), one for every instance: Next loads
// scripts/lib/render-cache-handler.mjs as its `cacheHandler`, which hands each call to the one
// RenderCache of the process made here. Entries live in Redis with REDIS_URL (rendered once for all
// instances), else in this process's memory (bounded); either way each instance follows the
// content-change signal (scripts/lib/content-changes.mjs): the signal's paths become the implicit
// tags `revalidatePath` uses, stamped with the time they changed, and an entry older than one of
// its tags is a miss. Plain Node, unit-tested in render-cache.test.mjs.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliDecompress, constants as zlib } from 'node:zlib'
import { createClient, RESP_TYPES } from 'redis'
import { realMs, realPreciseMs } from './clock.mjs'
import { logger } from './log.mjs'

/** Next's prefix of implicit (path) tags, and the header a rendered page lists its tags in. */
export const IMPLICIT_TAG = '_N_T_'
const TAGS_HEADER = 'x-next-cache-tags'
/** The root layout's tag: every page has it, so stamping it drops everything (`revalidatePath('/', 'layout')`). */
export const EVERYTHING_TAG = `${IMPLICIT_TAG}/layout`
/** The app's pages live under this segment, then the locale (src/i18n/routing.ts `internalPath`). */
const SITE_SEGMENT = '/site'
/** Memory kept without Redis, and the longest any entry is kept (Redis or memory). */
export const MEMORY_BYTES = 64 * 1024 * 1024
export const MAX_TTL_SECONDS = 24 * 3600
/** Redis: connecting gives up after this, each command after that (then: a miss). */
export const REDIS_CONNECT_MS = 1000
export const REDIS_COMMAND_MS = 500
/** A render whose start is older than this is forgotten (its answer, should it come, is not kept). */
const RENDER_WINDOW_MS = 5 * 60_000

/** Next's header-safe form of a tag (its `encodeHeaderSafe`): anything outside printable ASCII percent-encoded. */
const headerSafe = (value) => (/[^\t\x20-\x7e]/.test(value) ? value.replace(/[^\t\x20-\x7e]+/g, (run) => encodeURIComponent(run)) : value)

/**
 * The tags a content-change signal invalidates: each content path (no locale prefix) in every
 * locale, as `revalidatePath` of its internal path names it (`_N_T_/site/de/vpn`); everything
 * (a catalogue change, a lost connection) is the root layout's tag.
 */
export function tagsOfChange(change, localeCodes) {
  if (change.all) return [EVERYTHING_TAG]
  const tags = []
  for (const contentPath of change.paths ?? []) {
    if (typeof contentPath !== 'string' || !contentPath.startsWith('/')) continue
    const rest = contentPath === '/' ? '' : contentPath.replace(/\/+$/, '')
    for (const code of localeCodes) tags.push(headerSafe(`${IMPLICIT_TAG}${SITE_SEGMENT}/${code}${rest}`))
  }
  return tags
}

/** The tags an entry depends on: a page's or route's from its header, a fetch's from Next's context and its own. */
export function tagsOfEntry(value, ctx = {}) {
  const header = value?.headers?.[TAGS_HEADER]
  const own = typeof header === 'string' ? header.split(',').filter(Boolean) : []
  return [...own, ...(Array.isArray(value?.tags) ? value.tags : []), ...(ctx.tags ?? []), ...(ctx.softTags ?? [])]
}

/** How long an entry is kept: twice its revalidate time (served stale while it renders again), at most a day. */
export function ttlSeconds(cacheControl, value) {
  const revalidate = cacheControl?.revalidate ?? value?.revalidate
  const expire = cacheControl?.expire
  let ttl = typeof revalidate === 'number' && revalidate > 0 ? revalidate * 2 : MAX_TTL_SECONDS
  if (typeof expire === 'number' && expire > 0) ttl = Math.min(ttl, expire)
  return Math.max(1, Math.min(Math.ceil(ttl), MAX_TTL_SECONDS))
}

/** An entry as JSON text: Buffers as base64, Maps (a page's segment data) as their entries. */
export function encodeEntry(entry) {
  const walk = (value) => {
    if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { $b: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') }
    if (value instanceof Map) return { $m: [...value].map(([key, item]) => [key, walk(item)]) }
    if (Array.isArray(value)) return value.map(walk)
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]))
    return value
  }
  return JSON.stringify(walk(entry))
}

/** The entry `encodeEntry` wrote. */
export function decodeEntry(text) {
  const walk = (value) => {
    if (Array.isArray(value)) return value.map(walk)
    if (!value || typeof value !== 'object') return value
    if (typeof value.$b === 'string' && Object.keys(value).length === 1) return Buffer.from(value.$b, 'base64')
    if (Array.isArray(value.$m) && Object.keys(value).length === 1) return new Map(value.$m.map(([key, item]) => [key, walk(item)]))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]))
  }
  return walk(JSON.parse(text))
}

const compress = promisify(brotliCompress)
const decompress = promisify(brotliDecompress)
// Quality 4: a page's entry (HTML, RSC payload and segments, ~240 KB as text) shrinks about tenfold in a few milliseconds, off the main thread.
const PACK_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }

/** An entry as stored: its text (`encodeEntry`) compressed with Brotli. */
export async function packEntry(entry) {
  const text = encodeEntry(entry)
  return compress(Buffer.from(text), { ...PACK_OPTIONS, params: { ...PACK_OPTIONS.params, [zlib.BROTLI_PARAM_SIZE_HINT]: text.length } })
}

/** The entry `packEntry` stored. */
export async function unpackEntry(packed) {
  return decodeEntry((await decompress(packed)).toString())
}

/** This process's store: entries by key, least recently used dropped beyond `maxBytes`, each expiring. */
export function memoryStore({ maxBytes = MEMORY_BYTES, now = realMs } = {}) {
  const entries = new Map()
  let bytes = 0
  const drop = (key) => {
    const held = entries.get(key)
    if (!held) return
    entries.delete(key)
    bytes -= held.size
  }
  return {
    kind: 'memory',
    async get(key) {
      const held = entries.get(key)
      if (!held) return null
      if (held.expires <= now()) {
        drop(key)
        return null
      }
      // Most recently used last.
      entries.delete(key)
      entries.set(key, held)
      return unpackEntry(held.packed)
    },
    async set(key, entry, ttl) {
      const packed = await packEntry(entry)
      drop(key)
      const size = packed.length
      if (size > maxBytes) return
      entries.set(key, { packed, size, expires: now() + ttl * 1000 })
      bytes += size
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break
        drop(oldest)
      }
    },
    async stamp() {},
    async stamps() {
      return new Map()
    },
    size: () => entries.size,
  }
}

/** A promise that rejects after `ms` (Redis commands may not wait longer). */
const within = (promise, ms) => {
  let timer
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/**
 * Entries and tag stamps in Redis under `veilgate:{build id}:`, each entry expiring. Connecting is
 * capped at a second and each command at half a second; a failing Redis answers misses and keeps
 * nothing, with one log line when the outage begins and one when it ends.
 */
/**
 * @param {{ url?: string, buildId: string, log?: (line: string) => void, connectMs?: number, commandMs?: number, client?: any }} options
 */
export function redisStore({ url, buildId, log = (line) => logger().warn(line), connectMs = REDIS_CONNECT_MS, commandMs = REDIS_COMMAND_MS, client: given }) {
  const prefix = `veilgate:${buildId}:render:`
  const tagsKey = `veilgate:${buildId}:render-tags`
  const client =
    given ??
    createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: connectMs, reconnectStrategy: (retries) => Math.min(200 + retries * 200, 2000) },
    })
  // Entries are read back as bytes (they are compressed), tag times as text.
  const binary = client.withTypeMapping?.({ [RESP_TYPES.BLOB_STRING]: Buffer }) ?? client
  let down = false
  let onConnect = () => undefined
  client.on('error', () => undefined)
  client.on('ready', () => {
    if (down) log('[render-cache] Redis is back: rendered pages are shared again')
    down = false
    onConnect()
  })
  const connecting = client.connect().catch(() => undefined)
  const failed = (error) => {
    if (!down) log(`[render-cache] Redis failed (${error instanceof Error ? error.message : String(error)}): pages render on each request until it is back`)
    down = true
    return null
  }
  const run = async (command) => {
    try {
      if (!client.isReady) {
        // The first commands wait for the first connection (at most `connectMs`); later, none waits for a reconnect.
        await within(connecting, connectMs)
        if (!client.isReady) throw new Error('not connected')
      }
      const answer = await within(command(), commandMs)
      // A command that timed out (a busy Redis) leaves the connection up: the next answer ends the outage.
      if (down) {
        down = false
        log('[render-cache] Redis is back: rendered pages are shared again')
      }
      return answer
    } catch (error) {
      return failed(error)
    }
  }
  return {
    kind: 'redis',
    client,
    async get(key) {
      const packed = await run(() => binary.get(prefix + key))
      if (!Buffer.isBuffer(packed)) return null
      try {
        return await unpackEntry(packed)
      } catch {
        // Not ours or cut short: a miss, and the next render replaces it.
        return null
      }
    },
    async set(key, entry, ttl) {
      const packed = await packEntry(entry)
      await run(() => client.set(prefix + key, packed, { EX: ttl }))
    },
    async stamp(tags, at) {
      if (!tags.length) return
      await run(() =>
        client
          .multi()
          .hSet(tagsKey, Object.fromEntries(tags.map((tag) => [tag, String(at)])))
          .expire(tagsKey, MAX_TTL_SECONDS * 2)
          .exec(),
      )
    },
    async stamps() {
      const all = await run(() => client.hGetAll(tagsKey))
      return new Map(Object.entries(all ?? {}).map(([tag, at]) => [tag, Number(at)]))
    },
    onConnect(listener) {
      onConnect = listener
    },
    async close() {
      await client.close?.().catch(() => undefined)
    },
  }
}

/**
 * The render cache of one process over a store. Tag stamps are held here (every instance stamps
 * the same tags on each content signal) and shared in the store (Redis) for an instance that
 * missed some; an entry is a miss when one of its tags was stamped at or after it was kept, and a
 * render that began before a stamp of one of its tags is not kept (it may show the old content).
 */
export class RenderCache {
  // Stamps and render starts to a fraction of a millisecond: a miss in the same millisecond as a signal is still after it.
  constructor({ store, localeCodes, now = realPreciseMs }) {
    this.store = store
    this.localeCodes = [...localeCodes]
    this.now = now
    this.stampsByTag = new Map()
    this.rendering = new Map()
    // Tags stamped by other instances while this one was away (Redis only).
    store.onConnect?.(() => void this.loadStamps())
    // Nothing is answered before the stamps kept in Redis are known (after a restart, an entry an edit made stale stays a miss).
    this.ready = this.loadStamps()
  }

  async loadStamps() {
    for (const [tag, at] of await this.store.stamps()) if (at > (this.stampsByTag.get(tag) ?? 0)) this.stampsByTag.set(tag, at)
  }

  /** The latest stamp of any of these tags (0: none). */
  latestStamp(tags) {
    let latest = 0
    for (const tag of tags) latest = Math.max(latest, this.stampsByTag.get(tag) ?? 0)
    return latest
  }

  /** Next renders after a miss, and in the background after a stale hit: when it began is noted. */
  began(key, at) {
    const earlier = this.rendering.get(key)
    if (earlier === undefined || at - earlier > RENDER_WINDOW_MS) this.rendering.set(key, at)
  }

  async get(key, ctx = {}) {
    await this.ready
    const at = this.now()
    const entry = await this.store.get(key)
    if (!entry?.value || this.latestStamp(tagsOfEntry(entry.value, ctx)) >= entry.lastModified) {
      this.began(key, at)
      return null
    }
    const revalidate = entry.cacheControl?.revalidate ?? entry.value.revalidate
    if (typeof revalidate === 'number' && at - entry.lastModified > revalidate * 1000) this.began(key, at)
    else this.rendering.delete(key)
    return { lastModified: entry.lastModified, value: entry.value, ...(entry.cacheControl ? { cacheControl: entry.cacheControl } : {}) }
  }

  async set(key, value, ctx = {}) {
    await this.ready
    const at = this.now()
    const began = this.rendering.get(key) ?? at
    this.rendering.delete(key)
    if (!value) return
    // Begun before one of its paths changed: it may hold the old content.
    if (this.latestStamp(tagsOfEntry(value, ctx)) >= began) return
    await this.store.set(key, { lastModified: at, value, ...(ctx.cacheControl ? { cacheControl: ctx.cacheControl } : {}) }, ttlSeconds(ctx.cacheControl, value))
  }

  /** Tags invalidated now (Next's `revalidatePath` on this instance, or a signal). */
  async revalidateTag(tags) {
    const list = (typeof tags === 'string' ? [tags] : (tags ?? [])).map(headerSafe)
    if (!list.length) return
    const at = this.now()
    for (const tag of list) this.stampsByTag.set(tag, Math.max(at, this.stampsByTag.get(tag) ?? 0))
    await this.store.stamp(list, at)
  }

  /** A content-change signal (decoded), or a lost signal connection (`{ all: true }`). */
  signalled(change) {
    return this.revalidateTag(tagsOfChange(change, this.localeCodes))
  }
}

/** The site's locale codes (one message file each). */
export function siteLocales(root) {
  const folder = path.join(root, 'messages')
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5)) : ['en']
}

/** The build's id (entries of another build never mix), or `dev`. */
export function buildIdOf(distDir) {
  try {
    return readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim() || 'dev'
  } catch {
    return 'dev'
  }
}

/** Redis with REDIS_URL, else memory. */
export function storeFor(env, { distDir, log } = {}) {
  return env.REDIS_URL ? redisStore({ url: env.REDIS_URL, buildId: buildIdOf(distDir), log }) : memoryStore()
}

// On globalThis: Next bundles its handler (and this file with it) apart from the web server's copy.
const SHARED = Symbol.for('veilgate.render-cache')

/** This process's one render cache (Next's handler and the web server's signal follower both use it), for the build in `distDir`. */
export function sharedRenderCache({ env = process.env, distDir = path.join(process.cwd(), '.next') } = {}) {
  globalThis[SHARED] ??= new RenderCache({ store: storeFor(env, { distDir }), localeCodes: siteLocales(path.dirname(distDir)) })
  return globalThis[SHARED]
}
