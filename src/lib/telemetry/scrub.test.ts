import { describe, expect, it } from 'vitest'
import { scrubReport } from './scrub'

const origin = 'https://veilgate.example'

describe('an error report as it leaves the browser', () => {
  it('keeps paths without queries and texts without addresses, tokens or codes; drops user, cookies and headers', () => {
    const event = scrubReport(
      {
        message: 'Sign-in failed for jane@example.com',
        transaction: '/reset-password?token=k3J9xQ2vLm8pR4tY7wZ1',
        request: {
          url: 'https://veilgate.example/de/fast-login?code=482913&email=jane%40example.com',
          query_string: 'code=482913',
          cookies: { sid: 'x' },
          headers: { 'user-agent': 'UA', cookie: 'sid=x' },
        },
        exception: {
          values: [
            {
              value: 'Refused 203.0.113.9 with code 482913',
              stacktrace: { frames: [{ filename: 'https://veilgate.example/_next/static/chunks/a.js?v=1', abs_path: 'https://veilgate.example/x.js#k' }] },
            },
          ],
        },
        breadcrumbs: [
          { message: 'fetch /api/veilgate/auth/user-info/?ts=1732660000000', data: { url: '/api/veilgate/auth/user-info/?ts=1732660000000', method: 'GET', status_code: 200 } },
          { data: { from: '/sign-in?next=/my-account', to: '/my-account?welcome=jane@example.com' } },
        ],
        user: { email: 'jane@example.com', ip_address: '203.0.113.9' },
        extra: { email: 'jane@example.com' },
      },
      origin,
    )
    expect(event).toEqual({
      message: 'Sign-in failed for [e-mail]',
      transaction: '/reset-password',
      request: { url: '/de/fast-login' },
      exception: { values: [{ value: 'Refused [address] with code [code]', stacktrace: { frames: [{ filename: '/_next/static/chunks/a.js', abs_path: '/x.js' }] } }] },
      breadcrumbs: [
        { message: 'fetch /api/veilgate/auth/user-info/', data: { url: '/api/veilgate/auth/user-info/', method: 'GET', status_code: 200 } },
        { data: { from: '/sign-in', to: '/my-account' } },
      ],
    })
    expect(JSON.stringify(event)).not.toMatch(/jane|203\.0\.113|482913|token|ts=/)
  })

  it('leaves an event without those parts as it is', () => {
    expect(scrubReport({ message: 'TypeError: x is undefined' }, origin)).toEqual({ message: 'TypeError: x is undefined' })
  })
})
