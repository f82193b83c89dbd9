// Unit tests of the sandbox's saved methods: signed, unforgeable, never a token, and what each does at renewal.
import { describe, expect, it } from 'vitest'
import { readSavedMethod, readToken, saveMethod, tokenize } from './processor'

const secret = 'saved-method-test-secret-0123456789'
const at = new Date('2026-11-26T12:00:00Z')
const card = (number: string) => {
  const made = tokenize(secret, { number, expMonth: 12, expYear: 2031, cvc: '123' }, at)
  if ('error' in made) throw new Error(made.error)
  return readToken(secret, made.token, at)!
}

describe('sandbox saved methods', () => {
  it('keep brand, last four and the card’s renewal outcome, never the number, and do not expire', () => {
    const method = saveMethod(secret, card('4242424242424242'))
    expect(method).toMatch(/^pm_sandbox_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    expect(method).not.toContain('4242424242424242')
    expect(Buffer.from(method.slice('pm_sandbox_'.length).split('.')[0]!, 'base64url').toString()).not.toContain('424242424242')
    expect(readSavedMethod(secret, method)).toEqual({ brand: 'visa', last4: '4242', renewal: 'succeed' })
    expect(readSavedMethod(secret, saveMethod(secret, card('4000000000000341')))).toEqual({ brand: 'visa', last4: '0341', renewal: 'card_declined' })
    expect(readSavedMethod(secret, saveMethod(secret, card('4000002760003184')))).toEqual({ brand: 'visa', last4: '3184', renewal: 'authentication_required' })
    expect(readSavedMethod(secret, saveMethod(secret, card('4000002500003155')))?.renewal).toBe('succeed')
  })

  it('refuse a forged, altered or foreign method, and a token is not a method nor a method a token', () => {
    const method = saveMethod(secret, card('4000000000000341'))
    const [body, signature] = method.slice('pm_sandbox_'.length).split('.')
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), renewal: 'succeed' })).toString('base64url')
    expect(readSavedMethod(secret, `pm_sandbox_${altered}.${signature}`)).toBeNull()
    expect(readSavedMethod('another-secret-0123456789abcdef', method)).toBeNull()
    expect(readSavedMethod(secret, 'pm_sandbox_')).toBeNull()
    expect(readSavedMethod(secret, 'pm_1Pxyz')).toBeNull()
    const made = tokenize(secret, { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' }, at)
    if ('error' in made) throw new Error(made.error)
    expect(readSavedMethod(secret, made.token)).toBeNull()
    expect(readSavedMethod(secret, made.token.replace('tok_sandbox_', 'pm_sandbox_'))).toBeNull()
    expect(readToken(secret, method.replace('pm_sandbox_', 'tok_sandbox_'), at)).toBeNull()
  })
})
