import { NextResponse, type NextRequest } from 'next/server'
import en from '../messages/en.json'
import { internalPath, localeCookie, routeRequest } from '@/i18n/routing'
import { isAppRoute, isPerRequestRoute } from '@/lib/app-routes'
import { env } from '@/lib/env'
import { localizePath } from '@/i18n/paths'
import { isCrossSiteWrite, ownHosts, pagePolicy, permissionsPolicy } from '@/lib/security/headers'
import { cmsRedirect, contentPageExists } from '@/services/content/page-index'
import { connectionTestSources } from '@/services/connection-test/csp'
import { mergeSources, STRIPE_PAYMENT_ORIGIN, stripeSources, tagSources } from '@/lib/security/tags'
import { captchaSources } from '@/services/human-check/csp'
import { stripeCardsOn } from '@/services/payments/stripe/config'
import { activeExperiment } from '@/services/experiments/active'
import { assignVariant, EXPERIMENT_COOKIE_MAX_AGE, experimentCookie } from '@/services/experiments/assign'

/** No route matches this path, so Next renders the global not-found page (with status 404). */
const NOT_FOUND_PATH = '/__not-found'

async function exists(path: string): Promise<boolean> {
  try {
    return await contentPageExists(path)
  } catch {
    // Let the page render and report the failure itself (500), rather than a false 404.
    return true
  }
}

const dev = process.env.NODE_ENV === 'development'

/**
 * The page's Content-Security-Policy. Pages rendered for each request (search, draft previews,
 * the admin) get a fresh nonce, which Next reads from the request's policy and puts on its
 * scripts; cached pages get a placeholder that our server (scripts/server.mjs) replaces with the
 * hashes of their inline scripts.
 */
let siteSources: ReturnType<typeof connectionTestSources> | undefined
let checkoutSources: ReturnType<typeof connectionTestSources> | undefined

/** `stripe`: the checkout page while Stripe takes cards, whose Stripe.js and Payment Element come from Stripe's hosts. */
function withPolicy(request: NextRequest, perRequest: boolean, area: 'site' | 'admin' = 'site', stripe = false) {
  const nonce = perRequest ? Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64') : undefined
  // Site pages may reach the connection test's hosts (its block can sit on any page).
  siteSources ??= mergeSources(mergeSources(connectionTestSources(env().SITE_URL), tagSources(env())), captchaSources(env()))
  checkoutSources ??= mergeSources(siteSources, stripeSources)
  const policy = pagePolicy({ nonce, area, dev, https: env().SITE_URL.startsWith('https:'), thirdParty: area === 'site' ? (stripe ? checkoutSources : siteSources) : undefined })
  const headers = new Headers(request.headers)
  if (nonce) headers.set('content-security-policy', policy)
  else headers.delete('content-security-policy')
  return { policy, headers }
}

/**
 * The active experiment's view of `/order/pickup` for this visitor (spec section 4): the variant
 * stored in `exp_<name>` when it is valid, otherwise one drawn by weight and stored for 60 days.
 * No experiment, or the database unreachable: the page as it is.
 */
async function pickerExperiment(request: NextRequest, locale: string) {
  const experiment = await activeExperiment().catch(() => null)
  if (!experiment) return null
  const name = experimentCookie(experiment.name)
  const { index, drawn } = assignVariant(request.cookies.get(name)?.value, experiment.variants.map((variant) => variant.weight), Math.random)
  const view = experiment.variants[index]?.view ?? 'pickup'
  return { pathname: internalPath(locale, `/order/${view}`), setCookie: drawn ? { name, value: String(index) } : null }
}

const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/')

function crossSite(request: NextRequest): boolean {
  const hosts = ownHosts(request.headers, env().SITE_URL, env().TRUSTED_PROXY_HOPS > 0)
  return isCrossSiteWrite({ method: request.method, headers: request.headers, pathname: request.nextUrl.pathname }, hosts)
}

/**
 * Every request but static files passes here:
 * - `/api/*`: a state-changing request from another site is refused (403) before any work;
 * - `/admin`: the page policy with a nonce (no locale routing);
 * - the site: locale routing (English has no prefix, every other locale has one; requests
 *   without a prefix go to the visitor's language: cookie, browser, domain), the spec's fixed
 *   redirects (/pricing, platform pages), missing content pages to the not-found page, and the
 *   page policy.
 */
export async function proxy(request: NextRequest) {
  const pathname = request.nextUrl.pathname
  if (pathname.startsWith('/api/')) {
    if (!crossSite(request)) return NextResponse.next()
    return NextResponse.json(
      { statusCode: 403, code: 'CROSS_SITE_REQUEST', message: en.Errors.CROSS_SITE_REQUEST },
      { status: 403, headers: { 'cache-control': 'no-store' } },
    )
  }
  if (!['GET', 'HEAD'].includes(request.method) && !isAdminPath(pathname)) {
    // Page routes take no body: answered before Next would try to read one (a broken multipart
    // body used to end in a 500). Only the admin has server actions: a POST with `Next-Action`
    // elsewhere is refused too, never handed to Next's action handler.
    return NextResponse.json(
      { statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: en.Errors.METHOD_NOT_ALLOWED },
      { status: 405, headers: { allow: 'GET, HEAD', 'cache-control': 'no-store' } },
    )
  }
  // The sitemap and robots.txt pass here only for the method check above.
  if (pathname === '/sitemap.xml' || pathname === '/robots.txt') return NextResponse.next()
  if (isAdminPath(pathname)) {
    const { policy, headers } = withPolicy(request, true, 'admin')
    const response = NextResponse.next({ request: { headers } })
    response.headers.set('content-security-policy', policy)
    return response
  }
  const decision = routeRequest({
    pathname,
    search: request.nextUrl.search,
    cookieLocale: request.cookies.get(localeCookie.name)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    host: request.headers.get('x-forwarded-host') ?? request.headers.get('host'),
    userAgent: request.headers.get('user-agent'),
    domains: env().LOCALE_DOMAINS,
  })

  let response: NextResponse
  if (decision.kind === 'redirect') {
    response = NextResponse.redirect(new URL(decision.location, request.url), decision.status)
    response.headers.set('Vary', 'Accept-Language, Cookie, User-Agent')
  } else {
    const url = request.nextUrl.clone()
    // Editors previewing drafts (Next's draft-mode cookie) may look at pages that are not published yet.
    const previewing = request.cookies.has('__prerender_bypass')
    const found = previewing || isAppRoute(decision.path) || (await exists(decision.path))
    const redirect = found ? null : await cmsRedirect(decision.path).catch(() => null)
    if (redirect) {
      const target = redirect.target.startsWith('/') ? localizePath(decision.locale, redirect.target) + request.nextUrl.search : redirect.target
      response = NextResponse.redirect(new URL(target, request.url), redirect.status)
    } else {
      url.pathname = found ? decision.pathname : NOT_FOUND_PATH
      const experiment = decision.path === '/order/pickup' ? await pickerExperiment(request, decision.locale) : null
      if (experiment) url.pathname = experiment.pathname
      const stripe = found && decision.path === '/order/checkout' && stripeCardsOn(env())
      const { policy, headers } = withPolicy(request, previewing || isPerRequestRoute(decision.path), 'site', stripe)
      headers.set('x-next-intl-locale', decision.locale)
      response = NextResponse.rewrite(url, { request: { headers } })
      response.headers.set('content-security-policy', policy)
      // Stripe's frames may ask for the Payment Request API (Apple Pay, Google Pay) on this page only.
      if (stripe) response.headers.set('permissions-policy', permissionsPolicy([STRIPE_PAYMENT_ORIGIN]))
      if (experiment) {
        // Each view stays one cached page; which one a visitor gets depends on their cookie.
        response.headers.set('Vary', 'Cookie')
        if (experiment.setCookie) response.cookies.set(experiment.setCookie.name, experiment.setCookie.value, { maxAge: EXPERIMENT_COOKIE_MAX_AGE, path: '/', sameSite: 'lax' })
      }
    }
  }
  if (decision.setLocaleCookie) {
    response.cookies.set(localeCookie.name, decision.setLocaleCookie, localeCookie.options)
  }
  return response
}

export const config = {
  matcher: ['/((?!_next/|cms-api|favicon\\.ico|icon\\.svg|images/|fonts/|scripts/).*)'],
}
