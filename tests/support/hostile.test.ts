import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HTTP_METHODS } from '@/lib/http-methods'
import { FIELDS, fuzzRuns, fuzzSeed, hostileBody, hostileHeaders, hostileQuery, hostileRequest, hostileValue, toRequest } from './hostile'

const requests = (seed: number, numRuns = 400) => fc.sample(hostileRequest(fc.constantFrom('/api/x/', '/de/%E0%A4%A'), fc.constantFrom(...HTTP_METHODS), { origin: 'http://localhost:3000' }), { seed, numRuns })

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('hostile requests', () => {
  it('are the same for the same seed, and differ for another', () => {
    const describe = (seed: number) => JSON.stringify(requests(seed, 50).map((request) => ({ ...request, body: request.body && { type: request.body.type, data: String(request.body.data).slice(0, 100) } })))
    expect(describe(7)).toBe(describe(7))
    expect(describe(7)).not.toBe(describe(8))
  })

  it('always make a Request a client could send: no body on GET or HEAD, Latin-1 headers, writes same-origin unless foreign on purpose', () => {
    for (const request of requests(1)) {
      expect(() => toRequest(request, 'http://localhost:3000')).not.toThrow()
      if (request.method === 'GET' || request.method === 'HEAD') expect(request.body).toBeUndefined()
      for (const value of Object.values(request.headers)) expect(value).toMatch(/^[\x20-\x7e\xa0-\xff]*$/)
      if (request.method !== 'GET' && request.method !== 'HEAD') expect(request.headers.origin).toBeDefined()
      if (request.headers.origin === 'http://localhost:3000') expect(request.method).not.toMatch(/^(GET|HEAD)$/)
    }
  })

  it('carry every kind of body the issue names', () => {
    const bodies = fc.sample(hostileBody, { seed: 3, numRuns: 3_000 })
    const texts = bodies.map((body) => (typeof body.data === 'string' ? body.data : null))
    expect(texts).toContain('{"a":')
    expect(texts).toContain('NaN')
    expect(texts).toContain('{"a":1e999}')
    expect(texts.some((text) => text?.startsWith('['.repeat(5_000)))).toBe(true)
    expect(bodies.some((body) => body.data instanceof Uint8Array && body.type === 'application/octet-stream')).toBe(true)
    expect(bodies.some((body) => body.type === 'multipart/form-data')).toBe(true)
    expect(bodies.some((body) => body.type === 'application/x-www-form-urlencoded' && body.data === 'password[]=1&username=a&username=b')).toBe(true)
    expect(bodies.some((body) => body.type?.includes('utf-7'))).toBe(true)
    expect(bodies.some((body) => body.type === 'text/xml')).toBe(true)
    // Objects over the fields, each field met.
    const objects = texts.filter((text): text is string => !!text?.startsWith('{"') && bodies[texts.indexOf(text)]!.type === 'application/json').flatMap((text) => {
      try {
        return [JSON.parse(text) as Record<string, unknown>]
      } catch {
        return []
      }
    })
    for (const field of FIELDS) expect(objects.some((object) => field in object), field).toBe(true)
  })

  it('fill fields with wrong types, long and nasty strings', () => {
    const values = fc.sample(hostileValue, { seed: 5, numRuns: 3_000 })
    for (const expected of [-1, 1e308, null, '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '\u202Eevil\u202C']) expect(values).toContainEqual(expected)
    expect(values.some((value) => Array.isArray(value) && value.length === 0)).toBe(true)
    expect(values.some((value) => JSON.stringify(value) === '{"$ne":null}')).toBe(true)
    expect(values.some((value) => typeof value === 'string' && value.length >= 64 * 1024)).toBe(true)
    expect(values.some((value) => typeof value === 'string' && /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value))).toBe(true)
    expect(values.some((value) => typeof value === 'string' && value.includes('\u0000'))).toBe(true)
  })

  it('send junk queries and headers', () => {
    const queries = fc.sample(hostileQuery, { seed: 9, numRuns: 2_000 })
    for (const part of ['%00', '%ff%fe', 'x=%E0%A4%A', 'page=1e999', 'id[]=1&id[]=2', 'url=javascript:alert(1)']) expect(queries.some((query) => query.split('&').includes(part) || query.includes(part)), part).toBe(true)
    expect(queries.some((query) => query.length >= 5_000)).toBe(true)
    const headers = fc.sample(hostileHeaders, { seed: 9, numRuns: 2_000 })
    expect(headers).toContainEqual(expect.objectContaining({ cookie: 'payload-token=%00; NEXT_LOCALE=../../x' }))
    expect(headers).toContainEqual(expect.objectContaining({ 'x-forwarded-for': 'not-an-ip' }))
    expect(headers).toContainEqual(expect.objectContaining({ 'accept-language': ';;q=x' }))
    const foreign = requests(11, 2_000).filter((request) => request.headers.origin === 'https://evil.example' || request.headers.origin === 'null')
    expect(foreign.some((request) => request.headers['next-action'])).toBe(true)
    expect(foreign.length).toBeGreaterThan(100)
    expect(foreign.length).toBeLessThan(400)
    expect(headers.some((header) => header.rsc === '1' && header['next-router-state-tree'])).toBe(true)
  })

  it('take the seed and the count from FUZZ_SEED and FUZZ_RUNS', () => {
    vi.stubEnv('FUZZ_SEED', '1234')
    vi.stubEnv('FUZZ_RUNS', '20')
    expect(fuzzSeed()).toBe(1234)
    expect(fuzzRuns()).toBe(20)
    vi.stubEnv('FUZZ_SEED', '')
    vi.stubEnv('FUZZ_RUNS', 'x')
    expect(Number.isInteger(fuzzSeed())).toBe(true)
    expect(fuzzRuns()).toBe(1_000)
  })
})
