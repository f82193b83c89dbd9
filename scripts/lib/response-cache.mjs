// The response cache of scripts/server.mjs: cached pages answered from memory, without entering Next,
// with their final headers (the CSP with the page's hashes) and bytes compressed once per ETag;
// `/_next/static/` files compressed once per file. Plain Node, unit-tested in response-cache.test.mjs.
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { realMs } from './clock.mjs'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/** Cookies that show an editor or a signed-in admin: their pages are never answered from memory. */
export const BYPASS_COOKIES = ['__prerender_bypass', '__next_preview_data', 'payload-token']
export const LOCALE_COOKIE = 'NEXT_LOCALE'
const EXPERIMENT_COOKIE = /^exp_/

/**
 * Headers of one answer, never part of the stored answer: an answer from memory gets its own
 * (the server sets the request's `x-request-id` before the cache answers).
 */
const DROPPED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'x-nextjs-cache', 'x-request-id'])

/** The cookies of a request by name, values raw (nothing is decoded, so nothing can throw). */
export function parseCookies(header) {
  const cookies = new Map()
  for (const part of String(header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 1) continue
    const name = part.slice(0, at).trim()
    if (name && !cookies.has(name)) cookies.set(name, part.slice(at + 1).trim())
  }
  return cookies
}

const headerText = (value) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''))
const splitUrl = (url) => {
  const at = url.indexOf('?')
  return at < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, at), search: url.slice(at) }
}

/**
 * Requests that must reach Next: anything but GET and HEAD, Next's router and server-action
 * requests (`RSC`, `Next-Router-*`, `Next-Action`, `_rsc`), previews and signed-in admins.
 */
export function bypasses(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return true
  for (const name of Object.keys(req.headers)) {
    if (name === 'rsc' || name === 'next-action' || name.startsWith('next-router-')) return true
  }
  const { search } = splitUrl(req.url ?? '/')
  if (/[?&]_rsc(=|&|$)/.test(search)) return true
  const cookies = parseCookies(req.headers.cookie)
  return BYPASS_COOKIES.some((name) => cookies.has(name))
}

/** Whether the path starts with a locale prefix (`/de`, `/de/...`). */
export function hasLocalePrefix(pathname, localeCodes) {
  const segment = /^\/([^/?#]+)/.exec(pathname)?.[1]
  return segment !== undefined && localeCodes.has(segment)
}

/** The only query parameters a cached page's answer depends on (the search page's); every other one (`utm_*`, `gclid`, `ref`, `ts` …) is left out of the key. */
export const KEYED_QUERY = ['q', 'page']

/** The kept query parameters, in a fixed order, as text (`?q=vpn&page=2`, or empty). */
export function keyedQuery(search) {
  if (!search || search === '?') return ''
  let params
  try {
    params = new URLSearchParams(search)
  } catch {
    return ''
  }
  const kept = new URLSearchParams()
  for (const name of KEYED_QUERY) for (const value of params.getAll(name)) kept.append(name, value)
  const text = kept.toString()
  return text ? `?${text}` : ''
}

// Tags that name one of the site's locales under another code (as src/i18n/detect.ts reads them).
const TAG_ALIASES = { nb: 'no', nn: 'no', 'sr-latn': 'sr', uk: 'ua', ja: 'jp' }

/**
 * The locale the proxy picks from Accept-Language for a path without a locale prefix (the first
 * of the visitor's languages the site has, q-values respected; src/i18n/detect.ts does the same,
 * and a unit test holds them together), or '' for none.
 */
export function preferredLocale(header, localeCodes) {
  const ranked = String(header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0]
    const code = TAG_ALIASES[tag] ?? TAG_ALIASES[primary] ?? (localeCodes.has(tag) ? tag : localeCodes.has(primary) ? primary : undefined)
    if (code && localeCodes.has(code)) return code
  }
  return ''
}

/**
 * What a cached page's answer depends on: host, path, the query parameters the site reads
 * (`KEYED_QUERY`), the locale and experiment cookies, and where the path has no locale prefix the
 * locale the proxy would pick from Accept-Language (not the header itself): a flood of fresh
 * `?utm_source=` values or invented languages cannot fill the cache with copies.
 */
export function cacheKey(req, localeCodes) {
  const url = req.url ?? '/'
  const { pathname, search } = splitUrl(url)
  const cookies = parseCookies(req.headers.cookie)
  const experiments = [...cookies].filter(([name]) => EXPERIMENT_COOKIE.test(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return [
    headerText(req.headers.host),
    headerText(req.headers['x-forwarded-host']),
    headerText(req.headers['x-forwarded-proto']),
    pathname + keyedQuery(search),
    cookies.get(LOCALE_COOKIE) ?? '',
    experiments.map(([name, value]) => `${name}=${value}`).join(';'),
    hasLocalePrefix(pathname, localeCodes) ? '' : preferredLocale(headerText(req.headers['accept-language']), localeCodes),
  ].join('\n')
}

function decoded(text) {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The content path a cached URL shows (no locale prefix, no listing page): what a change signal names. */
export function contentPathOf(url, localeCodes) {
  let path = decoded(splitUrl(url).pathname)
  const segment = /^\/([^/]+)/.exec(path)?.[1]
  if (segment !== undefined && localeCodes.has(segment)) path = path.slice(segment.length + 1) || '/'
  path = path.replace(/\/{2,}/g, '/')
  if (path.length > 1) path = path.replace(/\/+$/, '')
  const listing = /^(.*)\/page\/\d{1,4}$/.exec(path)
  if (listing) path = listing[1] || '/'
  return path || '/'
}

/** Seconds from `s-maxage` (else `max-age`); null when the answer may not be kept. */
export function sharedMaxAge(cacheControl) {
  const text = headerText(cacheControl).toLowerCase()
  if (!text || /(^|,)\s*(private|no-store|no-cache)\b/.test(text)) return null
  const shared = /(?:^|,)\s*s-maxage\s*=\s*(\d+)/.exec(text) ?? /(?:^|,)\s*max-age\s*=\s*(\d+)/.exec(text)
  const seconds = shared ? Number(shared[1]) : 0
  return seconds > 0 ? seconds : null
}

/**
 * Whether an answer may be kept, and for how long (ms): a GET answered 200 with an HTML page that
 * Next served from its render cache (`x-nextjs-cache` HIT, or a fresh MISS; never STALE), that sets
 * no cookie but the locale one (its value follows from the key), for at most its `s-maxage`.
 */
export function storableFor({ method, status, headers }) {
  if (method !== 'GET' || status !== 200) return null
  if (!/^text\/html\b/i.test(headerText(headers['content-type']))) return null
  const state = headerText(headers['x-nextjs-cache']).toUpperCase()
  if (state !== 'HIT' && state !== 'MISS') return null
  const cookies = [headers['set-cookie'] ?? []].flat()
  if (cookies.some((cookie) => !String(cookie).startsWith(`${LOCALE_COOKIE}=`))) return null
  const seconds = sharedMaxAge(headers['cache-control'])
  return seconds === null ? null : seconds * 1000
}

/** Accept-Encoding's q-values: the best of `available` (listed best first on ties), else identity. */
export function chooseEncoding(acceptEncoding, available) {
  const weights = new Map()
  for (const part of headerText(acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((param) => /^\s*q\s*=\s*(\S*)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
    // A q-value that is not a number counts as 0 (not acceptable), never as 1.
    const weight = q === undefined ? 1 : /^[0-9.]+$/.test(q) ? Number(q) : 0
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0)
  }
  // Identity is the fallback: chosen over a compressed form only when the request weighs it higher.
  const weightOf = (encoding) => weights.get(encoding) ?? (encoding === 'identity' ? 0 : (weights.get('*') ?? 0))
  let best = 'identity'
  let bestWeight = weights.get('identity') ?? 0
  for (const encoding of available) {
    if (encoding === 'identity') continue
    const weight = weightOf(encoding)
    if (weight > bestWeight) {
      best = encoding
      bestWeight = weight
    }
  }
  return best
}

/** `If-None-Match` against an ETag (weak comparison, as for GET and HEAD). */
export function etagMatches(ifNoneMatch, etag) {
  if (!ifNoneMatch || !etag) return false
  const strip = (value) => value.trim().replace(/^W\//, '')
  return headerText(ifNoneMatch)
    .split(',')
    .some((candidate) => candidate.trim() === '*' || strip(candidate) === strip(etag))
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/i
const MIN_COMPRESS_BYTES = 512

async function compressAll(body) {
  const [gz, br] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ])
  return { gzip: gz, br }
}

function withVary(headers) {
  const vary = headerText(headers.vary)
  const names = vary ? vary.split(',').map((name) => name.trim()).filter(Boolean) : []
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) names.push('Accept-Encoding')
  return { ...headers, vary: names.join(', ') }
}

/** How long a change announced here may take to come back as a signal before every page is dropped anyway. */
export const CHANGE_SIGNAL_TIMEOUT_MS = 5_000

/**
 * The cache: entries by key, least recently used dropped first beyond `maxBytes`. Compressed bytes
 * are made once per ETag (pages) or file (static) with zlib's asynchronous API, at gzip 9 and
 * brotli 9; until they are ready an entry answers with identity.
 */
export class ResponseCache {
  constructor({ maxBytes, compress = true, localeCodes, now = realMs }) {
    this.maxBytes = maxBytes
    this.compress = compress
    this.localeCodes = localeCodes instanceof Set ? localeCodes : new Set(localeCodes)
    this.now = now
    this.entries = new Map()
    this.bytes = 0
    /** Bumped by every purge: an answer rendered before one is not kept (it may show the old content). */
    this.generation = 0
    this.compressed = new Map()
    /**
     * Changes this instance has announced whose signal has not come back yet (their timers): the
     * save's answer can reach its client before PostgreSQL delivers the signal, so meanwhile no
     * page is served from here or kept.
     */
    this.awaited = []
  }

  /**
   * A change announced in this process (`text`: the signal's payload, inside the save's
   * transaction): pages are neither served nor kept until that signal arrives (`signalled`), or
   * for `timeoutMs` if it never does (a rolled-back save), after which every page is dropped.
   */
  expectChange(text, timeoutMs = CHANGE_SIGNAL_TIMEOUT_MS) {
    this.generation += 1
    const awaited = { text, timer: undefined }
    awaited.timer = setTimeout(() => {
      this.awaited = this.awaited.filter((other) => other !== awaited)
      this.purge({ all: true })
    }, timeoutMs)
    awaited.timer.unref?.()
    this.awaited.push(awaited)
  }

  /** A change's signal arrived (after its commit): the pages it changed are dropped, and the wait for it ends. */
  signalled(change, text) {
    this.purge(change)
    const index = this.awaited.findIndex((awaited) => awaited.text === text)
    if (index === -1) return
    clearTimeout(this.awaited[index].timer)
    this.awaited.splice(index, 1)
  }

  /** Whether a change announced here is still on its way: pages go to Next meanwhile. */
  get waiting() {
    return this.awaited.length > 0
  }

  get enabled() {
    return this.maxBytes > 0
  }

  stats() {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  key(req) {
    return cacheKey(req, this.localeCodes)
  }

  get(key) {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.kind === 'page' && this.waiting) return undefined
    if (entry.expiresAt <= this.now()) {
      this.drop(key)
      return undefined
    }
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  drop(key) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.size
  }

  put(key, entry) {
    this.drop(key)
    entry.size = entry.headerBytes + entry.bodies.identity.length + (entry.bodies.gzip?.length ?? 0) + (entry.bodies.br?.length ?? 0)
    if (entry.size > this.maxBytes) return
    this.entries.set(key, entry)
    this.bytes += entry.size
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value
      this.drop(oldest)
    }
  }

  resize(key, entry) {
    if (this.entries.get(key) !== entry) return
    this.bytes -= entry.size
    this.entries.delete(key)
    this.put(key, entry)
  }

  /** Compressed forms of one body, made once per tag (an ETag, a file) and shared by its entries. */
  compressedFor(tag, body) {
    let pending = this.compressed.get(tag)
    if (!pending) {
      pending = compressAll(body)
      this.compressed.set(tag, pending)
      // Only the promise of the latest tags is kept; entries hold their own bytes.
      if (this.compressed.size > 256) this.compressed.delete(this.compressed.keys().next().value)
      pending.catch(() => this.compressed.delete(tag))
    }
    return pending
  }

  makeEntry(key, { headers, body, etag, ttlMs, kind, tag }) {
    const kept = {}
    for (const [name, value] of Object.entries(headers)) if (!DROPPED.has(name.toLowerCase()) && value !== undefined) kept[name.toLowerCase()] = value
    const final = this.compress ? withVary(kept) : kept
    const entry = {
      kind,
      url: key.split('\n')[3] ?? '',
      headers: final,
      headerBytes: JSON.stringify(final).length + key.length,
      etag: etag ? String(etag) : undefined,
      bodies: { identity: body },
      expiresAt: this.now() + ttlMs,
      size: 0,
    }
    this.put(key, entry)
    if (this.compress && body.length >= MIN_COMPRESS_BYTES && (kind === 'page' || COMPRESSIBLE.test(headerText(headers['content-type'])))) {
      this.compressedFor(tag, body)
        .then((bodies) => {
          entry.bodies = { ...entry.bodies, ...bodies }
          this.resize(key, entry)
        })
        .catch(() => undefined)
    }
    return entry
  }

  /**
   * Offers a page Next has just answered: kept when the rules allow (storableFor) and no purge
   * happened since the request began (`generation`).
   */
  offer(key, { method, status, headers, body, generation }) {
    if (!this.enabled || generation !== this.generation || this.waiting) return undefined
    const ttlMs = storableFor({ method, status, headers })
    if (ttlMs === null || !body.length) return undefined
    const etag = headers.etag
    return this.makeEntry(key, { headers, body, etag, ttlMs, kind: 'page', tag: etag ? `page:${etag}` : `page:${key}` })
  }

  staticKey(pathname) {
    return `static\n${pathname}`
  }

  /** Keeps a `/_next/static/` file (immutable for the build) with the headers Next sent for it. */
  offerStatic(pathname, { headers, body }) {
    if (!this.enabled) return undefined
    return this.makeEntry(this.staticKey(pathname), { headers, body, etag: headers.etag, ttlMs: 365 * 86_400_000, kind: 'static', tag: `static:${pathname}` })
  }

  /** Drops the pages of the changed content paths in every locale (everything for `all`); static files stay. */
  purge({ all, paths }) {
    this.generation += 1
    const changed = new Set(paths ?? [])
    for (const [key, entry] of [...this.entries]) {
      if (entry.kind !== 'page') continue
      if (all || changed.has(contentPathOf(entry.url, this.localeCodes))) this.drop(key)
    }
    if (all) for (const tag of [...this.compressed.keys()]) if (tag.startsWith('page:')) this.compressed.delete(tag)
  }
}

/**
 * Sends an entry: 304 (without a CSP: the stored page keeps the policy made for its body) when
 * `If-None-Match` matches, else the best encoding the request accepts among the ready ones; HEAD
 * gets the headers alone.
 */
export function answerFromCache(entry, req, res) {
  if (entry.etag && etagMatches(req.headers['if-none-match'], entry.etag)) {
    const headers = { etag: entry.etag, 'x-veilgate-cache': 'HIT' }
    for (const name of ['cache-control', 'vary', 'expires', 'content-location']) if (entry.headers[name] !== undefined) headers[name] = entry.headers[name]
    res.writeHead(304, headers)
    res.end()
    return
  }
  const available = ['br', 'gzip', 'identity'].filter((encoding) => entry.bodies[encoding])
  const encoding = chooseEncoding(req.headers['accept-encoding'], available)
  const body = entry.bodies[encoding]
  const headers = { ...entry.headers, 'content-length': body.length, 'x-veilgate-cache': 'HIT' }
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  res.writeHead(200, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}
