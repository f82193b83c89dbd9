import { describe, expect, it } from 'vitest'
import { guardRequest, MAX_URL_LENGTH } from './request-guard.mjs'

const guard = (method, url, headers = {}) => {
  const answer = guardRequest({ method, url, headers })
  return answer && { status: answer.status, allow: answer.headers.allow, body: answer.headers['content-type'] === 'application/json' ? JSON.parse(answer.body) : answer.body }
}

// Each case is one the hostile-input suite found answered with a 500, a redirect or headers too large to read.
describe('the server guard', () => {
  it('refuses paths that do not percent-decode with 400 INVALID_INPUT', () => {
    expect(guard('GET', '/api/veilgate/account/subscriptions/%E0%A4%A/cancel')).toEqual({ status: 400, allow: undefined, body: { statusCode: 400, code: 'INVALID_INPUT', message: 'Please check the value you entered.' } })
    expect(guard('HEAD', '/api/payments/sandbox/approve/%ff%fe')?.status).toBe(400)
    expect(guard('GET', '/de/%E0%A4%A?x=1')?.status).toBe(400)
    expect(guard('GET', '/de/%C3%A9t%C3%A9?q=%E0%A4%A')).toBeNull()
  })

  it('answers another method than GET or HEAD on a page with 405 Allow: GET, HEAD, whatever the path', () => {
    expect(guard('PUT', '/%3Bt%3F//?a=1')).toMatchObject({ status: 405, allow: 'GET, HEAD', body: { code: 'METHOD_NOT_ALLOWED' } })
    expect(guard('POST', '/robots.txt')?.status).toBe(405)
    expect(guard('PATCH', '/%E0%A4%A?email[$ne]=')?.status).toBe(405)
    expect(guard('POST', '/', { 'next-action': 'x' })?.status).toBe(405)
    for (const [method, url] of [['POST', '/api/veilgate/auth/login/'], ['POST', '/cms-api/pages'], ['POST', '/admin/collections/pages'], ['GET', '/de/blog'], ['HEAD', '/']]) expect(guard(method, url), url).toBeNull()
  })

  it('refuses a router-state header Next cannot parse with 400, lets a valid one through, and takes them off API requests', () => {
    for (const tree of ['[[[', 'nope', '%E0%A4%A', '%', '', '["",{"children":1}]']) expect(guard('GET', '/help/0', { rsc: '1', 'next-router-state-tree': tree })?.status, tree).toBe(400)
    const headers = { rsc: '1', 'next-router-state-tree': '[[[', 'next-router-prefetch': '1', 'x-auth-token': 't' }
    expect(guard('GET', '/api/health/', headers)).toBeNull()
    expect(headers).toEqual({ 'x-auth-token': 't' })
    expect(guard('GET', '/help/0', { rsc: '1', 'next-router-state-tree': encodeURIComponent('["",{"children":["__PAGE__",{}]},null,null,0]') })).toBeNull()
  })

  it('answers /api and /api/ with a JSON 404 NOT_FOUND, as any unknown API path', () => {
    for (const url of ['/api/?page=NaN', '/api']) expect(guard('OPTIONS', url)).toMatchObject({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND' } })
    expect(guard('GET', '/api/health/')).toBeNull()
  })

  it('refuses URLs over MAX_URL_LENGTH: 414 for pages, 400 JSON for the API', () => {
    const long = 'x'.repeat(MAX_URL_LENGTH)
    expect(guard('HEAD', `/fa//${long}`)).toMatchObject({ status: 414, body: 'URI Too Long' })
    expect(guard('GET', `/api/health/?q=${long}`)).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    expect(guard('GET', `/?q=${'x'.repeat(5_000)}`)).toBeNull()
  })
})
