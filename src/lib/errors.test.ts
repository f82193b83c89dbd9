import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { errorCodes, errorStatus } from './errors'

const messagesDir = path.resolve(import.meta.dirname, '../../messages')

describe('the error catalogue (spec section 8)', () => {
  it('gives every code its status', () => {
    const expected: Record<number, string[]> = {
      400: ['REQUIRED', 'INVALID_EMAIL', 'PASSWORD_WHITESPACE', 'PASSWORD_ASCII', 'PASSWORD_BAD', 'CONFIRM_PASSWORD', 'TERMS_AGREE', 'NOT_VERIFIED_CAPTCHA', 'INVALID_USERNAME', 'INVALID_VEILGATE_ID', 'BAD_NEW_BONUS_CODE', 'USE_NEW_BONUS_CODE_ON_OWN_ACC', 'INVALID_AMOUNT_NEW_BONUS_CODE', 'INVALID_BONUS_CODE', 'INVALID_INPUT', 'INVALID_FAST_LOGIN_CODE'],
      401: ['INVALID_USERNAME_OR_PASSWORD', 'EXPIRED_SESSION'],
      403: ['ACCOUNT_BANNED', 'ACCOUNT_NOT_CONFIRMED', 'CROSS_SITE_REQUEST'],
      404: ['NOT_FOUND', 'PLAN_NOT_FOUND'],
      405: ['METHOD_NOT_ALLOWED'],
      413: ['PAYLOAD_TOO_LARGE'],
      409: ['ALREADY_IN_USE', 'EMAIL_ALREADY_USED_FOR_LOGIN', 'REFUND_WINDOW_CLOSED', 'ORDER_NOT_REFUNDABLE'],
      423: ['LOGIN_ATTEMPTS_EXCEEDED'],
      429: ['TOO_MANY_REQUESTS'],
      500: ['INTERNAL_ERROR', 'undefinedError'],
      503: ['SERVER_MAINTENANCE'],
    }
    for (const [status, codes] of Object.entries(expected)) for (const code of codes) expect(errorStatus[code as keyof typeof errorStatus], code).toBe(Number(status))
  })

  it('quotes the spec’s English texts', () => {
    const english = JSON.parse(readFileSync(path.join(messagesDir, 'en.json'), 'utf8')).Errors
    expect(english).toMatchObject({
      undefinedError: 'Something went wrong. Please try again later.',
      INVALID_USERNAME: 'Invalid username',
      INVALID_USERNAME_OR_PASSWORD: 'Invalid username or password',
      ALREADY_IN_USE: 'This Veilgate ID is already in use',
      SERVER_MAINTENANCE: 'Server maintenance. Please, try again later',
      ACCOUNT_NOT_CONFIRMED: 'Your account has not been confirmed.',
      EXPIRED_SESSION: 'Your session has expired. Please relogin',
      INVALID_VEILGATE_ID: 'Invalid Veilgate ID',
      PASSWORD_BAD: 'Your password is not strong enough. Please provide a stronger password.',
      BAD_NEW_BONUS_CODE: "Unfortunately, you can't apply this code to your account.",
      INVALID_AMOUNT_NEW_BONUS_CODE: 'Invalid discount amount',
      INVALID_BONUS_CODE: 'The code is invalid! Please check it and try again.',
      INTERNAL_ERROR: 'An internal error has occurred',
      INVALID_EMAIL: 'Invalid email',
      PASSWORD_WHITESPACE: "Password can't begin or end with a whitespace character",
      TERMS_AGREE: 'Please agree to our Age Certification, End User Agreement and Privacy Policy.',
      NOT_VERIFIED_CAPTCHA: 'Not verified Captcha',
      ACCOUNT_BANNED: 'Your account has been blocked for violating the End User Agreement. Please contact support.',
      LOGIN_ATTEMPTS_EXCEEDED: 'Too many failed sign-in attempts. Your account is locked; we have e-mailed you how to recover it.',
      EMAIL_ALREADY_USED_FOR_LOGIN: 'This e-mail signs in another way. Please use the sign-in method you signed up with.',
      TOO_MANY_REQUESTS: 'Too many requests from your account. Please try again later.',
      USE_NEW_BONUS_CODE_ON_OWN_ACC: "This promo code can't be used on your own account. Share it with a friend.",
      REFUND_WINDOW_CLOSED: 'The 30-day money-back period of this order has ended.',
      ORDER_NOT_REFUNDABLE: 'This order cannot be refunded.',
      PASSWORD_ASCII: 'Password must be at least 8 characters and use only Latin letters, digits, spaces and symbols.',
    })
  })

  it('has a message for every code in all 32 files', () => {
    const files = readdirSync(messagesDir).filter((f) => f.endsWith('.json'))
    expect(files).toHaveLength(32)
    for (const file of files) {
      const errors = JSON.parse(readFileSync(path.join(messagesDir, file), 'utf8')).Errors ?? {}
      for (const code of errorCodes) expect(typeof errors[code] === 'string' && errors[code].trim().length > 0, `${file} ${code}`).toBe(true)
      expect(Object.keys(errors).sort(), file).toEqual([...errorCodes].sort())
    }
  })
})
