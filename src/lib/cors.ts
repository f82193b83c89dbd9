// Cross-origin reads of public endpoints by the site's own origins (the connection test calls
// `geo-ip/` on single-stack host names): the origin echoed, never credentials.
import { env } from './env'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** True for SITE_URL's origin, a LOCALE_DOMAINS host (http or https, any port) and loopback origins on any port. */
export function isSiteOrigin(origin: string, settings: { SITE_URL: string; LOCALE_DOMAINS: Record<string, string> } = env()): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin || !['http:', 'https:'].includes(url.protocol)) return false
  if (LOOPBACK_HOSTS.has(url.hostname)) return true
  if (url.origin === new URL(settings.SITE_URL).origin) return true
  return Object.keys(settings.LOCALE_DOMAINS).some((host) => host === url.host || host === url.hostname)
}

/**
 * The CORS headers of an answer: `Vary: Origin` always (one cached answer never serves another
 * origin), and the origin allowed back only when it is one of the site's own.
 */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin')
  if (!origin || !isSiteOrigin(origin)) return { vary: 'Origin' }
  return { vary: 'Origin', 'access-control-allow-origin': origin }
}

/** The answer to a preflight (OPTIONS): 204, and for the site's origins the GET it may make. */
export function corsPreflight(request: Request): Response {
  const headers = corsHeaders(request)
  const allowed = 'access-control-allow-origin' in headers
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      allow: 'GET, HEAD, OPTIONS',
      'cache-control': 'no-store',
      ...(allowed ? { 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': 'X-Auth-Token, X-Access-Token', 'access-control-max-age': '600' } : {}),
    },
  })
}
