import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, connectBrowser, newPage, watchViolations } from './browser'
import { clearRateLimits, signInToAdmin } from './customers'
import { adminCredentials, E2E_IP_LIMIT } from './admin'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('security headers', () => {
  it('are on pages, API answers, the CMS API, the admin and static files', async () => {
    const home = await fetch(`${baseUrl()}/`)
    const html = await home.text()
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1]
    for (const target of ['/', '/de/blog', '/api/coms/site/', '/cms-api/pages', '/admin/login', script ?? '/favicon.ico']) {
      const response = await fetch(`${baseUrl()}${target}`)
      expect(response.headers.get('x-content-type-options'), target).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), target).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('permissions-policy'), target).toBe('camera=(), microphone=(), geolocation=(), payment=(self)')
      expect(response.headers.get('content-security-policy'), target).toBeTruthy()
      await response.arrayBuffer()
    }
    const page = home.headers.get('content-security-policy') ?? ''
    expect(page).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    expect(page).not.toMatch(/script-src[^;]*unsafe-inline/)
    const api = (await fetch(`${baseUrl()}/api/coms/site/`)).headers.get('content-security-policy')
    expect(api).toBe("default-src 'none'; frame-ancestors 'none'")
    const search = (await fetch(`${baseUrl()}/search?q=vpn`)).headers.get('content-security-policy')
    expect(search).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  })

  it('lets pages and the admin run with no CSP violation', async () => {
    const page = await newPage(browser)
    const violations = watchViolations(page)
    for (const target of ['/', '/blog/how-dns-filtering-blocks-malware-and-trackers', '/search?q=vpn', '/ar']) {
      await page.goto(target)
      await page.waitForLoadState('networkidle')
    }
    await signInToAdmin(page)
    // A page of its own to edit, publish and preview.
    const token = (await (await fetch(`${baseUrl()}/cms-api/admins/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(adminCredentials()) })).json()).token
    const created = await fetch(`${baseUrl()}/cms-api/pages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({ path: '/landings/csp-check', title: 'CSP check', _status: 'published', layout: [{ blockType: 'hero', heading: 'CSP check' }] }),
    })
    const id = (await created.json()).doc.id
    await page.goto(`/admin/collections/pages/${id}`)
    await page.waitForLoadState('networkidle')
    await page.locator('input#field-title').fill('CSP check, edited')
    await page.getByRole('button', { name: /publish changes/i }).click()
    await page.waitForResponse((response) => response.url().includes('/admin') && response.request().method() === 'POST', { timeout: 30_000 }).catch(() => undefined)
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: /live preview/i }).first().click()
    await expect.poll(() => page.frames().some((frame) => frame.url().includes('/landings/csp-check')), { timeout: 30_000 }).toBe(true)
    // An image upload.
    const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    await page.goto('/admin/collections/media/create')
    await page.waitForLoadState('networkidle')
    await page.setInputFiles('input[type="file"]', { name: 'pixel.png', mimeType: 'image/png', buffer: pixel })
    await page.getByRole('button', { name: /^save$/i }).first().click()
    await page.waitForURL(/\/admin\/collections\/media\/\d+/, { timeout: 30_000 })
    expect(violations).toEqual([])
    await page.context().close()
  })
})

describe('requests the site refuses', () => {
  it('refuses cross-site writes to the API with 403 CROSS_SITE_REQUEST', async () => {
    for (const [target, headers] of [
      ['/api/veilgate/auth/login/', { origin: 'https://evil.example' }],
      ['/api/coms/survey/', { 'sec-fetch-site': 'cross-site' }],
    ] as const) {
      const response = await fetch(`${baseUrl()}${target}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
      expect(response.status, target).toBe(403)
      expect(await response.json()).toMatchObject({ statusCode: 403, code: 'CROSS_SITE_REQUEST' })
    }
  })
})

describe('the known 500s and big bodies', () => {
  it('answers /search?q=%00 with 200', async () => {
    const response = await fetch(`${baseUrl()}/search?q=%00`)
    expect(response.status).toBe(200)
    expect((await fetch(`${baseUrl()}/api/coms/pages-search/?q=%00vpn%ED%A0%80`)).status).toBeLessThan(500)
  })

  it('answers a broken multipart POST or a server action to pages with 405 and unknown API paths with 404', async () => {
    const broken = { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'not multipart at all' }
    for (const target of ['/', '/blog', '/no-such-page-here', '/de/blog']) {
      const response = await fetch(`${baseUrl()}${target}`, { ...broken, redirect: 'manual' })
      expect(response.status, target).toBe(405)
      expect(response.headers.get('allow'), target).toBe('GET, HEAD')
    }
    // Found by the hostile-input suite: a POST naming a server action reached Next on every page,
    // though only the admin has server actions.
    for (const target of ['/', '/de/blog', '/sign-in']) {
      const response = await fetch(`${baseUrl()}${target}`, { method: 'POST', headers: { 'next-action': 'x', origin: baseUrl(), 'content-type': 'text/plain;charset=UTF-8' }, body: '[]', redirect: 'manual' })
      expect(response.status, target).toBe(405)
      expect(response.headers.get('allow'), target).toBe('GET, HEAD')
      expect(await response.json()).toMatchObject({ statusCode: 405, code: 'METHOD_NOT_ALLOWED' })
    }
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${baseUrl()}/api/no/such/thing/`, method === 'POST' ? broken : { method })
      expect(response.status, method).toBe(404)
      expect(await response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
    }
  })

  it('answers a method an API route does not serve with a JSON 405 naming the ones it does, OPTIONS included', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/api/coms/site/', 'GET, HEAD'],
      ['OPTIONS', '/api/coms/site/', 'GET, HEAD'],
      ['GET', '/api/veilgate/auth/login/', 'POST'],
      ['DELETE', '/api/veilgate/geo-ip/', 'GET, HEAD, OPTIONS'],
      ['PATCH', '/api/veilgate/clear-cache/', 'GET, HEAD'],
    ]
    for (const [method, target, allow] of cases) {
      const response = await fetch(`${baseUrl()}${target}`, { method, headers: { origin: baseUrl(), 'sec-fetch-site': 'same-origin' } })
      expect(response.status, `${method} ${target}`).toBe(405)
      expect(response.headers.get('allow'), `${method} ${target}`).toBe(allow)
      expect(await response.json()).toMatchObject({ statusCode: 405, code: 'METHOD_NOT_ALLOWED' })
    }
  })

  it('answers a 12 MB body with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = 'x'.repeat(12 * 1024 * 1024)
    for (const target of ['/api/coms/survey/', '/api/veilgate/auth/login/']) {
      const response = await fetch(`${baseUrl()}${target}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })
      expect(response.status, target).toBe(413)
      expect(await response.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' })
    }
    // Over the 16 KiB of the auth endpoints, under the general limit.
    const medium = JSON.stringify({ username: 'a@b.co', password: 'x'.repeat(20_000) })
    expect((await fetch(`${baseUrl()}/api/veilgate/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: medium })).status).toBe(413)
  })
})

describe('rate limits (runs last in this file; clears its counts)', () => {
  it('answers a burst of logins from one address over its limit with 429s and Retry-After, never a 5xx, whatever X-Forwarded-For says', async () => {
    // Counted from nothing, each login for an address of its own (no account's limit is reached):
    // exactly the address's limit gets through, the rest is refused.
    await clearRateLimits()
    const burst = E2E_IP_LIMIT.points + 40
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        fetch(`${baseUrl()}/api/veilgate/auth/login/`, {
          method: 'POST',
          // A forged X-Forwarded-For on each: with TRUSTED_PROXY_HOPS=0 they all count as this peer.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 256}` },
          body: JSON.stringify({ username: `burst-${i}@example.com`, password: 'not-the-password-1' }),
        }).then(async (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() })),
      ),
    )
    const limited = answers.filter((a) => a.status === 429)
    expect(limited).toHaveLength(burst - E2E_IP_LIMIT.points)
    expect(answers.every((a) => a.status === 429 || a.status === 401)).toBe(true)
    for (const answer of limited) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
      expect(answer.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' })
    }
  })

  afterAll(async () => {
    // All end-to-end suites share one server: forget the burst's counts.
    await clearRateLimits()
  })
})
