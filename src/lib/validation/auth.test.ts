import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseToken } from '@/services/auth/tokens'
import { changePasswordSchema, loginSchema, password, passwordResetRequestSchema, passwordResetSchema, registerSchema, setStrengthEstimate, strongPassword } from './auth'
import { ensureStrengthEstimate } from './strength'

const codeOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? 'ok' : `${result.error!.issues[0]!.path.join('.')}:${result.error!.issues[0]!.message}`

describe('the password rules of section 5, in order', () => {
  const table: [string, string][] = [
    ['', 'REQUIRED'],
    [' leading-space', 'PASSWORD_WHITESPACE'],
    ['trailing-space ', 'PASSWORD_WHITESPACE'],
    ['\ttabbed-password', 'PASSWORD_WHITESPACE'],
    [' short', 'PASSWORD_WHITESPACE'],
    ['short1', 'PASSWORD_ASCII'],
    ['1234567', 'PASSWORD_ASCII'],
    ['pässwort-lang', 'PASSWORD_ASCII'],
    ['emoji-😀-password', 'PASSWORD_ASCII'],
    ['new\nline-password', 'PASSWORD_ASCII'],
    ['12345678', 'ok'],
    ['with inner spaces', 'ok'],
    ['~!@#$%^&*()_+{}|:"<>?', 'ok'],
    ['x'.repeat(257), 'INVALID_INPUT'],
  ]
  for (const [value, expected] of table) {
    it(`${JSON.stringify(value).slice(0, 30)} → ${expected}`, () => {
      const result = password.safeParse(value)
      expect(result.success ? 'ok' : result.error.issues[0]!.message).toBe(expected)
    })
  }
})

describe('the sign-up and sign-in schemas', () => {
  const valid = { username: 'Someone@Example.COM', password: 'long-enough-1', confirmPassword: 'long-enough-1', terms: true }

  it('keeps the e-mail in lower case and fills defaults', () => {
    const parsed = registerSchema.parse(valid)
    expect(parsed).toMatchObject({ username: 'someone@example.com', marketingConsent: false, timezone: '+0000' })
    expect(registerSchema.parse({ ...valid, locale: 'de' }).locale).toBe('de')
    expect(registerSchema.parse({ ...valid, locale: 'xx' }).locale).toBe('en')
  })

  const table: [Record<string, unknown>, string][] = [
    [{ username: undefined }, 'username:REQUIRED'],
    [{ username: '   ' }, 'username:REQUIRED'],
    [{ username: 'no-at-sign' }, 'username:INVALID_EMAIL'],
    [{ username: 'a@b' }, 'username:INVALID_EMAIL'],
    [{ confirmPassword: '' }, 'confirmPassword:CONFIRM_PASSWORD'],
    [{ confirmPassword: 'other-password-1' }, 'confirmPassword:CONFIRM_PASSWORD'],
    [{ terms: false }, 'terms:TERMS_AGREE'],
    [{ terms: 'yes' }, 'terms:TERMS_AGREE'],
    [{ timezone: '+02:00' }, 'timezone:INVALID_INPUT'],
    [{ timezone: '+1500' }, 'timezone:INVALID_INPUT'],
    [{ marketingConsent: 'yes' }, 'marketingConsent:INVALID_INPUT'],
  ]
  for (const [change, expected] of table) {
    it(`register ${JSON.stringify(change)} → ${expected}`, () => expect(codeOf(registerSchema.safeParse({ ...valid, ...change }))).toBe(expected))
  }

  it('answers INVALID_USERNAME for a sign-in name that is not an e-mail', () => {
    expect(codeOf(loginSchema.safeParse({ username: 'someone', password: 'x' }))).toBe('username:INVALID_USERNAME')
    expect(codeOf(loginSchema.safeParse({ username: 'A@B.CO', password: '' }))).toBe('password:REQUIRED')
    expect(loginSchema.parse({ username: ' A@B.CO ', password: ' any ' })).toEqual({ username: 'a@b.co', password: ' any ' })
    expect(codeOf(changePasswordSchema.safeParse({ password: 'old', newPassword: 'short' }))).toBe('newPassword:PASSWORD_ASCII')
  })
})

describe('token parsing', () => {
  it('accepts only 43 base64url characters, without a query for anything else', () => {
    const token = 'A'.repeat(21) + '-_' + 'z'.repeat(20)
    expect(parseToken(token)).toBe(token)
    expect(parseToken(` ${token} `)).toBe(token)
    for (const bad of [null, undefined, '', 'short', token + 'x', token.slice(1) + '=', token.slice(1) + '/', 'é'.repeat(43), '%00'.repeat(15)]) {
      expect(parseToken(bad)).toBeUndefined()
    }
  })
})

describe('the strength rule (zxcvbn, score below 3 is PASSWORD_BAD), after the others', () => {
  beforeAll(async () => {
    await ensureStrengthEstimate()
  })
  afterAll(() => setStrengthEstimate(null))

  const table: [string, string][] = [
    [' password1', 'PASSWORD_WHITESPACE'],
    ['pass', 'PASSWORD_ASCII'],
    ['password1', 'PASSWORD_BAD'],
    ['12345678', 'PASSWORD_BAD'],
    ['qwertyuiop', 'PASSWORD_BAD'],
    ['Password123!', 'PASSWORD_BAD'],
    ['correct-Horse-battery-9', 'ok'],
    ['with inner spaces and words 7', 'ok'],
  ]
  for (const [value, expected] of table) {
    it(`${JSON.stringify(value)} → ${expected}`, () => {
      const result = strongPassword.safeParse(value)
      expect(result.success ? 'ok' : result.error.issues[0]!.message).toBe(expected)
    })
  }

  it('counts the e-mail as known: a password made of it is weak at sign-up', () => {
    const base = { username: 'marguerite.yourcenar@example.com', terms: true }
    expect(codeOf(registerSchema.safeParse({ ...base, password: 'marguerite.yourcenar1', confirmPassword: 'marguerite.yourcenar1' }))).toBe('password:PASSWORD_BAD')
    expect(codeOf(registerSchema.safeParse({ ...base, password: 'correct-Horse-battery-9', confirmPassword: 'correct-Horse-battery-9' }))).toBe('ok')
    expect(codeOf(changePasswordSchema.safeParse({ password: 'old', newPassword: 'password1' }))).toBe('newPassword:PASSWORD_BAD')
  })

  it('tells every refused field at once, as the form shows them: a weak password is not hidden by an unticked box', () => {
    const issues = (input: Record<string, unknown>) => {
      const result = registerSchema.safeParse(input)
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`).sort()
    }
    expect(issues({ username: 'someone@example.com', password: 'password1', confirmPassword: 'password2', terms: false })).toEqual(['confirmPassword:CONFIRM_PASSWORD', 'password:PASSWORD_BAD', 'terms:TERMS_AGREE'])
    expect(issues({ username: 'nope', password: ' password1', confirmPassword: ' password1' })).toEqual(['password:PASSWORD_WHITESPACE', 'terms:TERMS_AGREE', 'username:INVALID_EMAIL'])
    expect(issues({ password: 42, confirmPassword: 42, terms: true })).toEqual(['confirmPassword:REQUIRED', 'password:REQUIRED', 'username:REQUIRED'])
  })

  it('checks a password reset: the address asked for, then the link, the new password and its confirmation', () => {
    expect(passwordResetRequestSchema.parse({ username: ' Someone@Example.COM ' })).toEqual({ username: 'someone@example.com' })
    expect(codeOf(passwordResetRequestSchema.safeParse({ username: 'nope' }))).toBe('username:INVALID_EMAIL')
    expect(codeOf(passwordResetRequestSchema.safeParse({}))).toBe('username:REQUIRED')
    const token = 'a'.repeat(43)
    const table: [Record<string, unknown>, string][] = [
      [{ token, password: 'correct-Horse-battery-9', confirmPassword: 'correct-Horse-battery-9' }, 'ok'],
      [{ password: 'correct-Horse-battery-9', confirmPassword: 'correct-Horse-battery-9' }, 'token:EXPIRED_SESSION'],
      [{ token, password: ' correct-Horse-battery-9', confirmPassword: ' correct-Horse-battery-9' }, 'password:PASSWORD_WHITESPACE'],
      [{ token, password: 'short', confirmPassword: 'short' }, 'password:PASSWORD_ASCII'],
      [{ token, password: 'password1', confirmPassword: 'password1' }, 'password:PASSWORD_BAD'],
      [{ token, password: 'correct-Horse-battery-9', confirmPassword: 'correct-Horse-battery-8' }, 'confirmPassword:CONFIRM_PASSWORD'],
      [{ token, password: 'correct-Horse-battery-9', confirmPassword: '' }, 'confirmPassword:CONFIRM_PASSWORD'],
    ]
    for (const [input, expected] of table) expect(codeOf(passwordResetSchema.safeParse(input)), expected).toBe(expected)
  })

  it('leaves the sign-in password alone (any non-empty text)', () => {
    expect(codeOf(loginSchema.safeParse({ username: 'a@example.com', password: 'password1' }))).toBe('ok')
  })
})
