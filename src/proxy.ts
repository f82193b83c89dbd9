import { NextResponse, type NextRequest } from 'next/server'
import { localeCookie, routeRequest } from '@/i18n/routing'
import { env } from '@/lib/env'
import { localizePath } from '@/i18n/paths'
import { cmsRedirect, contentPageExists } from '@/services/content/page-index'

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

/**
 * Locale routing: English has no prefix, every other locale has one; requests
 * without a prefix are sent to the visitor's language (cookie, browser, domain).
 * Also the spec's fixed redirects (/pricing, platform pages), and missing
 * content pages go to the not-found page.
 */
export async function proxy(request: NextRequest) {
  const decision = routeRequest({
    pathname: request.nextUrl.pathname,
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
    const found = previewing || (await exists(decision.path))
    const redirect = found ? null : await cmsRedirect(decision.path).catch(() => null)
    if (redirect) {
      const target = redirect.target.startsWith('/') ? localizePath(decision.locale, redirect.target) + request.nextUrl.search : redirect.target
      response = NextResponse.redirect(new URL(target, request.url), redirect.status)
    } else {
      url.pathname = found ? decision.pathname : NOT_FOUND_PATH
      const headers = new Headers(request.headers)
      headers.set('x-next-intl-locale', decision.locale)
      response = NextResponse.rewrite(url, { request: { headers } })
    }
  }
  if (decision.setLocaleCookie) {
    response.cookies.set(localeCookie.name, decision.setLocaleCookie, localeCookie.options)
  }
  return response
}

export const config = {
  matcher: ['/((?!_next/|admin|cms-api|api/|favicon\\.ico|icon\\.svg|robots\\.txt|sitemap\\.xml|images/|fonts/).*)'],
}
