import { describe, expect, it } from 'vitest'
import { reconciledResult, reconcileStep } from './reconcile'

describe('reconcileStep', () => {
  it.each([
    ['no attempt written: the charge never reached a provider', null, true, { kind: 'fail', reason: 'no-attempt' }],
    ['a provider this instance does not have: left for one that has it', { provider: 'paypal', providerRef: 'paypal:5O190127TN364715T' }, false, { kind: 'skip' }],
    ['a reference the provider gave: asked by it', { provider: 'stripe', providerRef: 'stripe:pi_123' }, true, { kind: 'ask', ref: 'pi_123' }],
    ['only the pending reference: asked by our key', { provider: 'sandbox', providerRef: 'sandbox:pending_order:7:attempt:2' }, true, { kind: 'ask', ref: 'pending_order:7:attempt:2' }],
  ] as const)('%s', (_, attempt, known, step) => {
    expect(reconcileStep(attempt, known)).toEqual(step)
  })
})

describe('reconciledResult', () => {
  it('reads "processing" under the pending reference asked with as never seen: failed, PROCESSING_ERROR, retryable', () => {
    expect(reconciledResult('pending_order:7:attempt:1', { status: 'processing', providerRef: 'pending_order:7:attempt:1' })).toMatchObject({
      status: 'failed',
      error: { code: 'PROCESSING_ERROR', providerCode: 'processing_error', retryable: true },
    })
  })

  it('keeps every other answer: a payment found by the key, a real reference still processing, a decline', () => {
    const found = { status: 'succeeded' as const, providerRef: 'pi_9' }
    expect(reconciledResult('pending_order:7:attempt:1', found)).toBe(found)
    const processing = { status: 'processing' as const, providerRef: 'pi_9' }
    expect(reconciledResult('pi_9', processing)).toBe(processing)
    expect(reconciledResult('pending_order:7:attempt:1', processing)).toBe(processing)
    const declined = { status: 'failed' as const, providerRef: 'pi_9', error: { code: 'CARD_DECLINED' as const, providerCode: 'card_declined', retryable: true } }
    expect(reconciledResult('pi_9', declined)).toBe(declined)
  })
})
