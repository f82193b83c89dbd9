#!/usr/bin/env node
// The web server that `npm start` runs: Next.js behind a thin Node layer that
// - records the TCP peer address in a header a client cannot forge (the client address for rate
//   limits comes from it and TRUSTED_PROXY_HOPS, src/lib/client-address.ts);
// - finishes each page's Content-Security-Policy (scripts/lib/secure-response.mjs) and has its
//   scripts load after the first paint (scripts/lib/after-paint.mjs);
// - answers cached pages, `/_next/static/` files and the font route's files from memory, compressed once
//   (scripts/lib/response-cache.mjs), and compresses the rest per response (Next's own
//   compression is off, so it runs after the CSP step); the cache follows the content-change
//   signal (scripts/lib/content-changes.mjs).
// Started by scripts/start.mjs with the database and secrets already in the environment.
import { readFile } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import next from 'next'
import { loadScriptsAfterPaint } from './lib/after-paint.mjs'
import { CHANGE_ANNOUNCED_EVENT, followContentChanges } from './lib/content-changes.mjs'
import { isDraining, startDraining } from './lib/drain.mjs'
import { flushLogs, logger, requestContext, requestId } from './lib/log.mjs'
import { sharedRenderCache, siteLocales } from './lib/render-cache.mjs'
import { guardRequest } from './lib/request-guard.mjs'
import { answerFromCache, bypasses, ResponseCache } from './lib/response-cache.mjs'
import { safePath } from './lib/safe-path.mjs'
import { FORWARDED_HEADER, PEER_HEADER, peerAddress, secureResponse } from './lib/secure-response.mjs'
import { serverOptions } from './lib/server-options.mjs'

const dev = process.argv.includes('--dev')
const port = Number(process.env.PORT || 3000)
const root = path.resolve(import.meta.dirname, '..')
const log = logger()
let options
try {
  options = serverOptions(process.env, { dev })
} catch (error) {
  log.fatal(`[server] ${error.message}`)
  flushLogs()
  process.exit(1)
}
// A balancer's X-Request-Id is taken only behind a trusted proxy (src/lib/client-address.ts reads the same setting).
const trustedProxyHops = Number(process.env.TRUSTED_PROXY_HOPS) || 0

const app = next({ dev, dir: root, port, hostname: 'localhost' })
const handle = app.getRequestHandler()
await app.prepare()

const cache = new ResponseCache({ maxBytes: options.cacheBytes, compress: options.compression, localeCodes: siteLocales(root) })
const staticDir = path.join(root, '.next', 'static')
const STATIC_PREFIX = '/_next/static/'
// The font route's files (src/app/fonts/[file]/route.ts), immutable under their versioned names.
// A page preloads its script's face: answered by Next, it took 30-50 ms and came after the first
// layout, which then looked up the system's fallback faces and laid the text out twice.
const FONT_PATH = /^\/fonts\/[a-z0-9.-]+\.woff2$/

// Next's render cache (its handler, scripts/lib/render-cache-handler.mjs, uses this one).
const renders = dev ? undefined : sharedRenderCache({ distDir: path.join(root, '.next') })
if (renders && process.env.DATABASE_URL) {
  // Every instance drops the changed pages as soon as an edit is committed, rendered (Next's
  // cache, first: a page answered after the response cache dropped it renders anew) and answered
  // (the response cache); after a dropped connection (signals lost meanwhile) every page.
  let connects = 0
  followContentChanges({
    connectionString: process.env.DATABASE_URL,
    onConnect: () => {
      if (connects++ === 0) return
      void renders.signalled({ all: true })
      if (cache.enabled) cache.purge({ all: true })
    },
    onChange: (change, text) => {
      // Stamped here at once (shared in Redis in the background).
      void renders.signalled(change)
      if (cache.enabled) cache.signalled(change, text)
    },
  })
  // Again once the request proxy has reloaded its routes for the change: a page rendered with the old ones is not kept.
  process.on('veilgate:routes-reloaded', (change) => void renders.signalled(change))
}
if (cache.enabled && process.env.DATABASE_URL) {
  // A change saved through this instance: its answer may reach the editor before the signal
  // reaches this listener, so pages wait for it (src/services/content/changes.ts).
  process.on(CHANGE_ANNOUNCED_EVENT, (text) => cache.expectChange(text))
  // Once more after the request proxy (same process) has reloaded its routes for the change: a
  // page rendered meanwhile with the old routes (an experiment's view) is not kept
  // (src/services/content/page-index.ts).
  process.on('veilgate:routes-reloaded', (change) => cache.purge(change))
}

const compress = options.compression ? compression() : (req, res, go) => go()

/** The file on disk behind a `/_next/static/` path, or null for anything odd (`..`, encoded bytes). */
function staticFile(pathname) {
  if (!/^\/_next\/static\/[A-Za-z0-9._\-/~]+$/.test(pathname) || pathname.includes('..')) return null
  return path.join(staticDir, pathname.slice(STATIC_PREFIX.length))
}

/** After Next served a static file with 200, keep it (its headers and bytes) for the next requests. */
function learnStatic(pathname, res) {
  const file = staticFile(pathname)
  if (!file) return
  res.once('finish', () => {
    if (res.statusCode !== 200) return
    const headers = { ...res.getHeaders() }
    readFile(file, (error, body) => {
      if (!error) cache.offerStatic(pathname, { headers, body })
    })
  })
}

/** After Next answered a font with 200 for a year (immutable), keep its headers and the bytes it sent. */
function learnFont(pathname, res) {
  const chunks = []
  const bytes = (chunk, encoding) => (typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk))
  const write = res.write.bind(res)
  const end = res.end.bind(res)
  res.write = (chunk, ...rest) => {
    if (chunk) chunks.push(bytes(chunk, rest[0]))
    return write(chunk, ...rest)
  }
  res.end = (chunk, ...rest) => {
    if (chunk && typeof chunk !== 'function') chunks.push(bytes(chunk, rest[0]))
    return end(chunk, ...rest)
  }
  res.once('finish', () => {
    if (res.statusCode === 200 && /\bimmutable\b/.test(String(res.getHeader('cache-control') ?? ''))) cache.offerStatic(pathname, { headers: { ...res.getHeaders() }, body: Buffer.concat(chunks) })
  })
}

/**
 * One line per request once it is answered (or the client went away): method, path (no query,
 * tokens and codes taken out), status, milliseconds, bytes sent and the response cache's part.
 */
function logRequest(req, res, { reqId, started, bytesBefore, cache }) {
  let logged = false
  const done = () => {
    if (logged) return
    logged = true
    log.info(
      {
        reqId,
        method: req.method,
        path: safePath(req.url ?? '/'),
        status: res.writableFinished ? res.statusCode : 499,
        ms: Math.round((performance.now() - started) * 10) / 10,
        bytes: Math.max(0, (req.socket?.bytesWritten ?? 0) - bytesBefore),
        cache: cache(),
      },
      'request',
    )
  }
  res.once('finish', done)
  res.once('close', done)
}

const server = http.createServer((req, res) => {
  const reqId = requestId(req.headers['x-request-id'], trustedProxyHops)
  // Next's handlers (and Payload's lines, through the logger's request context) see the same id.
  req.headers['x-request-id'] = reqId
  res.setHeader('x-request-id', reqId)
  let cacheState = 'bypass'
  // `miss`: answered by Next where the cache could have kept it; an answer it may never keep is a bypass.
  const cache = () => (cacheState === 'miss' && /no-store|private|no-cache/.test(String(res.getHeader('cache-control') ?? '')) ? 'bypass' : cacheState)
  logRequest(req, res, { reqId, started: performance.now(), bytesBefore: req.socket?.bytesWritten ?? 0, cache })
  requestContext().run({ reqId }, () => serve(req, res, (state) => (cacheState = state)))
})

function serve(req, res, noteCache) {
  // Draining: answered, but the client (the balancer) takes its next request elsewhere.
  if (isDraining()) res.setHeader('connection', 'close')
  // Both are overwritten on every request, so a client cannot supply them (src/lib/client-address.ts).
  req.headers[PEER_HEADER] = peerAddress(req.socket.remoteAddress)
  req.headers[FORWARDED_HEADER] = String(req.headers['x-forwarded-for'] ?? '')
  // A policy sent by the client would otherwise reach the page render as its nonce source.
  delete req.headers['content-security-policy']
  delete req.headers['content-security-policy-report-only']

  const url = req.url ?? '/'
  // What Next would answer with a 500 or a redirect no client can read: refused here (request-guard.mjs).
  const refused = guardRequest({ method: req.method, url, headers: req.headers })
  if (refused) {
    res.writeHead(refused.status, refused.headers)
    res.end(req.method === 'HEAD' ? undefined : refused.body)
    return
  }
  const pathname = url.split('?')[0]
  const isFont = FONT_PATH.test(pathname)
  const isStatic = pathname.startsWith(STATIC_PREFIX) || isFont
  let key
  if (!dev && cache.enabled && (req.method === 'GET' || req.method === 'HEAD')) {
    const hit = cache.get(isStatic ? cache.staticKey(pathname) : bypasses(req) ? undefined : (key = cache.key(req)))
    if (hit) {
      noteCache('hit')
      answerFromCache(hit, req, res)
      return
    }
  }
  if (key || isStatic) noteCache('miss')
  if (key && req.method === 'GET') {
    // A miss is answered in full once, so the cache can keep it (Next would answer a browser's
    // revalidation with a bodiless 304 every time, and the page would never be kept).
    delete req.headers['if-none-match']
    delete req.headers['if-modified-since']
  }
  const generation = cache.generation
  compress(req, res, () => {
    if (!dev) {
      const keep = key && req.method === 'GET' ? (body) => cache.offer(key, { method: req.method, status: res.statusCode, headers: res.getHeaders(), body, generation }) : undefined
      secureResponse(res, { onHeld: keep, rewrite: loadScriptsAfterPaint })
      if (isStatic && cache.enabled && req.method === 'GET') (isFont ? learnFont : learnStatic)(pathname, res)
    }
    handle(req, res).catch((error) => {
      log.error({ err: error }, '[server] request failed')
      if (!res.headersSent) res.statusCode = 500
      res.end()
    })
  })
}
// Behind a load balancer, keep idle connections open longer than it does (Next's own default).
server.keepAliveTimeout = 65_000
if (dev) {
  const upgrade = app.getUpgradeHandler()
  server.on('upgrade', (req, socket, head) => upgrade(req, socket, head))
}

server.listen(port, () => {
  log.info(`[server] Next.js ${dev ? 'development' : 'production'} server listening on port ${port}`)
})

/** Exits once the lines still buffered are written. */
function exit(code) {
  flushLogs()
  process.exit(code)
}

/** Requests in flight when the server stops accepting get this long to finish. */
const FINISH_MS = 20_000

/**
 * SIGTERM: `/api/health` says `draining` at once while every request is still served for
 * SHUTDOWN_DRAIN_SECONDS (the balancer's check notices and sends no more); then new connections are
 * refused, idle ones closed, and the process exits once the requests in flight are answered (at
 * most 20 s). SIGINT (Ctrl-C in a terminal) skips the wait.
 */
function stop(signal) {
  if (isDraining()) return
  startDraining()
  const waitMs = signal === 'SIGTERM' ? options.drainMs : 0
  log.info(`[server] ${signal}: draining${waitMs ? ` for ${waitMs / 1000} s` : ''}, then finishing the requests in flight`)
  setTimeout(() => {
    server.close(() => exit(0))
    // Keep-alive connections whose request has ended are closed as they become idle.
    setInterval(() => server.closeIdleConnections(), 100).unref()
    setTimeout(() => {
      log.warn('[server] requests still in flight after 20 s: closing them')
      server.closeAllConnections()
      exit(0)
    }, FINISH_MS).unref()
  }, waitMs)
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
