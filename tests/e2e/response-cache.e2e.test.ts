import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secureResponse } from '../../scripts/lib/secure-response.mjs'
import { baseUrl, connectBrowser, newPage, watchViolations } from './browser'
import { adminCredentials } from './admin'

let browser: Browser
let token = ''

async function cms(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseUrl()}/cms-api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: response.status, body: await response.json().catch(() => null) }
}

/** One raw request (no automatic decompression): status, headers and the body's byte length. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl()}${path}`, { method, headers }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }))
    })
    request.on('error', reject)
    request.end()
  })
}

/** Fetched until the response cache answers it (a render-cache MISS is kept too, so two suffice). */
async function cached(path: string, headers: Record<string, string> = {}) {
  await expect.poll(async () => (await raw(path, headers)).headers['x-veilgate-cache'], { timeout: 15_000, interval: 100 }).toBe('HIT')
}

beforeAll(async () => {
  browser = await connectBrowser()
  token = (await cms('/admins/login', { body: adminCredentials() })).body.token
})

afterAll(async () => {
  await browser?.close()
})

describe('the response cache', () => {
  it('answers cached pages in br, gzip or identity with Vary, one CSP per ETag, 304 and HEAD', async () => {
    await cached('/', { 'accept-encoding': 'br' })
    await expect.poll(async () => (await raw('/', { 'accept-encoding': 'br' })).headers['content-encoding'], { interval: 100 }).toBe('br')
    const br = await raw('/', { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await raw('/', { 'accept-encoding': 'gzip' })
    const identity = await raw('/', { 'accept-encoding': 'identity' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(br.bytes).toBeLessThan(gzip.bytes)
    expect(gzip.bytes).toBeLessThan(identity.bytes / 3)
    for (const answer of [br, gzip, identity]) {
      expect(answer.status).toBe(200)
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
      expect(answer.headers['content-security-policy']).toBe(identity.headers['content-security-policy'])
      expect(answer.headers.etag).toBe(identity.headers.etag)
      expect(Number(answer.headers['content-length'])).toBe(answer.bytes)
    }
    expect(identity.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)

    const notModified = await raw('/', { 'if-none-match': String(identity.headers.etag), 'accept-encoding': 'br' })
    expect(notModified.status).toBe(304)
    expect(notModified.bytes).toBe(0)
    expect(notModified.headers['content-security-policy']).toBeUndefined()
    expect(notModified.headers.etag).toBe(identity.headers.etag)

    const head = await raw('/', { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.bytes).toBe(0)
    expect(head.headers['content-security-policy']).toBe(identity.headers['content-security-policy'])
    expect(head.headers['content-length']).toBe(gzip.headers['content-length'])
  })

  it('keeps static files compressed once, and lets admins, previews and router requests through to Next', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text()
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1] ?? ''
    expect(script).not.toBe('')
    await cached(script, { 'accept-encoding': 'br' })
    await expect.poll(async () => (await raw(script, { 'accept-encoding': 'br' })).headers['content-encoding'], { interval: 100 }).toBe('br')
    const file = await raw(script, { 'accept-encoding': 'gzip' })
    expect(file.headers['content-encoding']).toBe('gzip')
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(file.headers['x-content-type-options']).toBe('nosniff')

    await cached('/blog')
    const bypassing: Record<string, string>[] = [{ cookie: 'payload-token=x' }, { cookie: '__prerender_bypass=x' }, { rsc: '1' }, { 'next-router-prefetch': '1' }]
    for (const headers of bypassing) {
      expect((await raw('/blog', headers)).headers['x-veilgate-cache'], JSON.stringify(headers)).toBeUndefined()
    }
    expect((await raw('/blog?_rsc=abc')).headers['x-veilgate-cache']).toBeUndefined()
    // A missing page is answered by Next every time (only 200s are kept).
    for (let i = 0; i < 3; i++) {
      const missing = await raw('/no-such-page-for-the-cache')
      expect(missing.status).toBe(404)
      expect(missing.headers['x-veilgate-cache']).toBeUndefined()
    }
  })

  it('serves pages from memory that hydrate with no CSP violation in en, de and ar', async () => {
    const page = await newPage(browser)
    const violations = watchViolations(page)
    for (const path of ['/', '/de', '/ar/blog']) {
      // As the browser asks for it (its language, its cookies), until the response cache answers.
      await expect
        .poll(
          async () => {
            const response = await page.goto(path)
            return response?.headers()['x-veilgate-cache']
          },
          { timeout: 15_000, interval: 100 },
        )
        .toBe('HIT')
      await page.waitForLoadState('load')
      if (path === '/') {
        // The cookie notice renders only once the page has hydrated; its button then works.
        const notice = page.getByRole('region', { name: 'Cookie notice' })
        await notice.getByRole('button', { name: 'Necessary only' }).click()
        await expect.poll(() => notice.count()).toBe(0)
      }
    }
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(violations).toEqual([])
    await page.context().close()
  })

  // The saving instance drops its pages before the save answers (decision record 009): the next
  // request sees the change, on a loaded machine too, so it is asserted on that request, not within a time.
  it('drops a saved page in every locale before the save answers, keeps drafts off it, and previews show them', async () => {
    const path = `/landings/cache-${Date.now()}`
    const created = await cms('/pages', { body: { path, title: 'Cache check', _status: 'published', layout: [{ blockType: 'hero', heading: 'First heading' }] } })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    try {
      for (const url of [path, `/de${path}`]) await cached(url)
      await cms(`/pages/${id}`, { method: 'PATCH', body: { layout: [{ blockType: 'hero', heading: 'Second heading' }] } })
      for (const url of [path, `/de${path}`]) expect(await (await fetch(`${baseUrl()}${url}`)).text(), url).toContain('Second heading')
      // A draft leaves the cached published page as it is; an editor's preview shows the draft.
      await cached(path)
      await cms(`/pages/${id}?draft=true`, { method: 'PATCH', body: { layout: [{ blockType: 'hero', heading: 'Draft heading' }] } })
      const published = await (await fetch(`${baseUrl()}${path}`)).text()
      expect(published).toContain('Second heading')
      expect(published).not.toContain('Draft heading')
      const page = await newPage(browser)
      expect((await page.request.post('/cms-api/admins/login', { data: adminCredentials() })).ok()).toBe(true)
      await page.goto(`/api/preview?path=${path}`)
      expect(await page.locator('h1').textContent()).toBe('Draft heading')
      await page.context().close()

      // Unpublished: 404 at once.
      await cms(`/pages/${id}`, { method: 'PATCH', body: { _status: 'draft' } })
      expect((await raw(path)).status).toBe(404)
    } finally {
      await cms(`/pages/${id}`, { method: 'DELETE' })
    }
  })
})

describe('the hashes of a cached page', () => {
  it("allow only Next's own inline scripts: a planted one is refused by the browser", async () => {
    const html = [
      '<!doctype html><html lang="en"><head><title>start</title></head><body><p>planted</p>',
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      '<script>self.__next_f.push([1,"flight"])</script>',
      "<script>document.title='planted'</script>",
      '</body></html>',
    ].join('')
    // The same step the site's server runs on every cached page (scripts/lib/secure-response.mjs).
    const server = http.createServer((req, res) => {
      secureResponse(res)
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.setHeader('content-security-policy', "default-src 'self'; script-src 'self' 'inline-script-hashes'; object-src 'none'")
      res.end(html)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const page = await newPage(browser)
    try {
      const violations = watchViolations(page)
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      await expect.poll(() => violations.length).toBeGreaterThan(0)
      expect(await page.title()).toBe('start')
      expect(await page.evaluate(() => (self as unknown as { __next_f: unknown[] }).__next_f.length)).toBe(2)
    } finally {
      await page.context().close()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
