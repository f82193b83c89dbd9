// Unit tests of checkout's rules: card formatting, hints and stages.
import { describe, expect, it } from 'vitest'
import { cardComplete, formatCardNumber, formatExpiry, hintBlocks, maskEmail, parseExpiry, payHint, stageOf } from './checkout-rules'

describe('the pay button’s hint', () => {
  it('follows the spec’s table', () => {
    expect(payHint({ email: false, method: null, card: false })).toBe('hintEmailAndMethod')
    expect(payHint({ email: false, method: 'card', card: false })).toBe('hintEmailAndCard')
    expect(payHint({ email: false, method: 'card', card: true })).toBe('hintEmail')
    expect(payHint({ email: false, method: 'paypal', card: false })).toBe('hintEmail')
    expect(payHint({ email: true, method: null, card: false })).toBe('hintMethod')
    expect(payHint({ email: true, method: 'card', card: false })).toBe('hintCard')
    expect(payHint({ email: true, method: 'card', card: true })).toBeNull()
    expect(payHint({ email: true, method: 'paypal', card: false })).toBeNull()
  })

  it('names only what else is missing when the e-mail is optional', () => {
    expect(payHint({ email: false, method: 'card', card: true, emailOptional: true })).toBe('hintEmailOptional')
    expect(payHint({ email: false, method: null, card: false, emailOptional: true })).toBe('hintMethod')
    expect(payHint({ email: false, method: 'card', card: false, emailOptional: true })).toBe('hintCard')
    expect(payHint({ email: true, method: 'card', card: true, emailOptional: true })).toBeNull()
    // Only told, never in the way: the buyer may pay with the field empty.
    expect(hintBlocks('hintEmailOptional')).toBe(false)
    expect(hintBlocks(null)).toBe(false)
    for (const hint of ['hintEmailAndMethod', 'hintEmailAndCard', 'hintEmail', 'hintMethod', 'hintCard'] as const) expect(hintBlocks(hint)).toBe(true)
  })
})

describe('the purchase flow’s stage', () => {
  it('goes pricing, auth, payments, credit card, then success or failed', () => {
    const base = { plan: true, email: true, method: 'card', card: false }
    expect(stageOf({ ...base, plan: false })).toBe(0)
    expect(stageOf({ ...base, email: false })).toBe(1)
    expect(stageOf({ ...base, email: false, emailOptional: true, method: null })).toBe(2)
    expect(stageOf({ ...base, method: null })).toBe(2)
    expect(stageOf(base)).toBe(3)
    expect(stageOf({ ...base, outcome: 'success' })).toBe(4)
    expect(stageOf({ ...base, outcome: 'failed' })).toBe(5)
  })
})

describe('card fields as typed', () => {
  it('groups the number, adds the expiry slash and checks completeness', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242-4242 42a42')).toBe('4242 4242 4242')
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005')
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(23)
    expect(formatExpiry('1234')).toBe('12/34')
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12/3')).toBe('12/3')
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 })
    expect(parseExpiry('1/34')).toBeNull()
    const card = { name: 'Ada', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', country: 'DE', postalCode: '10115' }
    expect(cardComplete(card)).toBe(true)
    for (const change of [{ name: ' ' }, { number: '4242' }, { expiry: '12' }, { cvc: '12' }, { country: '' }, { postalCode: '' }]) expect(cardComplete({ ...card, ...change }), JSON.stringify(change)).toBe(false)
  })

  it('masks an e-mail to its first letter and domain', () => {
    expect(maskEmail('john@example.com')).toBe('j•••@example.com')
    expect(maskEmail('nobody')).toBe('•••')
  })
})
