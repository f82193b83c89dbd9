// Unit tests of Stripe's configuration checks: each missing key named, live and test never mixed.
import { describe, expect, it } from 'vitest'
import { keyMode, stripeConfigProblem } from './config'
import { stripeReturnUrl } from './provider'

const keys = { secretKey: 'sk_test_abc123', publishableKey: 'pk_test_abc123', webhookSecret: 'whsec_abc123' }

describe('Stripe configuration', () => {
  it('takes three keys of one mode', () => {
    expect(stripeConfigProblem(keys)).toBeNull()
    expect(stripeConfigProblem({ secretKey: 'sk_live_abc', publishableKey: 'pk_live_abc', webhookSecret: 'whsec_x' })).toBeNull()
    expect(stripeConfigProblem({ ...keys, secretKey: 'rk_test_abc' })).toBeNull()
  })

  it('names the variable that is missing, in order', () => {
    expect(stripeConfigProblem({})).toBe('[payments] PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY: card purchases answer 503')
    expect(stripeConfigProblem({ ...keys, publishableKey: undefined })).toContain('needs STRIPE_PUBLISHABLE_KEY')
    expect(stripeConfigProblem({ ...keys, webhookSecret: undefined })).toContain('needs STRIPE_WEBHOOK_SECRET')
  })

  it('refuses a live key beside a test one, either way round', () => {
    expect(stripeConfigProblem({ ...keys, secretKey: 'sk_live_abc' })).toBe('[payments] STRIPE_SECRET_KEY is a live key but STRIPE_PUBLISHABLE_KEY a test key: card purchases answer 503')
    expect(stripeConfigProblem({ ...keys, publishableKey: 'pk_live_abc' })).toContain('a test key but STRIPE_PUBLISHABLE_KEY a live key')
    expect(stripeConfigProblem({ ...keys, secretKey: 'rk_live_abc' })).toContain('live key')
  })

  it('reads a key’s mode', () => {
    expect([keyMode('sk_live_1'), keyMode('rk_test_1'), keyMode('pk_test_1'), keyMode('whsec_1')]).toEqual(['live', 'test', 'test', null])
  })
})

describe('the page Stripe returns the buyer to after 3-D Secure', () => {
  it('is the success page in the order’s language, on SITE_URL', () => {
    expect(stripeReturnUrl('https://veilgate.example', 'en', 'h'.repeat(22))).toBe(`https://veilgate.example/payment-success?hash=${'h'.repeat(22)}`)
    expect(stripeReturnUrl('https://veilgate.example', 'de', 'abc')).toBe('https://veilgate.example/de/payment-success?hash=abc')
    expect(stripeReturnUrl('http://localhost:3000/', 'ar', 'abc')).toBe('http://localhost:3000/ar/payment-success?hash=abc')
  })
})
