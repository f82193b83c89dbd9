import { INLINE_HASHES } from '../../../scripts/lib/secure-response.mjs'

/**
 * Every security header the site sends, in one place. Later issues add their third-party
 * sources (captcha providers, card processor, tag manager) to `thirdParty`.
 */
export type ThirdPartySources = { script: string[]; style: string[]; img: string[]; connect: string[]; frame: string[] }

export const noThirdParty: ThirdPartySources = { script: [], style: [], img: [], connect: [], frame: [] }

export type PolicyInput = {
  /** A per-request nonce (search, previews, the admin); without one the server fills in script hashes. */
  nonce?: string
  /** The admin's code and JSON fields load their editor (Monaco) from jsDelivr. */
  area?: 'site' | 'admin'
  dev: boolean
  https: boolean
  thirdParty?: ThirdPartySources
}

/**
 * The Content-Security-Policy of a page. Scripts run only from this origin and by nonce, or by
 * the hash of their exact text (cached pages); `'unsafe-inline'` never applies to scripts
 * outside development. Styles keep `'unsafe-inline'` (inline style attributes).
 */
const ADMIN_EDITOR_CDN = 'https://cdn.jsdelivr.net'

export function pagePolicy({ nonce, area = 'site', dev, https, thirdParty = noThirdParty }: PolicyInput): string {
  const admin = area === 'admin' ? [ADMIN_EDITOR_CDN] : []
  const scripts = dev ? ["'unsafe-inline'", "'unsafe-eval'"] : [nonce ? `'nonce-${nonce}'` : INLINE_HASHES]
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scripts, ...thirdParty.script, ...admin]],
    ['style-src', ["'self'", "'unsafe-inline'", ...thirdParty.style, ...admin]],
    ['img-src', ["'self'", 'data:', 'blob:', ...thirdParty.img]],
    ['font-src', ["'self'", 'data:', ...admin]],
    ['connect-src', ["'self'", ...thirdParty.connect, ...(dev ? ['ws:', 'wss:'] : [])]],
    ['frame-src', ["'self'", ...thirdParty.frame]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // The admin's live preview shows the site in a frame of its own origin.
    ['frame-ancestors', ["'self'"]],
  ]
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`)
  if (https && !dev) policy.push('upgrade-insecure-requests')
  return policy.join('; ')
}

/** Powerful features: none but payments, by this origin (and, on a page that needs it, a payment provider's frames: Stripe.js). */
export const permissionsPolicy = (paymentOrigins: readonly string[] = []) =>
  `camera=(), microphone=(), geolocation=(), payment=(${['self', ...paymentOrigins.map((origin) => `"${origin}"`)].join(' ')})`

/** API answers (JSON): nothing may run in them or frame them. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** Headers every answer carries (next.config.ts `headers()`; the CSP comes from the proxy and the server). */
export function securityHeaders({ https }: { https: boolean }): { key: string; value: string }[] {
  const headers = [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: permissionsPolicy() },
  ]
  if (https) headers.push({ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' })
  return headers
}

/** Paths under /api/ that other sites may POST to: the payment providers' webhook (signed, checked by the route) and the newsletter's one-click unsubscribe (RFC 8058: mail providers post it from their servers; the token decides). */
export const crossSiteAllowList: RegExp[] = [/^\/api\/veilgate\/purchase\/(?:stripe|paypal|paymentwall|amazon|bitcoin|coinpayments)\/?$/, /^\/api\/coms\/unsubscribe\/?$/]

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * True for a state-changing request another site's page made: `Sec-Fetch-Site` other than
 * same-origin/none, or an `Origin` that is neither the host the request was sent to nor
 * SITE_URL's. Requests with neither header (the apps, scripts) pass.
 */
export function isCrossSiteWrite(request: { method: string; headers: Headers; pathname: string }, ownHosts: string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false
  if (crossSiteAllowList.some((pattern) => pattern.test(request.pathname))) return false
  const site = request.headers.get('sec-fetch-site')
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = request.headers.get('origin')
  if (!origin) return false
  let host: string
  try {
    host = new URL(origin).host.toLowerCase()
  } catch {
    return true
  }
  return !ownHosts.includes(host)
}

/** The hosts a request may come from: the one it was sent to (Host, or X-Forwarded-Host behind a trusted proxy) and SITE_URL's. */
export function ownHosts(headers: Headers, siteUrl: string, trustForwarded: boolean): string[] {
  const hosts = new Set([new URL(siteUrl).host.toLowerCase()])
  const forwarded = trustForwarded ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined
  const host = forwarded || headers.get('host')
  if (host) hosts.add(host.toLowerCase())
  return [...hosts]
}
