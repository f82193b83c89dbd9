// Unit tests of the newsletter's link tokens: purpose, expiry, forgery, no address inside.
import { describe, expect, it } from 'vitest'
import { CONFIRM_TTL_MS, newsletterToken, readNewsletterToken } from './tokens'

const secret = 'newsletter-test-secret-0123456789abcdef'
const at = new Date('2026-11-26T12:00:00Z')

describe('newsletter tokens', () => {
  it('name the subscriber for their purpose only, and hold no address', () => {
    const confirm = newsletterToken(secret, { id: 42, purpose: 'confirm', expiresAt: new Date(at.getTime() + CONFIRM_TTL_MS) })
    expect(confirm).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    expect(readNewsletterToken(secret, confirm, 'confirm', at)).toBe(42)
    expect(readNewsletterToken(secret, confirm, 'unsubscribe', at)).toBeNull()
    const unsubscribe = newsletterToken(secret, { id: 42, purpose: 'unsubscribe' })
    expect(readNewsletterToken(secret, unsubscribe, 'unsubscribe', new Date('2099-01-01'))).toBe(42)
    expect(readNewsletterToken(secret, unsubscribe, 'confirm', at)).toBeNull()
    expect(Buffer.from(confirm.split('.')[0]!, 'base64url').toString()).not.toContain('@')
  })

  it('expire confirmation links after 7 days', () => {
    expect(CONFIRM_TTL_MS).toBe(7 * 86_400_000)
    const token = newsletterToken(secret, { id: 7, purpose: 'confirm', expiresAt: new Date(at.getTime() + CONFIRM_TTL_MS) })
    expect(readNewsletterToken(secret, token, 'confirm', new Date(at.getTime() + CONFIRM_TTL_MS - 1))).toBe(7)
    expect(readNewsletterToken(secret, token, 'confirm', new Date(at.getTime() + CONFIRM_TTL_MS))).toBeNull()
  })

  it('refuse forged, altered, foreign and malformed tokens', () => {
    const token = newsletterToken(secret, { id: 9, purpose: 'unsubscribe' })
    const [, signature] = token.split('.')
    const other = Buffer.from('unsubscribe.10.0').toString('base64url')
    expect(readNewsletterToken(secret, `${other}.${signature}`, 'unsubscribe', at)).toBeNull()
    expect(readNewsletterToken('another-secret-0123456789abcdefghij', token, 'unsubscribe', at)).toBeNull()
    for (const bad of [undefined, null, 42, '', '.', 'abc', `${token}.x`, `${token}x`, '\u0000', 'a'.repeat(500), token.replace('.', '')]) {
      expect(readNewsletterToken(secret, bad, 'unsubscribe', at), String(bad).slice(0, 20)).toBeNull()
    }
  })
})
