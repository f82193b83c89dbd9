// Unit tests of PayPal's events at the PayPal route: the sandbox's signature and the event's shape.
import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/http'
import { signPayload } from '@/services/payments/webhooks'
import { readPaypalEvent, sandboxPaypalEvent } from './events'

const secret = 'paypal-test-secret'
const at = new Date('2026-11-26T12:00:00Z')
const event = sandboxPaypalEvent({ providerRef: 'sbx_12_1', status: 'succeeded', orderId: 12, attempt: 1, amount: 1299, at })!
const body = JSON.stringify(event)
const headers = (signature: string | null) => new Headers(signature === null ? {} : { 'sandbox-signature': signature })
const codeOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof HttpError ? error.code : 'other'
  }
  return null
}

describe('PayPal events', () => {
  it('are PayPal-shaped, one id per payment and outcome, none while an approval waits', () => {
    expect(event).toMatchObject({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'sbx_12_1', custom_id: 'order:12:attempt:1', amount: { currency_code: 'USD', value: '12.99' } } })
    expect(sandboxPaypalEvent({ providerRef: 'sbx_12_1', status: 'succeeded', orderId: 12, attempt: 1, amount: 1299, at: new Date() })!.id).toBe(event.id)
    expect(sandboxPaypalEvent({ providerRef: 'sbx_12_1', status: 'failed', orderId: 12, attempt: 1, amount: 1299, at })!.event_type).toBe('PAYMENT.CAPTURE.DENIED')
    expect(sandboxPaypalEvent({ providerRef: 'sbx_12_1', status: 'processing', orderId: 12, attempt: 1, amount: 1299, at })!.event_type).toBe('PAYMENT.CAPTURE.PENDING')
    expect(sandboxPaypalEvent({ providerRef: 'sbx_12_1', status: 'requires_action', orderId: 12, attempt: 1, amount: 1299, at })).toBeNull()
  })

  it('are read when the signature holds for this body now', () => {
    expect(readPaypalEvent(secret, body, headers(signPayload(secret, body, at)), at)).toEqual({
      provider: 'sandbox',
      source: 'paypal',
      eventId: event.id,
      type: 'PAYMENT.CAPTURE.COMPLETED',
      relevant: true,
      providerRef: 'sbx_12_1',
      attemptKey: 'order:12:attempt:1',
      outcome: 'succeeded',
    })
    // Within the 300 s tolerance either way.
    expect(readPaypalEvent(secret, body, headers(signPayload(secret, body, new Date(at.getTime() - 299_000))), at).eventId).toBe(event.id)
  })

  it('refuse a bad, missing, foreign or stale signature with INVALID_SIGNATURE', () => {
    expect(codeOf(() => readPaypalEvent(secret, body, headers(null), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readPaypalEvent(secret, body, headers('t=1,v1=00'), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readPaypalEvent(secret, body, headers(signPayload('another-secret', body, at)), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readPaypalEvent(secret, `${body} `, headers(signPayload(secret, body, at)), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readPaypalEvent(secret, body, headers(signPayload(secret, body, new Date(at.getTime() - 301_000))), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readPaypalEvent(secret, body, headers(signPayload(secret, body, new Date(at.getTime() + 301_000))), at))).toBe('INVALID_SIGNATURE')
  })

  it('refuse a signed body of the wrong shape with INVALID_INPUT, and take unknown types as not acted on', () => {
    for (const wrong of [
      'not json',
      '[]',
      JSON.stringify({ id: 'x' }),
      JSON.stringify({ ...event, resource: { id: '' } }),
      JSON.stringify({ ...event, resource: { ...event.resource, amount: { currency_code: 'USD', value: 'free' } } }),
    ]) {
      expect(codeOf(() => readPaypalEvent(secret, wrong, headers(signPayload(secret, wrong, at)), at))).toBe('INVALID_INPUT')
    }
    const other = JSON.stringify({ ...event, event_type: 'CHECKOUT.ORDER.APPROVED' })
    expect(readPaypalEvent(secret, other, headers(signPayload(secret, other, at)), at)).toMatchObject({ relevant: false, outcome: null })
  })
})
