import { describe, expect, it } from 'vitest'
import {
  accountNumberOf,
  classifyUsername,
  formatAccountNumber,
  formatAccountSecret,
  isAccountNumber,
  newAccountNumber,
  normalizeAccountSecret,
  typedSecret,
} from './account-number'
import { newAccountSecret } from '@/services/auth/account-secret'
import { loginSchema } from './auth'

const codeOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? 'ok' : result.error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`).join(',')

describe('account numbers', () => {
  it('are 16 digits, the first not 0, and differ from one another', () => {
    const drawn = Array.from({ length: 2000 }, newAccountNumber)
    for (const number of drawn) expect(number).toMatch(/^[1-9]\d{15}$/)
    expect(new Set(drawn).size).toBe(drawn.length)
    // Every digit turns up in every place but the first (a skewed draw would miss some).
    for (let place = 1; place < 16; place++) expect(new Set(drawn.map((number) => number[place])).size).toBe(10)
  })

  it('read in four groups of four', () => {
    expect(formatAccountNumber('1234567890123456')).toBe('1234 5678 9012 3456')
    expect(isAccountNumber('1234567890123456')).toBe(true)
    for (const value of ['1234 5678 9012 3456', '123456789012345', '12345678901234567', 'a234567890123456', 1234567890123456, null]) expect(isAccountNumber(value)).toBe(false)
    expect(accountNumberOf({ username: '1234567890123456' })).toBe('1234 5678 9012 3456')
    for (const customer of [{ username: null }, { username: 'someone' }, {}, null, undefined]) expect(accountNumberOf(customer)).toBeNull()
  })
})

describe('one-time secrets', () => {
  it('are 100 random bits: 20 base32 characters, read in four groups of five', () => {
    const drawn = Array.from({ length: 500 }, newAccountSecret)
    for (const secret of drawn) expect(secret).toMatch(/^[A-Z2-7]{20}$/)
    expect(new Set(drawn).size).toBe(drawn.length)
    expect(new Set(drawn.join('')).size).toBe(32)
    expect(formatAccountSecret('ABCDEFGHIJKLMNOPQRST')).toBe('ABCDE-FGHIJ-KLMNO-PQRST')
  })

  it('are compared upper-cased without spaces and dashes', () => {
    for (const typed of ['ABCDE-FGHIJ-KLMNO-PQRST', 'abcde fghij klmno pqrst', ' abcdeFGHIJklmnoPQRST ', 'ab-cde--fghij klmnopqrst']) {
      expect(normalizeAccountSecret(typed)).toBe('ABCDEFGHIJKLMNOPQRST')
      expect(typedSecret(typed)).toBe('ABCDEFGHIJKLMNOPQRST')
    }
    // A password chosen later is taken as typed.
    for (const typed of ['Harbour-Lantern-42', 'abcde-fghij-klmno-pqrs1', 'ABCDE-FGHIJ-KLMNO-PQRS']) expect(typedSecret(typed)).toBe(typed)
  })
})

describe('the sign-in name', () => {
  it.each([
    ['someone@example.com', { kind: 'email', email: 'someone@example.com' }],
    [' Someone@Example.COM ', { kind: 'email', email: 'someone@example.com' }],
    ['1234 5678 9012 3456', { kind: 'number', number: '1234567890123456' }],
    ['1234-5678-9012-3456', { kind: 'number', number: '1234567890123456' }],
    ['1234567890123456', { kind: 'number', number: '1234567890123456' }],
    [' 1234  5678-9012 - 3456 ', { kind: 'number', number: '1234567890123456' }],
    ['1234 5678 9012 345', { kind: 'invalid-number' }],
    ['12345678901234567', { kind: 'invalid-number' }],
    ['7', { kind: 'invalid-number' }],
    ['1234 5678 9012 345x', { kind: 'email', email: '1234 5678 9012 345x' }],
    ['someone', { kind: 'email', email: 'someone' }],
  ])('%j is %j', (typed, expected) => {
    expect(classifyUsername(typed)).toEqual(expected)
  })

  it('login/ takes an address or a number; a number of any other length is INVALID_VEILGATE_ID, anything else INVALID_USERNAME', () => {
    expect(loginSchema.parse({ username: '1234 5678 9012 3456', password: 'abcde-fghij' })).toEqual({ username: '1234567890123456', password: 'abcde-fghij' })
    expect(loginSchema.parse({ username: ' A@B.CO ', password: 'x' })).toEqual({ username: 'a@b.co', password: 'x' })
    expect(codeOf(loginSchema.safeParse({ username: '1234 5678 9012 345', password: 'x' }))).toBe('username:INVALID_VEILGATE_ID')
    expect(codeOf(loginSchema.safeParse({ username: '1234-5678', password: 'x' }))).toBe('username:INVALID_VEILGATE_ID')
    expect(codeOf(loginSchema.safeParse({ username: '1234 5678 9012 345x', password: 'x' }))).toBe('username:INVALID_USERNAME')
    expect(codeOf(loginSchema.safeParse({ username: 'someone', password: 'x' }))).toBe('username:INVALID_USERNAME')
    expect(codeOf(loginSchema.safeParse({ username: '   ', password: 'x' }))).toBe('username:REQUIRED')
    expect(codeOf(loginSchema.safeParse({ username: `${'a'.repeat(250)}@b.co`, password: 'x' }))).toBe('username:INVALID_USERNAME')
  })
})
