import { describe, expect, it } from 'vitest'
import { subscribeResult } from './subscribe-result'

const texts = {
  successTitle: 'Almost done',
  success: 'Check your inbox to confirm your subscription. We sent a link to {email}.',
  errorTitle: 'Subscription failed',
  invalidEmail: 'The "E-mail" field must contain a valid email address.',
  alreadyExists: 'Subscription on {email} already exists.',
  undefinedError: 'Something went wrong. Please try again later.',
}

describe('subscribeResult (spec "Subscribe handling")', () => {
  it('confirms with the address the API answered', () => {
    expect(subscribeResult({ username: 'ana@example.com' }, 'Ana@Example.com', texts)).toEqual({
      tone: 'success',
      title: 'Almost done',
      message: 'Check your inbox to confirm your subscription. We sent a link to \u2068ana@example.com\u2069.',
    })
  })

  it('gives the e-mail message for an error keyed on username, whatever its status or text', () => {
    const result = subscribeResult({ failure: { statusCode: 400, code: 'INVALID_EMAIL', field: 'username', message: 'server wording' } }, 'x@y', texts)
    expect(result).toEqual({ tone: 'error', title: 'Subscription failed', message: texts.invalidEmail })
    expect(subscribeResult({ failure: { statusCode: 409, code: 'ALREADY_IN_USE', field: 'username', message: 'm' } }, 'a@b.co', texts).message).toBe(texts.invalidEmail)
  })

  it('says the subscription exists on 409, with the address', () => {
    expect(subscribeResult({ failure: { statusCode: 409, code: 'ALREADY_IN_USE', message: 'Subscription on a@b.co already exists.' } }, 'ana@example.com', texts).message).toBe('Subscription on \u2068ana@example.com\u2069 already exists.')
  })

  it("shows the error's errors text before its message", () => {
    expect(subscribeResult({ failure: { statusCode: 400, code: 'INVALID_INPUT', message: 'Invalid input', errors: 'Source is invalid' } }, 'a@b.co', texts).message).toBe('Source is invalid')
    expect(subscribeResult({ failure: { statusCode: 400, code: 'INVALID_INPUT', message: 'Invalid input', errors: ['First.', { message: 'Second.' }, 7] } }, 'a@b.co', texts).message).toBe('First. Second.')
    expect(subscribeResult({ failure: { statusCode: 400, code: 'INVALID_INPUT', message: 'Invalid input', errors: { source: 'Bad source.' } } }, 'a@b.co', texts).message).toBe('Bad source.')
  })

  it('shows the message otherwise', () => {
    expect(subscribeResult({ failure: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Try again later.' } }, 'a@b.co', texts)).toEqual({
      tone: 'error',
      title: 'Subscription failed',
      message: 'Too many requests. Try again later.',
    })
    expect(subscribeResult({ failure: { statusCode: 400, code: 'NOT_VERIFIED_CAPTCHA', message: 'Not verified Captcha', errors: [] } }, 'a@b.co', texts).message).toBe('Not verified Captcha')
  })

  it('falls back to the general error when no answer came', () => {
    expect(subscribeResult({ failure: { statusCode: 500, message: 'Failed to fetch' } }, 'a@b.co', texts).message).toBe(texts.undefinedError)
    expect(subscribeResult({ failure: { statusCode: 500, message: '' } }, 'a@b.co', texts).message).toBe(texts.undefinedError)
    expect(subscribeResult({ failure: { statusCode: 503, code: 'SERVER_MAINTENANCE', message: '' } }, 'a@b.co', texts).message).toBe(texts.undefinedError)
  })
})
