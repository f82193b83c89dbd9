import { describe, expect, it } from 'vitest'
import { accountKey, restoreAccount } from './account-storage'

describe('the one-time answer kept for the success page', () => {
  it('is filed under the order hash', () => {
    expect(accountKey('abcdefghijklmnopqrstuv')).toBe('veilgate:checkout-account:abcdefghijklmnopqrstuv')
  })

  it('is read back only with a number and a secret of their shapes', () => {
    const account = { number: '1234 5678 9012 3456', secret: 'ABCDE-FGHIJ-KLMNO-PQRS2' }
    expect(restoreAccount(JSON.stringify(account))).toEqual(account)
    expect(restoreAccount(JSON.stringify({ ...account, extra: '<script>' }))).toEqual(account)
    for (const raw of [
      null,
      '',
      'not json',
      'null',
      '[]',
      JSON.stringify({ number: '1234567890123456', secret: account.secret }),
      JSON.stringify({ number: account.number, secret: 'abcde-fghij-klmno-pqrs2' }),
      JSON.stringify({ number: account.number, secret: 'ABCDE-FGHIJ-KLMNO-PQRS1' }),
      JSON.stringify({ number: account.number }),
      JSON.stringify({ number: 1234, secret: account.secret }),
    ]) {
      expect(restoreAccount(raw), String(raw)).toBeNull()
    }
  })
})
