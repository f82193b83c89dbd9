// Hostile input for the fuzz suite (tests/integration/fuzz.int.test.ts, tests/e2e/fuzz.e2e.test.ts):
// fast-check arbitraries for bodies, values, queries and headers, mixed per request. Every value a
// request carries is one an attacker could send: the `Request` constructor and undici accept it
// (header values are Latin-1 without control characters, GET and HEAD carry no body).
import fc from 'fast-check'
import { errorStatus, isErrorCode } from '@/lib/errors'
import type { HttpMethod } from '@/lib/http-methods'

/** The fields the site's endpoints read, each filled with hostile and plausible values. */
export const FIELDS = ['username', 'password', 'email', 'list', 'service', 'code', 'bonusCode', 'hash', 'path', 'id', 'token', 'timezone', 'inrecaptcha', 'locale', 'newPassword', 'plan', 'days'] as const

/** A request as the suite sends it: the query is raw (percent junk kept), the body bytes or text. */
export type HostileRequest = {
  method: HttpMethod
  path: string
  /** Without the `?`; empty for none. */
  query: string
  headers: Record<string, string>
  body?: { type?: string; data: string | Uint8Array }
}

const KB = 1024
// Built once: 1,000 requests each building a megabyte would be the suite's whole time.
const LONG = { k64: 'a'.repeat(64 * KB), k200: 'é'.repeat(100 * KB), m1: 'x'.repeat(1024 * KB) }

/** Strings that have broken sites: control and bidi characters, markup, SQL, paths, URLs. */
export const NASTY_STRINGS = [
  '\uD800',
  'a\uDC00b',
  '\u202Eevil\u202C',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'javascript:alert(1)',
  '//evil.example/',
  '%00',
  '${7*7}{{7*7}}',
  '\r\nSet-Cookie: x=1',
  '',
  ' ',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '0x1p3',
  '1e999',
  '-0',
  '🦄'.repeat(50),
  'ﷺ'.repeat(30),
] as const

/** Values of the wrong type for any field. */
const WRONG_TYPES: unknown[] = [-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, false, null, [], [null], {}, { $ne: null }, { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }]

/** Plausible values, so that some requests pass validation and reach the work behind it. */
const plausible: fc.Arbitrary<unknown> = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('en', 'de', 'ar', 'jp', 'zh-tw', 'Europe/Berlin', 'vpn', 'passwarden', 'dns', 'monthly', 'yearly', 'news', 'VEIL-2024', 'correct horse battery staple'),
  fc.integer({ min: -10, max: 4000 }),
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 8, maxLength: 40 }),
)

/** Any string: Unicode with lone surrogates, or a nasty one. */
const anyString: fc.Arbitrary<string> = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom(...NASTY_STRINGS))

/** A value for one field: wrong types, nasty or long strings, nesting, or a plausible value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 3, arbitrary: plausible },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(LONG.k64, LONG.k200) },
  { weight: 1, arbitrary: fc.array(anyString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS, '__proto__', '$where'), anyString, { maxKeys: 3 }) },
)

/** A JSON object over the site's fields (and a few others), as text. */
export const hostileObject: fc.Arbitrary<string> = fc
  .dictionary(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', '', 'a'.repeat(300)) }), hostileValue, { maxKeys: 6 })
  .map((object) => JSON.stringify(object))

const DEPTH = 5_000
/** JSON bodies that break parsers: cut short, not JSON, out of range, nested 5,000 deep, huge. */
const BROKEN_JSON = [
  '{"a":',
  'NaN',
  '{"a":1e999}',
  '{"a":-1e999}',
  '[',
  '"',
  '',
  'null',
  '[]',
  '1',
  '"string"',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"username":"a","username":"b"}',
  '{"__proto__":{"isAdmin":true}}',
  '\uFEFF{}',
  '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
  `{"password":"${LONG.m1}"}`,
]

type Body = NonNullable<HostileRequest['body']>

/** Request bodies: objects over the fields, broken JSON, random bytes, forms, multipart, XML, UTF-7. */
export const hostileBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 8, arbitrary: hostileObject.map((data): Body => ({ type: 'application/json', data })) },
  { weight: 3, arbitrary: fc.constantFrom(...BROKEN_JSON).map((data): Body => ({ type: 'application/json', data })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('application/json', 'application/octet-stream', 'text/plain', undefined))
      .map(([data, type]): Body => ({ type, data })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Body>(
      { type: 'multipart/form-data', data: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--\r\n' },
      { type: 'multipart/form-data; boundary=', data: '--\r\n\r\n' },
      { type: 'application/x-www-form-urlencoded', data: 'password[]=1&username=a&username=b' },
      { type: 'application/x-www-form-urlencoded', data: 'email=%E0%A4%A&list=%00' },
      { type: 'application/json; charset=utf-7', data: '+AHsAIg-email+ACI-:+ACI-a+AEA-b.c+ACIAfQ-' },
      { type: 'text/xml', data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
      { type: 'application/json', data: '{"email":"a@b.c"}\u0000' },
      { type: 'application/x-www-form-urlencoded', data: '' },
    ),
  },
)

/** One query parameter in URL form: a field with a hostile value, or raw percent junk. */
const queryPart: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom(...FIELDS, 'page', 'q', 'url', 'next', 'redirect', 'locale'), hostileValue).map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'string' ? value.replace(/[\uD800-\uDFFF]/g, '\uFFFD').slice(0, 6000) : JSON.stringify(value) ?? '')}`),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '%00',
      'q=%00',
      '%ff%fe',
      'path=%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'x=%E0%A4%A',
      'page=1e999',
      'page=-1',
      'page=NaN',
      'id=1&id=2',
      'id[]=1&id[]=2',
      'hash[]=x',
      'email[$ne]=',
      'url=javascript:alert(1)',
      'next=//evil.example',
      `q=${'x'.repeat(5_000)}`,
      '=',
      '&&&',
      '__proto__[admin]=1',
      '_rsc=1',
    ),
  },
)

/** The query string (without `?`): none, or one to four parts. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(fc.constant(''), fc.array(queryPart, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('&')))

/** Header values a client can send: printable Latin-1, no control characters (C0, DEL, C1). */
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((code) => code < 0x7f || code >= 0xa0).map((code) => String.fromCharCode(code)), maxLength: 80 })

/** What Next reads from a request (an RSC fetch, a prefetch, a server action): in one request in six, junk or not. */
const nextHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'next-action': fc.oneof(fc.constantFrom('x', '0'.repeat(40), '7f'.repeat(21)), headerText),
    rsc: fc.constant('1'),
    'next-router-state-tree': fc.oneof(fc.constantFrom('%5B%22', '[[[', '%E0%A4%A', encodeURIComponent('["",{"children":["__PAGE__",{}]},null,null,0]')), headerText),
    'next-router-prefetch': fc.constant('1'),
  },
  { requiredKeys: [] },
)

/** Junk headers, each present or not: tokens, cookies, forwarded addresses, languages, and Next's own (a foreign `Origin` comes with the request). */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.record(
      {
        'x-auth-token': fc.oneof(headerText, fc.constantFrom('null', 'Bearer ', 'eyJhbGciOiJub25lIn0.eyJpZCI6MX0.', 'a'.repeat(4000))),
        cookie: fc.oneof(fc.constant('payload-token=%00; NEXT_LOCALE=../../x'), fc.constant('NEXT_LOCALE=ar; payload-token=x.y.z'), headerText.map((text) => `payload-token=${text}`)),
        'x-forwarded-for': fc.oneof(fc.constantFrom('not-an-ip', '1.2.3.4, ::1, x', '999.999.999.999', '::ffff:127.0.0.1', ''), headerText),
        'accept-language': fc.oneof(fc.constantFrom(';;q=x', '*', 'ar-SA,fa;q=0.9', 'x'.repeat(2000), 'en;q=NaN'), headerText),
        'content-language': headerText,
      },
      { requiredKeys: [] },
    ),
    fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: nextHeaders }),
  )
  .map(([junk, next]) => ({ ...junk, ...next }))

/** Methods that carry a body. */
export const carriesBody = (method: string) => method !== 'GET' && method !== 'HEAD'

/**
 * Requests to paths drawn from `paths`, with methods from `methods`: hostile queries, headers and
 * (except on GET and HEAD) bodies. `sameOrigin` is added to writes, except in one request in ten,
 * which names a foreign `Origin` instead.
 */
export function hostileRequest(paths: fc.Arbitrary<string>, methods: fc.Arbitrary<HttpMethod>, sameOrigin: Record<string, string> = {}): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      method: methods,
      path: paths,
      query: hostileQuery,
      headers: hostileHeaders,
      body: fc.option(hostileBody, { freq: 4 }),
      // One request in ten from a foreign page (a write is then refused before any work).
      foreign: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null') }),
    })
    .map(({ method, path, query, headers, body, foreign }) => {
      const writes = carriesBody(method)
      return {
        method,
        path,
        query,
        headers: foreign ? { ...headers, origin: foreign } : writes ? { ...sameOrigin, ...headers } : headers,
        ...(writes && body ? { body } : {}),
      }
    })
}

/** The `Request` of `hostile` against `base` (`http://localhost:3000`). */
export function toRequest(hostile: HostileRequest, base: string): Request {
  const headers = new Headers(hostile.headers)
  if (hostile.body?.type) headers.set('content-type', hostile.body.type)
  return new Request(`${base}${hostile.path}${hostile.query ? `?${hostile.query}` : ''}`, {
    method: hostile.method,
    headers,
    ...(hostile.body ? { body: hostile.body.data as BodyInit } : {}),
  })
}

/** What is wrong with a 4xx body of the API, or null: `{ statusCode, code, message }`, a catalogue code whose status is the answer's. */
export function refusalProblem(status: number, text: string): string | null {
  let body: { statusCode?: unknown; code?: unknown; message?: unknown }
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    return `${status} not JSON: ${text.slice(0, 200)}`
  }
  if (body.statusCode !== status) return `${status} with statusCode ${String(body.statusCode)}`
  if (!isErrorCode(body.code) || errorStatus[body.code] !== status) return `${status} with code ${String(body.code)}`
  if (typeof body.message !== 'string' || !body.message) return `${status} without a message`
  return null
}

/** Roughly what a request's line and headers weigh: over a server's limit (Node's 16 KiB) it may answer 414 or 431. */
export function headerBytes(hostile: HostileRequest): number {
  return hostile.method.length + hostile.path.length + hostile.query.length + 12 + Object.entries(hostile.headers).reduce((sum, [key, value]) => sum + key.length + value.length + 4, 0)
}

/** A short description of a request for a failure message (long values cut). */
export function describeRequest(hostile: HostileRequest): string {
  const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…(${text.length})` : text)
  const body = hostile.body ? ` body(${hostile.body.type ?? 'none'}): ${cut(typeof hostile.body.data === 'string' ? JSON.stringify(hostile.body.data) : `bytes[${hostile.body.data.length}]`)}` : ''
  return `${hostile.method} ${cut(hostile.path)}${hostile.query ? `?${cut(hostile.query)}` : ''} headers: ${cut(JSON.stringify(hostile.headers))}${body}`
}

/** The seed of this run: `FUZZ_SEED` to repeat one, else a new one. */
export function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED
  if (given && /^-?\d+$/.test(given)) return Number(given) | 0
  return (Math.random() * 2 ** 31) | 0
}

/** Requests per route or page family: `FUZZ_RUNS`, default 1,000. */
export function fuzzRuns(): number {
  const given = Number(process.env.FUZZ_RUNS)
  return Number.isInteger(given) && given > 0 ? given : 1_000
}
