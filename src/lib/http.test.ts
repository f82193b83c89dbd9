import { describe, expect, it, vi } from 'vitest'
import { handler, otherMethods } from './http'

vi.mock('./log', () => ({ logger: () => ({ warn: () => undefined, error: () => undefined, info: () => undefined }) }))

const failing = (error: unknown) => handler(async () => Promise.reject(error))
const call = (route: ReturnType<typeof failing>, locale?: string) =>
  route(new Request('http://localhost/api/veilgate/purchase/url-with-email/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ locale }) }), undefined)

describe('handler() and a database outage', () => {
  it('answers 503 SERVER_MAINTENANCE with Retry-After: 5, in the request’s language', async () => {
    const outage = new Error('Failed query: insert into "orders"', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) })
    const english = await call(failing(outage))
    expect(english.status).toBe(503)
    expect(english.headers.get('retry-after')).toBe('5')
    expect(await english.json()).toEqual({ statusCode: 503, code: 'SERVER_MAINTENANCE', message: 'Server maintenance. Please, try again later' })
    const german = await call(failing(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), 'de')
    expect(german.status).toBe(503)
    const body = (await german.json()) as { code: string; message: string }
    expect(body.code).toBe('SERVER_MAINTENANCE')
    expect(body.message).not.toBe('Server maintenance. Please, try again later')
  })

  it('keeps any other failure a 500 INTERNAL_ERROR without Retry-After', async () => {
    const answer = await call(failing(Object.assign(new Error('duplicate key'), { code: '23505' })))
    expect(answer.status).toBe(500)
    expect(answer.headers.get('retry-after')).toBeNull()
    expect(await answer.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' })
  })
})

describe('otherMethods()', () => {
  it('answers every method a route leaves out with a JSON 405 naming the ones it serves (HEAD with GET)', async () => {
    const refused = otherMethods('GET', 'POST')
    expect(Object.keys(refused).sort()).toEqual(['DELETE', 'OPTIONS', 'PATCH', 'PUT'])
    const answer = await refused.PUT(new Request('http://localhost/api/coms/site/', { method: 'PUT' }), undefined)
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST')
    expect(await answer.json()).toEqual({ statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: expect.any(String) })
    // A POST-only route refuses GET and HEAD too.
    const postOnly = otherMethods('POST')
    expect(Object.keys(postOnly).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT'])
    expect((await postOnly.GET(new Request('http://localhost/api/veilgate/auth/login/'), undefined)).headers.get('allow')).toBe('POST')
  })
})
