import { describe, expect, it } from 'vitest'
import { checkCaptchaKeys, halfCaptchaPairs } from './captcha-keys.mjs'

describe('the captcha key pairs at start', () => {
  it('accepts none, whole pairs, and empty values as unset', () => {
    expect(halfCaptchaPairs({})).toEqual([])
    expect(halfCaptchaPairs({ RECAPTCHA_V3_SITE_KEY: 'a', RECAPTCHA_V3_SECRET: 'b', HCAPTCHA_SITE_KEY: '', HCAPTCHA_SECRET: '' })).toEqual([])
    expect(() => checkCaptchaKeys({ HCAPTCHA_SITE_KEY: 'a', HCAPTCHA_SECRET: 'b' })).not.toThrow()
  })

  it('names the missing half of each pair', () => {
    expect(halfCaptchaPairs({ RECAPTCHA_V3_SITE_KEY: 'a', RECAPTCHA_V2_SECRET: 'b', HCAPTCHA_SECRET: '' })).toEqual([
      { missing: 'RECAPTCHA_V3_SECRET', message: 'RECAPTCHA_V3_SECRET is missing: RECAPTCHA_V3_SITE_KEY needs it beside it' },
      { missing: 'RECAPTCHA_V2_SITE_KEY', message: 'RECAPTCHA_V2_SITE_KEY is missing: RECAPTCHA_V2_SECRET needs it beside it' },
    ])
    expect(() => checkCaptchaKeys({ HCAPTCHA_SITE_KEY: 'a' })).toThrow("the human check's keys: HCAPTCHA_SECRET is missing: HCAPTCHA_SITE_KEY needs it beside it")
  })
})
