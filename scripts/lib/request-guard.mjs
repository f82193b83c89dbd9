// Requests the custom server answers itself, before Next: those Next would fail with a 500 or
// answer in a way a client cannot read (found by the hostile-input suite, tests/e2e/fuzz.e2e.test.ts).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { NON_DOCUMENT_POLICY } from './secure-response.mjs'

const require = createRequire(import.meta.url)
// Next's own check of the router-state header, which it runs while rendering and turns into a 500.
const { parseAndValidateFlightRouterState } = require('next/dist/server/app-render/parse-and-validate-flight-router-state')

/** Longer URLs are refused: Next's redirects repeat the path in two headers, past what clients read (16 KiB). */
export const MAX_URL_LENGTH = 8_192

/** Paths whose other methods are not the pages' business: the API, the CMS's REST API, the admin (server actions), Next's files. */
const NOT_PAGES = /^\/(?:api|cms-api|admin|_next)(?:\/|$)/

/** What Next reads as a React Server Components fetch. */
const RSC_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-hmr-refresh']

const errors = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'messages', 'en.json'), 'utf8')).Errors

/** What every answer carries (src/lib/security/headers.ts), with the API's policy: nothing runs in these. */
const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'content-security-policy': NON_DOCUMENT_POLICY,
  ...(process.env.SITE_URL?.startsWith('https:') ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
}

/** A JSON refusal in the API's error shape. */
function refusal(status, code, headers = {}) {
  return { status, headers: { ...BASE_HEADERS, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ statusCode: status, code, message: errors[code] }) }
}

/**
 * The answer to a request Next would mishandle, or null to hand it on:
 * - a URL over MAX_URL_LENGTH: 414 (the API: 400 INVALID_INPUT);
 * - a path that does not percent-decode (`/de/%E0%A4%A`, `/api/…/%ff/cancel`): 400 INVALID_INPUT
 *   (Next failed on the route's parameters with a 500);
 * - a page (anything outside the API, the CMS API, the admin and Next's files) asked with another
 *   method than GET or HEAD: 405 `Allow: GET, HEAD` (Next redirected `PUT //x` with a 308 first);
 * - `/api` and `/api/`, which no route file serves: 404 NOT_FOUND in JSON (Next's HTML page before);
 * - a `Next-Router-State-Tree` header Next cannot parse: 400 INVALID_INPUT (Next answered 500);
 *   on the API, Next's RSC headers are taken out of `headers` instead (they meant a 307 there).
 */
export function guardRequest({ method, url, headers }) {
  const pathname = url.split('?')[0]
  const api = /^\/api(?:\/|$)/.test(pathname)
  if (url.length > MAX_URL_LENGTH) {
    return api ? refusal(400, 'INVALID_INPUT') : { status: 414, headers: { ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8' }, body: 'URI Too Long' }
  }
  if (!NOT_PAGES.test(pathname) && method !== 'GET' && method !== 'HEAD') return refusal(405, 'METHOD_NOT_ALLOWED', { allow: 'GET, HEAD' })
  try {
    decodeURIComponent(pathname)
  } catch {
    return refusal(400, 'INVALID_INPUT')
  }
  // No route file serves `/api/` itself (the catch-all needs a segment): Next answered its HTML page.
  if (api && /^\/api\/?$/.test(pathname)) return refusal(404, 'NOT_FOUND')
  if (api) {
    // The API renders no React: Next's RSC headers would only get a redirect to an `_rsc` URL.
    for (const name of RSC_HEADERS) delete headers[name]
    return null
  }
  const tree = headers['next-router-state-tree']
  if (tree !== undefined) {
    try {
      parseAndValidateFlightRouterState(tree)
    } catch {
      return refusal(400, 'INVALID_INPUT')
    }
  }
  return null
}
