// Response hardening that needs the finished body, done in the Node layer in front of Next:
// the Content-Security-Policy of a page served from the render cache lists the SHA-256 of each
// of its inline scripts (a per-request nonce cannot be baked into cached HTML).
import { createHash } from 'node:crypto'

/** Set by the server on every request (any incoming copy replaced): the TCP peer address, which a client cannot forge. */
export const PEER_HEADER = 'x-veilgate-peer'
/** Set by the server on every request: the X-Forwarded-For the request arrived with (Next may add to it). */
export const FORWARDED_HEADER = 'x-veilgate-forwarded-for'

/** Stands in the proxy's policy for the hashes of the page's inline scripts (src/lib/security/headers.ts). */
export const INLINE_HASHES = "'inline-script-hashes'"

/** For HTML that did not come through the proxy: same-origin scripts and the page's own inline ones. */
export const FALLBACK_PAGE_POLICY = `default-src 'self'; script-src 'self' ${INLINE_HASHES}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'`

/** For everything that is not a page (JSON, images, files): nothing may run or frame it. */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'"

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const HAS_SRC = /(?:^|\s)src\s*=/i
const INTEGRITY = /(?:^|\s)integrity\s*=\s*["']([^"']+)["']/i

const FLIGHT_START = '(self.__next_f=self.__next_f||[]).push([0])'
const FLIGHT = /^self\.__next_f\.push\(([\s\S]*)\)$/
const TURBOPACK = /^\(globalThis\["(TURBOPACK[A-Za-z0-9_]*)"\] \|\| \(globalThis\["\1"\] = \[\]\)\)\.push\(([\s\S]*)\);?$/

function parses(json, test) {
  try {
    return test(JSON.parse(json))
  } catch {
    return false
  }
}

/**
 * The data a flight script of Next's queues, as the JSON text of its array (`[0]` for the flight
 * start), or null for any other script.
 */
export function flightData(text) {
  if (text === FLIGHT_START) return '[0]'
  const flight = FLIGHT.exec(text)
  return flight && parses(flight[1], Array.isArray) ? flight[1] : null
}

/**
 * Whether an inline script's whole text has one of the three shapes Next writes into a cached
 * page (`../shared/guide/CSP-NOTES.md` §4 C): the flight start, a flight chunk whose argument is
 * a JSON array, or Turbopack's chunk-group bootstrap with a JSON argument. Anything else (a
 * script that reached the HTML through content or an echoed query) gets no hash and is blocked.
 */
export function isNextInlineScript(text) {
  if (flightData(text) !== null) return true
  const bootstrap = TURBOPACK.exec(text)
  if (bootstrap) return parses(bootstrap[2], (value) => value !== null && typeof value === 'object')
  return false
}

/**
 * The CSP sources for the scripts of one HTML document: `'sha256-…'` of each of Next's own inline
 * scripts, and the integrity hashes that Next's subresource-integrity support puts on its chunks.
 */
export function scriptHashSources(html) {
  const sources = new Set()
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes)) {
      const integrity = INTEGRITY.exec(attributes)?.[1]
      for (const value of integrity?.split(/\s+/) ?? []) if (/^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(value)) sources.add(`'${value}'`)
      continue
    }
    // JSON data blocks are never executed, and no other inline script is trusted.
    if (!isNextInlineScript(body)) continue
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...sources]
}

/** Replaces the placeholder with the hashes (an empty list leaves `'self'` alone). */
export function fillPolicy(policy, sources) {
  return policy.replace(INLINE_HASHES, sources.join(' ')).replace(/ {2,}/g, ' ').replace(/ ;/g, ';')
}

/**
 * Hash lists of pages already seen, by ETag (Next derives it from the body, so a page that was
 * regenerated, or a new build, gets a new entry). At most 500 pages are kept.
 */
const hashCache = new Map()
const HASH_CACHE_SIZE = 500

function cachedHashSources(etag, body) {
  if (!etag) return scriptHashSources(body.toString('utf8'))
  const found = hashCache.get(etag)
  if (found) {
    hashCache.delete(etag)
    hashCache.set(etag, found)
    return found
  }
  const sources = scriptHashSources(body.toString('utf8'))
  hashCache.set(etag, sources)
  if (hashCache.size > HASH_CACHE_SIZE) hashCache.delete(hashCache.keys().next().value)
  return sources
}

/**
 * Headers Next leaves on a response that no client needs there, each repeating the request's path:
 * the proxy's rewrite target (`x-middleware-rewrite`, never read by the browser) always, and on a
 * redirect the rewritten path and query too (the router reads them only from a rendered answer).
 * With `Location` that made three copies of a long URL, past the 16 KB of headers that Node's
 * HTTP client and common proxies accept.
 */
export function dropInternalHeaders(res) {
  res.removeHeader('x-middleware-rewrite')
  if (res.statusCode >= 300 && res.statusCode < 400) {
    res.removeHeader('x-nextjs-rewritten-path')
    res.removeHeader('x-nextjs-rewritten-query')
  }
}

const isHtml = (res) => /^text\/html\b/i.test(String(res.getHeader('content-type') ?? ''))

/**
 * Patches one response so that, when its headers go out, its CSP is final:
 * - a policy without the placeholder (a nonce page, an API that set its own) passes through, streamed;
 * - an HTML page whose policy has the placeholder, or has none, is held until it ends, then sent
 *   with the hashes of its inline scripts (cached pages arrive in one piece, so nothing is lost);
 * - anything else gets the non-document policy.
 * `rewrite(html)` may change a held page's text first (scripts/lib/after-paint.mjs); `onHeld(body)`
 * sees each held page once its final headers are set, before it is sent (the response cache keeps
 * it from there).
 */
export function secureResponse(res, { onHeld, rewrite } = {}) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders }
  let mode // 'pass' | 'hold'
  let pendingHead
  const held = []

  const decide = () => {
    if (mode) return mode
    dropInternalHeaders(res)
    if (res.statusCode === 304) {
      // A 304's headers replace the cached copy's: the cached page keeps the policy made for its body.
      res.removeHeader('content-security-policy')
      mode = 'pass'
      return mode
    }
    const policy = res.getHeader('content-security-policy')
    const text = typeof policy === 'string' ? policy : undefined
    if (isHtml(res) && (!text || text.includes(INLINE_HASHES))) {
      mode = 'hold'
      if (!text) res.setHeader('content-security-policy', FALLBACK_PAGE_POLICY)
      return mode
    }
    if (!text) res.setHeader('content-security-policy', NON_DOCUMENT_POLICY)
    else if (text.includes(INLINE_HASHES)) res.setHeader('content-security-policy', fillPolicy(text, []))
    mode = 'pass'
    return mode
  }

  const toBuffer = (chunk, encoding) =>
    chunk == null ? null : Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk)

  res.writeHead = function writeHead(status, ...rest) {
    if (typeof status === 'number') res.statusCode = status
    const headers = rest.find((value) => value && typeof value === 'object')
    if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    const message = typeof rest[0] === 'string' ? rest[0] : undefined
    if (decide() === 'pass') return message ? original.writeHead.call(res, status, message) : original.writeHead.call(res, status)
    pendingHead = { status, message }
    return res
  }
  res.flushHeaders = function flushHeaders() {
    if (decide() === 'pass') return original.flushHeaders.call(res)
  }
  res.write = function write(chunk, encoding, callback) {
    if (decide() === 'pass') return original.write.call(res, chunk, encoding, callback)
    const buffer = toBuffer(chunk, encoding)
    if (buffer) held.push(buffer)
    const done = typeof encoding === 'function' ? encoding : callback
    if (typeof done === 'function') process.nextTick(done)
    return true
  }
  res.end = function end(chunk, encoding, callback) {
    if (typeof chunk === 'function') return res.end(undefined, undefined, chunk)
    if (typeof encoding === 'function') return res.end(chunk, undefined, encoding)
    if (decide() === 'pass') return original.end.call(res, chunk, encoding, callback)
    const last = toBuffer(chunk, encoding)
    if (last) held.push(last)
    let body = Buffer.concat(held)
    if (rewrite && body.length) body = Buffer.from(rewrite(body.toString('utf8')), 'utf8')
    const policy = String(res.getHeader('content-security-policy'))
    const etag = res.getHeader('etag')
    // A body-less answer (HEAD) has no scripts to hash: it takes the page's known hashes, if any,
    // and never stores its empty list, which would strip every later GET's scripts of theirs.
    const key = typeof etag === 'string' ? etag : undefined
    const sources = body.length ? cachedHashSources(key, body) : ((key && hashCache.get(key)) ?? [])
    res.setHeader('content-security-policy', fillPolicy(policy, sources))
    if (res.getHeader('content-length') !== undefined) res.setHeader('content-length', body.length)
    onHeld?.(body)
    // From here on the response goes out as it is (Node's implicit header calls writeHead again).
    mode = 'pass'
    if (pendingHead) {
      if (pendingHead.message) original.writeHead.call(res, pendingHead.status, pendingHead.message)
      else original.writeHead.call(res, pendingHead.status)
    }
    return original.end.call(res, body.length ? body : undefined, undefined, callback)
  }
}

/** Normalises an address as the socket reports it (`::ffff:1.2.3.4` → `1.2.3.4`). */
export function peerAddress(socketAddress) {
  if (!socketAddress) return ''
  return socketAddress.startsWith('::ffff:') && socketAddress.includes('.') ? socketAddress.slice(7) : socketAddress
}
