import { describe, expect, it } from 'vitest'
import { nextSend, samePurchase, unfinished } from './resend'

const body = { email: 'a@example.com', plan: 'vpn-1y', slots: 5, paymentMethod: 'card', cardToken: 'tok_1', country: 'DE', locale: 'en' }
let keys = 0
const newKey = () => `key-${++keys}`

describe('the checkout’s key rule', () => {
  it('calls a purchase unfinished after no answer or a 503, and finished after any other answer', () => {
    expect(unfinished({ statusCode: 500, noAnswer: true })).toBe(true)
    expect(unfinished({ statusCode: 503 })).toBe(true)
    for (const statusCode of [200, 400, 402, 409, 429, 500]) expect(unfinished({ statusCode }), String(statusCode)).toBe(false)
    expect(unfinished({})).toBe(false)
  })

  it('sends an unfinished purchase again, the same key, body and card token, when nothing was changed', () => {
    const first = { key: 'key-first', body }
    const again = nextSend(first, { ...body, cardToken: 'tok_2' }, newKey)
    expect(again).toEqual({ key: 'key-first', body, resent: true })
  })

  it('makes a new key for a changed purchase, and when nothing is unfinished', () => {
    const first = { key: 'key-first', body }
    const changed = { ...body, plan: 'vpn-1m', cardToken: 'tok_2' }
    expect(nextSend(first, changed, newKey)).toEqual({ key: expect.stringMatching(/^key-\d+$/), body: changed, resent: false })
    expect(nextSend(first, changed, newKey).key).not.toBe('key-first')
    expect(nextSend(null, body, newKey)).toMatchObject({ body, resent: false })
  })

  it('compares bodies whatever the order of their fields, the card token aside', () => {
    const reordered = Object.fromEntries(Object.entries({ ...body, cardToken: 'tok_9' }).reverse())
    expect(samePurchase(body, reordered)).toBe(true)
    expect(samePurchase(body, { ...body, slots: 10 })).toBe(false)
    expect(samePurchase(body, { ...body, password: 'x' })).toBe(false)
  })
})
