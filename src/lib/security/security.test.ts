import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FORWARDED_HEADER, INLINE_HASHES, PEER_HEADER, fillPolicy, isNextInlineScript, scriptHashSources, secureResponse } from '../../../scripts/lib/secure-response.mjs'
import { clientAddress, rateLimitKey } from '../client-address'
import { isCrossSiteWrite, ownHosts, pagePolicy, permissionsPolicy, securityHeaders } from './headers'

describe('the page CSP builder', () => {
  it('allows scripts by nonce on per-request pages, never by unsafe-inline', () => {
    const policy = pagePolicy({ nonce: 'abc123', dev: false, https: false })
    expect(policy).toContain("script-src 'self' 'nonce-abc123'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'self'", "worker-src 'self' blob:"]) {
      expect(policy).toContain(directive)
    }
    expect(policy).not.toContain('upgrade-insecure-requests')
    expect(pagePolicy({ nonce: 'n', dev: false, https: true })).toContain('upgrade-insecure-requests')
  })

  it('leaves a placeholder on cached pages that the server fills with the inline scripts’ hashes', () => {
    const policy = pagePolicy({ dev: false, https: false })
    const html = '<html><script>self.__next_f.push([1])</script><script src="/a.js" integrity="sha256-AAAA"></script><script type="application/ld+json">{"a":1}</script></html>'
    const sources = scriptHashSources(html)
    const expected = `'sha256-${createHash('sha256').update('self.__next_f.push([1])').digest('base64')}'`
    expect(sources).toEqual([expected, "'sha256-AAAA'"])
    const filled = fillPolicy(policy, sources)
    expect(filled).toContain(`script-src 'self' ${expected} 'sha256-AAAA';`)
    expect(fillPolicy(policy, [])).toContain("script-src 'self';")
  })

  it("hashes only Next's own three inline-script shapes; any other inline script stays blocked", () => {
    const bootstrap = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[494553]});'
    const start = '(self.__next_f=self.__next_f||[]).push([0])'
    const chunk = 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])'
    for (const text of [bootstrap, start, chunk]) expect(isNextInlineScript(text)).toBe(true)
    for (const text of [
      'alert(1)',
      'self.__next_f.push([1]);alert(1)',
      'self.__next_f.push(alert(1))',
      'self.__next_f.push({"a":1})',
      '(self.__next_f=self.__next_f||[]).push([0]);alert(1)',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(alert(1));',
      '(globalThis["TURBOPACK"] || (globalThis["OTHER"] = [])).push({});',
    ]) expect(isNextInlineScript(text), text).toBe(false)
    const html = `<script>${start}</script><script>alert(document.cookie)</script><script id="_R_">${bootstrap}</script><script type="application/ld+json">{"a":1}</script>`
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(scriptHashSources(html)).toEqual([hash(start), hash(bootstrap)])
  })

  it('lets only the admin load its code editor from jsDelivr', () => {
    expect(pagePolicy({ nonce: 'n', dev: false, https: false })).not.toContain('cdn.jsdelivr.net')
    expect(pagePolicy({ nonce: 'n', area: 'admin', dev: false, https: false })).toMatch(/script-src 'self' 'nonce-n' https:\/\/cdn\.jsdelivr\.net;/)
  })

  it('sends HSTS only for an https site', () => {
    expect(securityHeaders({ https: false }).map((h) => h.key)).toEqual(['X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy'])
    expect(permissionsPolicy()).toBe('camera=(), microphone=(), geolocation=(), payment=(self)')
    expect(permissionsPolicy(['https://js.stripe.com'])).toBe('camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")')
    expect(securityHeaders({ https: true }).find((h) => h.key === 'Strict-Transport-Security')?.value).toBe('max-age=63072000; includeSubDomains')
  })
})

describe('the cross-site write rule', () => {
  const hosts = ownHosts(new Headers({ host: 'localhost:3000' }), 'https://veilgate.com', false)
  const table: [string, Record<string, string>, boolean][] = [
    ['GET', { 'sec-fetch-site': 'cross-site' }, false],
    ['POST', {}, false],
    ['POST', { 'sec-fetch-site': 'same-origin' }, false],
    ['POST', { 'sec-fetch-site': 'none' }, false],
    ['POST', { 'sec-fetch-site': 'cross-site' }, true],
    ['POST', { 'sec-fetch-site': 'same-site' }, true],
    ['DELETE', { origin: 'https://evil.example' }, true],
    ['PUT', { origin: 'http://localhost:3000' }, false],
    ['PATCH', { origin: 'https://veilgate.com' }, false],
    ['POST', { origin: 'null' }, true],
    ['POST', { origin: 'https://veilgate.com.evil.example' }, true],
  ]
  for (const [method, headers, refused] of table) {
    it(`${method} ${JSON.stringify(headers)} → ${refused ? 'refused' : 'passes'}`, () => {
      expect(isCrossSiteWrite({ method, headers: new Headers(headers), pathname: '/api/veilgate/auth/login/' }, hosts)).toBe(refused)
    })
  }

  it('trusts X-Forwarded-Host only behind a trusted proxy', () => {
    const headers = new Headers({ host: 'internal:3000', 'x-forwarded-host': 'shop.example' })
    expect(ownHosts(headers, 'https://veilgate.com', false)).not.toContain('shop.example')
    expect(ownHosts(headers, 'https://veilgate.com', true)).toContain('shop.example')
  })
})

describe('the client address', () => {
  const request = (peer: string | null, forwarded?: string) =>
    new Headers({ ...(peer === null ? {} : { [PEER_HEADER]: peer }), ...(forwarded === undefined ? {} : { [FORWARDED_HEADER]: forwarded }) })
  const table: [string | null, string | undefined, number, string][] = [
    ['203.0.113.9', '', 0, '203.0.113.9'],
    ['203.0.113.9', '1.2.3.4', 0, '203.0.113.9'],
    ['10.0.0.2', '198.51.100.7', 1, '198.51.100.7'],
    ['10.0.0.2', 'forged, 198.51.100.7', 1, '198.51.100.7'],
    ['10.0.0.3', '198.51.100.7, 10.0.0.2', 2, '198.51.100.7'],
    ['10.0.0.2', 'not-an-ip', 1, '10.0.0.2'],
    ['10.0.0.2', '999.1.1.1', 1, '10.0.0.2'],
    ['10.0.0.2', '', 1, '10.0.0.2'],
    ['::ffff:192.0.2.1', '', 0, '192.0.2.1'],
    ['10.0.0.2', '[2001:db8::1]:443', 1, '2001:db8::1'],
    ['10.0.0.2', '192.0.2.5:5678', 1, '192.0.2.5'],
    ['garbage', undefined, 0, 'unknown'],
  ]
  for (const [peer, forwarded, hops, expected] of table) {
    it(`peer ${peer}, X-Forwarded-For ${JSON.stringify(forwarded)}, ${hops} hops → ${expected}`, () => {
      expect(clientAddress(request(peer, forwarded), hops)).toBe(expected)
    })
  }

  it('counts IPv6 clients by their /64', () => {
    expect(rateLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitKey('192.0.2.1')).toBe('192.0.2.1')
  })
})

/** A response as Node's server hands it to `secureResponse`: headers, and what went out. */
function fakeResponse(headers: Record<string, string>) {
  const kept = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value as unknown]))
  const sent: { status?: number; body?: string } = {}
  const res = {
    statusCode: 200,
    getHeader: (name: string) => kept.get(name.toLowerCase()),
    setHeader: (name: string, value: unknown) => void kept.set(name.toLowerCase(), value),
    removeHeader: (name: string) => void kept.delete(name.toLowerCase()),
    writeHead(status: number) {
      sent.status = status
      return res
    },
    write: () => true,
    flushHeaders: () => undefined,
    end(chunk?: Buffer) {
      sent.body = chunk ? chunk.toString('utf8') : ''
      return res
    },
  }
  return { res, policy: () => String(kept.get('content-security-policy')), sent }
}

describe('a cached page’s policy after a HEAD request', () => {
  it('keeps the hashes of its inline scripts: the body-less answer never stores an empty list', () => {
    const script = 'self.__next_f.push([1,"head-first"])'
    const html = `<!DOCTYPE html><html><body><script>${script}</script></body></html>`
    const headers = { 'content-type': 'text/html; charset=utf-8', etag: '"head-first-page"', 'content-security-policy': `default-src 'self'; script-src 'self' ${INLINE_HASHES}; object-src 'none'` }
    const head = fakeResponse(headers)
    secureResponse(head.res as never)
    head.res.end()
    expect(head.policy()).toBe("default-src 'self'; script-src 'self'; object-src 'none'")
    const get = fakeResponse(headers)
    secureResponse(get.res as never)
    get.res.end(Buffer.from(html))
    expect(get.policy()).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; object-src 'none'$/)
    expect(get.sent.body).toBe(html)
    // A HEAD once the page is known: the same hashes as its GET.
    const again = fakeResponse(headers)
    secureResponse(again.res as never)
    again.res.end()
    expect(again.policy()).toBe(get.policy())
  })
})

describe('the headers of a long address', () => {
  const long = `/site/jp/my-account/orders/${'x'.repeat(6000)}`
  const internal = { 'x-middleware-rewrite': long, 'x-nextjs-rewritten-path': long, 'x-nextjs-rewritten-query': 'page=1', 'content-type': 'text/plain' }

  it('leave out the proxy’s rewrite target always, and the rewritten path on a redirect: Location alone carries it', () => {
    const redirect = fakeResponse({ ...internal, location: long.replace('/site', '') })
    secureResponse(redirect.res as never)
    redirect.res.writeHead(307)
    redirect.res.end()
    expect(redirect.res.getHeader('x-middleware-rewrite')).toBeUndefined()
    expect(redirect.res.getHeader('x-nextjs-rewritten-path')).toBeUndefined()
    expect(redirect.res.getHeader('x-nextjs-rewritten-query')).toBeUndefined()
    expect(redirect.res.getHeader('location')).toBe(long.replace('/site', ''))
  })

  it('keep the rewritten path on a rendered answer, where the router reads it', () => {
    const page = fakeResponse(internal)
    secureResponse(page.res as never)
    page.res.end()
    expect(page.res.getHeader('x-middleware-rewrite')).toBeUndefined()
    expect(page.res.getHeader('x-nextjs-rewritten-path')).toBe(long)
  })
})
