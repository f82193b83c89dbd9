// Unit tests of PayPal's request building and settings: amounts, our ids, the buyer's language, renewals by vault id, and a half-set app.
import { describe, expect, it } from 'vitest'
import type { CreatePayment } from '@/services/payments/provider'
import { paypalSetup } from './config'
import { orderRequest, paypalLocale, paypalRequestId, resultOfOrder } from './provider'

const payment = (overrides: Partial<CreatePayment> = {}): CreatePayment => ({
  orderId: 42,
  hash: 'H'.repeat(22),
  attempt: 2,
  amount: 7188,
  currency: 'USD',
  method: 'paypal',
  recurring: true,
  idempotencyKey: 'order:42:attempt:2',
  locale: 'de',
  now: new Date('2026-11-29T10:00:00Z'),
  ...overrides,
})

describe('PayPal orders as we ask for them', () => {
  it('capture our amount in dollars, carry our attempt key and order hash, and come back to the PayPal route', () => {
    const request = orderRequest(payment(), 'https://veilgate.example')
    expect(request).toMatchObject({
      intent: 'CAPTURE',
      purchaseUnits: [{ amount: { currencyCode: 'USD', value: '71.88' }, customId: 'order:42:attempt:2', invoiceId: 'H'.repeat(22) }],
      paymentSource: {
        paypal: {
          experienceContext: { brandName: 'Veilgate', locale: 'de-DE', userAction: 'PAY_NOW', shippingPreference: 'NO_SHIPPING', returnUrl: 'https://veilgate.example/api/veilgate/purchase/paypal', cancelUrl: 'https://veilgate.example/api/veilgate/purchase/paypal?cancel=1' },
          attributes: { vault: { storeInVault: 'ON_SUCCESS', usageType: 'MERCHANT' } },
        },
      },
    })
    expect(orderRequest(payment({ amount: 5, recurring: false }), 'https://veilgate.example').purchaseUnits[0]!.amount.value).toBe('0.05')
    expect(orderRequest(payment({ recurring: false }), 'https://veilgate.example').paymentSource?.paypal?.attributes).toBeUndefined()
  })

  it('name the buyer’s language where PayPal has it, and leave it to PayPal elsewhere', () => {
    expect(['en', 'jp', 'zh', 'no'].map(paypalLocale)).toEqual(['en-US', 'ja-JP', 'zh-CN', 'no-NO'])
    expect(paypalLocale('ua')).toBeUndefined()
    expect(orderRequest(payment({ locale: 'ua' }), 'https://veilgate.example').paymentSource?.paypal?.experienceContext).not.toHaveProperty('locale')
  })

  it('charge a renewal to the vault id, without the buyer', () => {
    expect(orderRequest(payment({ savedMethod: 'vt_123' }), 'https://veilgate.example')).toEqual({
      intent: 'CAPTURE',
      purchaseUnits: [{ amount: { currencyCode: 'USD', value: '71.88' }, customId: 'order:42:attempt:2', invoiceId: 'H'.repeat(22) }],
      paymentSource: { paypal: { vaultId: 'vt_123' } },
    })
  })

  it('are keyed by the attempt with the buyer, by the period (and its retry) for a renewal', () => {
    expect(paypalRequestId(payment({}))).toBe('order:42:attempt:2')
    expect(paypalRequestId(payment({ attempt: 1, savedMethod: 'vt_123', renewalKey: 'sub:7:period:3' }))).toBe('sub:7:period:3')
    expect(paypalRequestId(payment({ attempt: 3, savedMethod: 'vt_123', renewalKey: 'sub:7:period:3' }))).toBe('sub:7:period:3:retry:2')
    // The renewal's link, paid by the buyer on PayPal's page: an attempt like any other.
    expect(paypalRequestId(payment({ attempt: 2, renewalKey: 'sub:7:period:3' }))).toBe('order:42:attempt:2')
  })

  it('read PayPal’s order back in our terms', () => {
    const links = [{ rel: 'payer-action', href: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T' }]
    expect(resultOfOrder({ id: '5O190127TN364715T', status: 'PAYER_ACTION_REQUIRED' as never, links })).toEqual({ status: 'requires_action', providerRef: '5O190127TN364715T', nextAction: { type: 'redirect', url: links[0]!.href } })
    const captured = (status: string) => ({ id: 'X', status: 'COMPLETED' as never, purchaseUnits: [{ payments: { captures: [{ status: status as never }] } }], paymentSource: { paypal: { attributes: { vault: { id: 'vt_9', status: 'VAULTED' as never } } } } })
    expect(resultOfOrder(captured('COMPLETED'))).toEqual({ status: 'succeeded', providerRef: 'X', savedMethod: 'vt_9' })
    expect(resultOfOrder(captured('PENDING'))).toMatchObject({ status: 'processing' })
    expect(resultOfOrder(captured('DECLINED'))).toMatchObject({ status: 'failed', error: { code: 'PAYMENT_DECLINED' } })
    expect(resultOfOrder({ id: 'X', status: 'VOIDED' as never })).toMatchObject({ status: 'failed', error: { code: 'PAYMENT_CANCELED' } })
    expect(resultOfOrder({ id: 'X', status: 'APPROVED' as never })).toEqual({ status: 'processing', providerRef: 'X' })
  })
})

describe('PayPal’s settings', () => {
  it('are off with none, ready with all three, and refused half set, naming what is missing', () => {
    expect(paypalSetup({})).toEqual({ state: 'off' })
    expect(paypalSetup({ clientId: 'a', clientSecret: 'b', webhookId: 'c' })).toEqual({ state: 'ready' })
    expect(paypalSetup({ clientId: 'a' })).toEqual({ state: 'broken', problem: '[payments] PayPal needs PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID beside the others: PayPal purchases answer 503' })
  })
})
