// Unit tests of payments: the sandbox cards, signatures and outcomes.
import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { behaviourOf, brandOf, luhnValid, testCards } from '@/services/payments/sandbox/cards'
import { sandboxAllowed } from './registry'
import { declineFor, failedWith } from './provider'
import { requestHash } from '@/services/orders/request-hash'
import { checkCard, readToken, tokenize } from '@/services/payments/sandbox/processor'
import { canTransition, orderStatuses, transitions, type OrderStatus } from '@/services/orders/states'
import { resultOf } from '@/services/payments/stripe/provider'
import { subscriptionTerms } from '@/services/orders/terms'
import { cardEvent, sandboxEvent, sandboxRefundEvent, signPayload, verifySignature, webhookEvent, webhookTestOptions } from './webhooks'
import { refundFails } from '@/services/payments/sandbox/cards'

describe('the order state table', () => {
  // Every row of the table, and every pair that is not in it.
  const allowed: [OrderStatus, OrderStatus][] = [
    ['pending', 'processing'], ['pending', 'expired'], ['pending', 'canceled'],
    ['processing', 'requires_action'], ['processing', 'awaiting_provider'], ['processing', 'paid'], ['processing', 'failed'],
    ['requires_action', 'processing'], ['requires_action', 'awaiting_provider'], ['requires_action', 'paid'], ['requires_action', 'failed'], ['requires_action', 'expired'], ['requires_action', 'canceled'],
    ['awaiting_provider', 'paid'], ['awaiting_provider', 'failed'], ['awaiting_provider', 'expired'], ['awaiting_provider', 'canceled'],
    ['failed', 'processing'], ['failed', 'expired'], ['failed', 'canceled'],
    ['paid', 'refunded'],
  ]
  it('allows exactly the listed moves', () => {
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed.some(([a, b]) => a === from && b === to))
      }
    }
    expect(Object.values(transitions).flat()).toHaveLength(allowed.length)
  })
  it('ends nowhere after expired, canceled or refunded, and reaches paid only through processing, an action or the provider', () => {
    for (const end of ['expired', 'canceled', 'refunded'] as const) expect(transitions[end]).toEqual([])
    expect(orderStatuses.filter((from) => canTransition(from, 'paid'))).toEqual(['processing', 'requires_action', 'awaiting_provider'])
  })
})

describe('the test cards (table)', () => {
  it.each([
    ['4242424242424242', 'succeed', null],
    ['5555555555554444', 'succeed', null],
    ['378282246310005', 'succeed', null],
    ['4000000000000002', 'decline', 'CARD_DECLINED'],
    ['4000000000009995', 'decline', 'INSUFFICIENT_FUNDS'],
    ['4000000000009987', 'decline', 'LOST_CARD'],
    ['4000000000009979', 'decline', 'STOLEN_CARD'],
    ['4000000000000069', 'decline', 'EXPIRED_CARD'],
    ['4000000000000127', 'decline', 'INCORRECT_CVC'],
    ['4000000000000119', 'decline', 'PROCESSING_ERROR'],
    ['4000000000000036', 'decline', 'INCORRECT_ZIP'],
    ['4000000000006975', 'decline', 'CARD_DECLINED'],
    ['4000000000000341', 'renewal-fails', null],
    ['4000002500003155', 'three-d-secure', null],
    ['4000002760003184', 'three-d-secure', null],
    ['4000000000003220', 'three-d-secure', null],
    ['4000008400001629', 'three-d-secure', 'CARD_DECLINED'],
    ['4000008260003178', 'three-d-secure', 'INSUFFICIENT_FUNDS'],
    ['6011111111111117', 'succeed', null],
  ])('%s → %s %s', (number, kind, code) => {
    expect(luhnValid(number)).toBe(true)
    const behaviour = behaviourOf(number)
    expect(behaviour.kind).toBe(kind)
    if (behaviour.kind === 'decline') expect(behaviour.code).toBe(code)
    if (behaviour.kind === 'three-d-secure') expect(behaviour.after?.code ?? null).toBe(code)
  })
  it('has a Luhn-valid number for every row and knows the brands', () => {
    for (const number of Object.keys(testCards)) expect(luhnValid(number), number).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    expect([brandOf('4242424242424242'), brandOf('5555555555554444'), brandOf('378282246310005')]).toEqual(['visa', 'mastercard', 'amex'])
  })
})

describe('card input checks and tokens', () => {
  const now = new Date('2026-11-24T12:00:00Z')
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' }
  it.each([
    [{ number: '4242424242424241' }, 'INCORRECT_NUMBER'],
    [{ number: '4242' }, 'INCORRECT_NUMBER'],
    [{ expMonth: 13 }, 'INVALID_EXPIRY_MONTH'],
    [{ expMonth: 0 }, 'INVALID_EXPIRY_MONTH'],
    [{ expYear: 2025 }, 'INVALID_EXPIRY_YEAR'],
    [{ expYear: 2026, expMonth: 10 }, 'INVALID_EXPIRY_YEAR'],
    [{ cvc: '12' }, 'INVALID_CVC'],
    [{ number: '378282246310005', cvc: '123' }, 'INVALID_CVC'],
    [{ expYear: 30 }, null],
    [{ expYear: 2026, expMonth: 11 }, null],
    [{ number: '378282246310005', cvc: '1234' }, null],
  ] as const)('%j → %s', (change, expected) => {
    expect(checkCard({ ...card, ...change }, now)).toBe(expected)
  })
  it('signs a token with brand, last4 and behaviour only, for an hour', () => {
    const made = tokenize('secret-a', card, now)
    if ('error' in made) throw new Error(made.error)
    expect(made).toMatchObject({ brand: 'visa', last4: '4242' })
    expect(Buffer.from(made.token.split('.')[0]!.slice('tok_sandbox_'.length), 'base64url').toString()).not.toContain('424242424242')
    expect(readToken('secret-a', made.token, now)).toMatchObject({ last4: '4242', behaviour: { kind: 'succeed' } })
    expect(readToken('secret-b', made.token, now)).toBeNull()
    expect(readToken('secret-a', made.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), now)).toBeNull()
    expect(readToken('secret-a', made.token, new Date(now.getTime() + 3_600_001))).toBeNull()
  })
})

describe('request hashing and the sandbox switch', () => {
  it('hashes the meaning, not the key order', () => {
    expect(requestHash({ a: 1, b: { c: [1, 2] } })).toBe(requestHash({ b: { c: [1, 2] }, a: 1 }))
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }))
  })
  it.each([
    ['development', 'https://www.veilgate.com', 'auto', true],
    ['production', 'http://localhost:3000', 'auto', true],
    ['production', 'http://127.0.0.1:3000', 'auto', true],
    ['production', 'https://www.veilgate.com', 'auto', false],
    ['production', 'https://www.veilgate.com', 'on', true],
    ['development', 'http://localhost:3000', 'off', false],
  ] as const)('%s on %s with %s → %s', (nodeEnv, siteUrl, setting, expected) => {
    expect(sandboxAllowed({ nodeEnv, siteUrl, setting })).toBe(expected)
  })
})

describe('provider answers in our terms', () => {
  it('maps processor codes to the catalogue and tells which may be retried', () => {
    expect(
      ['generic_decline', 'card_velocity_exceeded', 'insufficient_funds', 'lost_card', 'stolen_card', 'expired_card', 'incorrect_cvc', 'processing_error', 'incorrect_zip', 'payment_intent_authentication_failure', 'do_not_honor'].map(declineFor),
    ).toEqual(['CARD_DECLINED', 'CARD_DECLINED', 'INSUFFICIENT_FUNDS', 'LOST_CARD', 'STOLEN_CARD', 'EXPIRED_CARD', 'INCORRECT_CVC', 'PROCESSING_ERROR', 'INCORRECT_ZIP', 'AUTHENTICATION_FAILURE', 'CARD_DECLINED'])
    expect(failedWith('sbx_1_1', 'lost_card').error).toEqual({ code: 'LOST_CARD', providerCode: 'lost_card', retryable: false })
    expect(failedWith('sbx_1_1', 'insufficient_funds').error?.retryable).toBe(true)
  })

  it('reads a Stripe PaymentIntent', () => {
    const intent = (fields: Record<string, unknown>) => ({ id: 'pi_1', payment_method: { card: { brand: 'visa', last4: '4242' } }, ...fields }) as unknown as Stripe.PaymentIntent
    expect(resultOf(intent({ status: 'succeeded' }))).toEqual({ status: 'succeeded', providerRef: 'pi_1', card: { brand: 'visa', last4: '4242' } })
    expect(resultOf(intent({ status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://bank.test/3ds' } } }))).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', url: 'https://bank.test/3ds' } })
    expect(resultOf(intent({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } })).status).toBe('processing')
    expect(resultOf(intent({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'stolen_card' } })).error).toEqual({ code: 'STOLEN_CARD', providerCode: 'stolen_card', retryable: false })
    expect(resultOf(intent({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } })).error?.code).toBe('AUTHENTICATION_FAILURE')
    expect(resultOf(intent({ status: 'processing', payment_method: 'pm_1' }))).toEqual({ status: 'processing', providerRef: 'pi_1', card: undefined })
    expect(resultOf(intent({ status: 'canceled' })).status).toBe('failed')
  })
})

describe('webhook signatures', () => {
  const secret = 'whsec-test-0123456789abcdef'
  const body = '{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"sbx_1_1"}}}'
  const at = new Date('2026-11-24T10:00:00Z')
  it('accepts its own signature within 300 s and refuses bad, stale, missing or tampered ones', () => {
    const header = signPayload(secret, body, at)
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(verifySignature(secret, body, header, at)).toBe(true)
    expect(verifySignature(secret, body, header, new Date(at.getTime() + 300_000))).toBe(true)
    expect(verifySignature(secret, body, header, new Date(at.getTime() + 301_000))).toBe(false)
    expect(verifySignature(secret, body, header, new Date(at.getTime() - 301_000))).toBe(false)
    expect(verifySignature('another-secret-0123456789', body, header, at)).toBe(false)
    expect(verifySignature(secret, body.replace('succeeded', 'payment_failed'), header, at)).toBe(false)
    expect(verifySignature(secret, body, null, at)).toBe(false)
    expect(verifySignature(secret, body, 'v1=abc', at)).toBe(false)
    expect(verifySignature(secret, body, header.replace(/v1=./, 'v1=0'), at)).toBe(false)
    expect(verifySignature(secret, body, `t=${Math.floor(at.getTime() / 1000)},v1=zz,${header.split(',')[1]}`, at)).toBe(true)
  })

  it('names one event per payment and outcome', () => {
    const input = { providerRef: 'sbx_4_1', status: 'succeeded' as const, orderId: 4, hash: 'h', attempt: 1, at }
    expect(sandboxEvent(input).id).toBe(sandboxEvent({ ...input, at: new Date() }).id)
    expect(sandboxEvent(input).id).not.toBe(sandboxEvent({ ...input, status: 'failed' }).id)
    expect(sandboxEvent(input)).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: 'sbx_4_1', metadata: { orderId: '4', attemptKey: 'order:4:attempt:1' } } } })
  })

  it('reads the sender’s test options', () => {
    expect(webhookTestOptions(undefined)).toEqual({ delayMs: 0, copies: 1, shuffle: false })
    expect(webhookTestOptions('delay=5000,copies=3,shuffle')).toEqual({ delayMs: 5000, copies: 3, shuffle: true })
  })
})

describe('refund events', () => {
  it('reads a full charge.refunded as a refund of its PaymentIntent, a partial one as nothing to act on', () => {
    const event = webhookEvent.parse(sandboxRefundEvent({ providerRef: 'sbx_12_1', orderId: 12, hash: 'h'.repeat(22), attempt: 1, amount: 9900, at: new Date('2026-11-29T00:00:00Z') }))
    expect(cardEvent('sandbox', event)).toMatchObject({ relevant: true, providerRef: 'sbx_12_1', attemptKey: 'order:12:attempt:1', outcome: 'refunded' })
    const partial = { ...event, data: { object: { ...event.data.object, refunded: false } } }
    expect(cardEvent('stripe', partial)).toMatchObject({ relevant: false })
    const expanded = { ...event, data: { object: { ...event.data.object, payment_intent: { id: 'pi_1' } } } }
    expect(cardEvent('stripe', expanded).providerRef).toBe('pi_1')
  })

  it('knows the test card whose refunds fail', () => {
    expect(behaviourOf('4000000000005126')).toEqual({ kind: 'succeed' })
    expect(refundFails({ brand: 'visa', last4: '5126' })).toBe(true)
    expect(refundFails({ brand: 'visa', last4: '4242' })).toBe(false)
  })
})

describe('subscription terms', () => {
  const createdAt = '2026-11-24T10:00:00.000Z'
  const paidAt = new Date('2026-11-24T10:05:00.000Z')
  it('moves the quote’s dates to the payment, and gives lifetime a hundred years', () => {
    const yearly = subscriptionTerms({ createdAt, autoRenew: true, quote: { periodEndsAt: '2027-11-24T10:00:00.000Z', renewal: { cost: 10187, at: '2027-11-24T10:00:00.000Z' } } }, paidAt)
    expect(yearly).toMatchObject({ lifetime: false, status: 'active', autoRenew: true, nextRenewal: { amount: 10187, at: '2027-11-24T10:05:00.000Z' } })
    expect(yearly.currentPeriodEnd.toISOString()).toBe('2027-11-24T10:05:00.000Z')
    const trial = subscriptionTerms({ createdAt, autoRenew: true, quote: { trialEndsAt: '2026-12-01T10:00:00.000Z', periodEndsAt: '2026-12-01T10:00:00.000Z', renewal: { cost: 499, at: '2026-12-01T10:00:00.000Z' } } }, paidAt)
    expect(trial.status).toBe('trialing')
    const oneOff = subscriptionTerms({ createdAt, autoRenew: false, quote: { periodEndsAt: '2027-11-24T10:00:00.000Z', renewal: { cost: 1, at: 'x' } } }, paidAt)
    expect(oneOff).toMatchObject({ autoRenew: false, nextRenewal: null })
    const lifetime = subscriptionTerms({ createdAt, autoRenew: false, quote: { periodEndsAt: null, renewal: null } }, paidAt)
    expect(lifetime).toMatchObject({ lifetime: true, autoRenew: false, nextRenewal: null })
    expect(lifetime.currentPeriodEnd.toISOString()).toBe('2126-11-24T10:05:00.000Z')
  })
})
