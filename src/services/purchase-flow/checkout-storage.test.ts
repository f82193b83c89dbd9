// Unit tests of what checkout keeps in tab storage.
import { describe, expect, it } from 'vitest'
import { restoreTyped, retryKey, typedFields, typedKey } from './checkout-storage'

const form = { email: 'ada@example.com', consent: false, method: 'card', country: 'DE', postalCode: '10115', address: 'Unter den Linden 1', city: 'Berlin' }

describe('what checkout keeps in sessionStorage', () => {
  it('saves the typed fields and never a card field', () => {
    const saved = JSON.stringify(typedFields({ ...form, name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardToken: 'tok_sandbox_x' }))
    expect(JSON.parse(saved)).toEqual(form)
    for (const secret of ['Ada Lovelace', '4242', '12/34', '"123"', 'tok_sandbox_']) expect(saved).not.toContain(secret)
  })

  it('restores only well-formed typed fields and ignores the rest', () => {
    expect(restoreTyped(JSON.stringify(form))).toEqual(form)
    expect(restoreTyped(JSON.stringify({ ...form, number: '4242424242424242', cvc: '123', name: 'Ada' }))).toEqual(form)
    expect(restoreTyped(JSON.stringify({ email: 42, consent: 'yes', method: 'wire', country: 'Germany', city: 'x'.repeat(500) }))).toEqual({ city: 'x'.repeat(200) })
    expect(restoreTyped(JSON.stringify({ method: 'paypal' }))).toEqual({ method: 'paypal' })
    expect(restoreTyped('{not json')).toEqual({})
    expect(restoreTyped(null)).toEqual({})
    expect(restoreTyped('null')).toEqual({})
  })

  it('files an order’s copy under its hash', () => {
    expect(typedKey()).toBe('veilgate:checkout')
    expect(typedKey('AAAAAAAAAAAAAAAAAAAAAA')).toBe('veilgate:checkout:AAAAAAAAAAAAAAAAAAAAAA')
    expect(retryKey('AAAAAAAAAAAAAAAAAAAAAA')).not.toBe(typedKey('AAAAAAAAAAAAAAAAAAAAAA'))
  })
})
