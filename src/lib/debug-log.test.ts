import { describe, expect, it } from 'vitest'
import { redact, safePath } from './debug-log'

describe('what logs and reports keep', () => {
  it('drops query strings and hashes', () => {
    expect(redact('GET /api/veilgate/auth/confirm?token=abc&email=a@b.example 200')).toBe('GET /api/veilgate/auth/confirm 200')
    expect(redact('failed at https://veilgate.example/reset#k=secret')).toBe('failed at https://veilgate.example/reset')
    expect(redact('Is this ok? Yes')).toBe('Is this ok? Yes')
  })
  it('replaces e-mail addresses, IP addresses, tokens and codes', () => {
    expect(redact('No account for jane.doe+vpn@example.co.uk.')).toBe('No account for [e-mail].')
    expect(redact('from 203.0.113.7 and 2001:db8::1 and ::1 and fe80:0:0:0:1:2:3:4')).toBe('from [address] and [address] and [address] and [address]')
    expect(redact('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlMTIz here')).toBe('token [token] here')
    expect(redact('/api/veilgate/auth/reset/k3J9xQ2vLm8pR4tY7wZ1 refused')).toBe('/api/veilgate/auth/reset/[token] refused')
    expect(redact('the code 482913 was wrong')).toBe('the code [code] was wrong')
  })
  it('keeps ordinary words, paths and small numbers', () => {
    expect(redact('TypeError: Cannot read properties of undefined (reading "plan") at /order/checkout 402')).toBe(
      'TypeError: Cannot read properties of undefined (reading "plan") at /order/checkout 402',
    )
    expect(redact('12:30 request took 85 ms')).toBe('12:30 request took 85 ms')
    expect(redact('a-very-long-kebab-case-name')).toBe('a-very-long-kebab-case-name')
  })
  it('reduces URLs to their path', () => {
    expect(safePath('/api/veilgate/purchase/cost/?ts=1732660000000&plan=2', 'https://veilgate.example')).toBe('/api/veilgate/purchase/cost/')
    expect(safePath('https://veilgate.example/de/sign-in?next=/account', 'https://veilgate.example')).toBe('/de/sign-in')
    expect(safePath('https://other.example/x?y=1', 'https://veilgate.example')).toBe('https://other.example/x')
    expect(safePath('/reset-password/user@example.com')).toBe('/reset-password/[e-mail]')
  })
})
