// Unit tests of Paymentwall's pingback: signature version 3 from sorted parameters, and reading it at the route.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/http'
import { pingbackSignature, readPingback, sandboxPingback, signedPingback } from './pingback'

const secret = 'paymentwall-test-secret'
const at = new Date('2026-11-26T12:00:00Z')
const hash = 'AbCdEfGhIjKlMnOpQrStUv'
const codeOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof HttpError ? error.code : 'other'
  }
  return null
}

describe('Paymentwall pingbacks', () => {
  it('sign the parameters sorted by name as name=value, joined, then the secret (sig left out)', () => {
    const sha = (text: string) => createHash('sha256').update(text).digest('hex')
    expect(pingbackSignature({ uid: 'u1', goodsid: 'g', type: '0', ref: 'r', sign_version: '3' }, 'S')).toBe(sha('goodsid=gref=rsign_version=3type=0uid=u1S'))
    expect(pingbackSignature({ b: '2', a: '1', sig: 'ignored' }, 'S')).toBe(sha('a=1b=2S'))
    // The order parameters arrive in does not matter.
    expect(pingbackSignature({ a: '1', b: '2' }, 'S')).toBe(pingbackSignature({ b: '2', a: '1' }, 'S'))
  })

  it('are read when signed now', () => {
    const query = signedPingback(sandboxPingback({ providerRef: 'sbx_7_2', hash, customer: 'customer-3' }), secret, at)
    expect(query.get('sign_version')).toBe('3')
    expect(readPingback(secret, query, at)).toEqual({
      provider: 'sandbox',
      source: 'paymentwall',
      eventId: `sbx_7_2:0:${hash}`,
      type: '0',
      relevant: true,
      providerRef: 'sbx_7_2',
      attemptKey: null,
      orderHash: hash,
      outcome: 'succeeded',
    })
    const refund = signedPingback(sandboxPingback({ providerRef: 'sbx_7_2', hash, customer: 'c', type: '2' }), secret, at)
    expect(readPingback(secret, refund, at)).toMatchObject({ eventId: `sbx_7_2:2:${hash}`, outcome: 'refunded', relevant: true })
    const risk = signedPingback(sandboxPingback({ providerRef: 'sbx_7_2', hash, customer: 'c', type: '201' }), secret, at)
    expect(readPingback(secret, risk, at)).toMatchObject({ relevant: false, outcome: null })
    // A pingback without the sandbox's send time (as Paymentwall sends it) is taken when its signature holds.
    const plain: Record<string, string> = { ...sandboxPingback({ providerRef: 'sbx_7_2', hash, customer: 'c' }), sign_version: '3' }
    expect(readPingback(secret, new URLSearchParams({ ...plain, sig: pingbackSignature(plain, secret) }), at).outcome).toBe('succeeded')
  })

  it('refuse a bad, missing, foreign or stale signature with INVALID_SIGNATURE', () => {
    const good = signedPingback(sandboxPingback({ providerRef: 'sbx_7_2', hash, customer: 'c' }), secret, at)
    const without = new URLSearchParams(good)
    without.delete('sig')
    expect(codeOf(() => readPingback(secret, without, at))).toBe('INVALID_SIGNATURE')
    const changed = new URLSearchParams(good)
    changed.set('type', '2')
    expect(codeOf(() => readPingback(secret, changed, at))).toBe('INVALID_SIGNATURE')
    const version2 = new URLSearchParams(good)
    version2.set('sign_version', '2')
    expect(codeOf(() => readPingback(secret, version2, at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readPingback('another-secret', good, at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readPingback(secret, good, new Date(at.getTime() + 301_000)))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readPingback(secret, signedPingback(sandboxPingback({ providerRef: 'sbx_7_2', hash, customer: 'c' }), secret, new Date(at.getTime() - 301_000)), at))).toBe('INVALID_SIGNATURE')
  })

  it('refuse malformed pingbacks with INVALID_INPUT', () => {
    const signed = (params: Record<string, string>) => signedPingback(params, secret, at)
    expect(codeOf(() => readPingback(secret, signed({ uid: 'c', goodsid: 'short', type: '0', ref: 'r' }), at))).toBe('INVALID_INPUT')
    expect(codeOf(() => readPingback(secret, signed({ uid: '', goodsid: hash, type: '0', ref: 'r' }), at))).toBe('INVALID_INPUT')
    expect(codeOf(() => readPingback(secret, signed({ goodsid: hash, type: 'paid', ref: 'r', uid: 'c' }), at))).toBe('INVALID_INPUT')
    const twice = signed({ uid: 'c', goodsid: hash, type: '0', ref: 'r' })
    twice.append('type', '2')
    expect(codeOf(() => readPingback(secret, twice, at))).toBe('INVALID_INPUT')
  })
})
