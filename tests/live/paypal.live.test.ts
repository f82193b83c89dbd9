// The PayPal adapter against PayPal's sandbox (`npm run test:paypal`, only with a sandbox app's PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET and a network): an order keyed by our attempt with our ids and a payer-action page, read back; a webhook event PayPal did not send refused by its verify-webhook-signature.
import { describe, expect, it } from 'vitest'
import { paypalApi } from '@/services/payments/paypal/client'
import { paypalProvider, verifyPaypalEvent } from '@/services/payments/paypal/provider'
import type { CreatePayment } from '@/services/payments/provider'

const api = paypalApi({ clientId: process.env.PAYPAL_CLIENT_ID ?? '', clientSecret: process.env.PAYPAL_CLIENT_SECRET ?? '', webhookId: process.env.PAYPAL_WEBHOOK_ID ?? 'WH-LIVE-SUITE', environment: 'sandbox' })
const provider = paypalProvider(api, { siteUrl: 'https://veilgate.example', log: () => undefined })
// Ids no earlier run used: PayPal keeps request ids for hours.
const run = Number(String(Date.now()).slice(-9))

const payment = (overrides: Partial<CreatePayment> = {}): CreatePayment => ({
  orderId: run,
  hash: `L${String(run).padStart(21, '0')}`,
  attempt: 1,
  amount: 7188,
  currency: 'USD',
  method: 'paypal',
  recurring: true,
  idempotencyKey: `order:${run}:attempt:1`,
  locale: 'de',
  now: new Date(),
  ...overrides,
})

describe('PayPal’s sandbox through our adapter', () => {
  it('makes one order per request id, with our ids, waiting for the buyer on PayPal’s page', async () => {
    const first = await provider.createPayment(payment())
    expect(first).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', url: expect.stringMatching(/^https:\/\/www\.sandbox\.paypal\.com\//) } })
    const again = await provider.createPayment(payment())
    expect(again.providerRef).toBe(first.providerRef)
    const order = (await api.orders.getOrder({ id: first.providerRef })).result
    expect(order.purchaseUnits?.[0]).toMatchObject({ customId: `order:${run}:attempt:1`, invoiceId: payment().hash, amount: { currencyCode: 'USD', value: '71.88' } })
    expect(await provider.retrieve(first.providerRef)).toMatchObject({ status: 'requires_action' })
  })

  it('refuses to capture an order nobody approved', async () => {
    const made = await provider.createPayment(payment({ attempt: 2, idempotencyKey: `order:${run}:attempt:2`, recurring: false }))
    expect(await provider.captureApproved!(made.providerRef, `order:${run}:attempt:2`)).toMatchObject({ status: 'failed' })
  })

  it('has PayPal refuse an event it did not send', async () => {
    const body = JSON.stringify({ id: 'WH-LIVE-SUITE', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X' } })
    const headers = new Headers({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
      'paypal-transmission-id': '00000000-0000-0000-0000-000000000000',
      'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl',
      'paypal-transmission-time': new Date().toISOString(),
    })
    expect(await verifyPaypalEvent(api, body, headers)).toBe(false)
  })
})
