// The Stripe adapter against Stripe's own test mode (`npm run test:stripe`, only with an sk_test_ key and a network): PaymentIntents keyed by our ids, declines, 3-D Secure's localized return, the webhook signature, a yearly subscription and a free trial through Stripe Billing, refunds.
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { stripeClient, stripeProvider } from '@/services/payments/stripe/provider'
import type { BillingPlan, CreatePayment } from '@/services/payments/provider'

const secretKey = process.env.STRIPE_SECRET_KEY ?? ''
const siteUrl = 'https://veilgate.example'
const client = stripeClient({ secretKey, siteUrl })
const provider = stripeProvider(client, { siteUrl, webhookSecret: 'whsec_live_suite', log: () => undefined })
// Ids no earlier run used: Stripe keeps idempotency keys for 24 hours.
const run = Number(String(Date.now()).slice(-9))
let attempts = 0

function payment(cardToken: string, overrides: Partial<CreatePayment> = {}): CreatePayment {
  const attempt = ++attempts
  return {
    orderId: run,
    hash: 'L'.repeat(21) + String(attempt % 10),
    attempt,
    amount: 1299,
    currency: 'USD',
    method: 'card',
    cardToken,
    recurring: false,
    idempotencyKey: `order:${run}:attempt:${attempt}`,
    locale: 'en',
    now: new Date(),
    ...overrides,
  }
}

describe('Stripe test mode through our adapter', () => {
  it('charges pm_card_visa once per key, with our ids in the PaymentIntent', async () => {
    const input = payment('pm_card_visa')
    const first = await provider.createPayment(input)
    expect(first).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } })
    const again = await provider.createPayment(input)
    expect(again.providerRef).toBe(first.providerRef)
    const intent = await client.paymentIntents.retrieve(first.providerRef)
    expect(intent).toMatchObject({ amount: 1299, currency: 'usd', status: 'succeeded', metadata: { orderId: String(run), attempt: String(input.attempt), attemptKey: input.idempotencyKey } })
    expect(await provider.retrieve(first.providerRef)).toMatchObject({ status: 'succeeded' })
  })

  it('answers declines with our catalogue codes', async () => {
    expect(await provider.createPayment(payment('pm_card_chargeDeclined'))).toMatchObject({ status: 'failed', error: { code: 'CARD_DECLINED' } })
    expect(await provider.createPayment(payment('pm_card_chargeDeclinedInsufficientFunds'))).toMatchObject({ status: 'failed', error: { code: 'INSUFFICIENT_FUNDS' } })
  })

  it('sends 3-D Secure to the bank, returning to the success page in the order’s language', async () => {
    const input = payment('pm_card_threeDSecure2Required', { locale: 'de' })
    const result = await provider.createPayment(input)
    expect(result).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', url: expect.stringMatching(/^https:\/\//) } })
    const intent = await client.paymentIntents.retrieve(result.providerRef)
    expect(intent.next_action?.redirect_to_url?.return_url).toBe(`${siteUrl}/de/payment-success?hash=${input.hash}`)
  })

  it('verifies an event signed with the webhook secret, and refuses another', () => {
    const body = JSON.stringify({ id: 'evt_live_suite', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } })
    const now = new Date()
    expect(provider.verifyWebhook(body, new Headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_live_suite' }) }), now)).toMatchObject({ id: 'evt_live_suite' })
    expect(provider.verifyWebhook(body, new Headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' }) }), now)).toBeNull()
  })

  /** A card PaymentMethod of Stripe's test token, as Stripe.js would make one. */
  const card = async (token = 'tok_visa') => (await client.paymentMethods.create({ type: 'card', card: { token } })).id
  const billing = (overrides: Partial<BillingPlan> = {}): BillingPlan => ({
    customer: { ref: null, key: `order:${run}:customer:${++attempts}`, email: `live-suite-${run}@example.com` },
    recurring: [{ purchaseId: `live-suite-plan-${run}`, name: 'Live suite plan', kind: 'plan', amount: 7188, priceRef: null, productRef: null, region: null }],
    oneTime: [],
    period: { type: 'year', count: 1 },
    firstTotal: 7188,
    bonusCode: null,
    subscriptionRef: null,
    remember: async () => undefined,
    ...overrides,
  })

  it('makes a yearly subscription with our order id, its first invoice paid once confirmed', async () => {
    const orderId = run + 1
    const input = payment(await card(), { orderId, recurring: true, idempotencyKey: `order:${orderId}:attempt:1`, billing: billing() })
    const result = await provider.createPayment(input)
    expect(result).toMatchObject({ status: 'requires_action', nextAction: { type: 'confirm', clientSecret: expect.stringMatching(/^pi_/) } })
    const subscription = await client.subscriptions.retrieve(result.providerRef)
    expect(subscription).toMatchObject({ status: 'incomplete', metadata: { orderId: String(orderId), orderHash: input.hash } })
    // What Stripe.js's confirmPayment does in the page.
    const secret = (result.nextAction as { clientSecret: string }).clientSecret
    await client.paymentIntents.confirm(secret.replace(/_secret_.*$/, ''), { payment_method: input.cardToken! })
    expect(await provider.retrieve(result.providerRef)).toMatchObject({ status: 'succeeded', periodEnd: expect.any(Date) })

    // The 30-day refund: the first invoice's payment given back, once per key, and the subscription canceled at once.
    const refund = { providerRef: result.providerRef, amount: 7188, idempotencyKey: `order:${orderId}:refund`, at: new Date() }
    const { refundRef } = await provider.refund!(refund)
    expect((await provider.refund!(refund)).refundRef).toBe(refundRef)
    const refunded = await client.refunds.retrieve(refundRef)
    expect(refunded).toMatchObject({ amount: 7188, status: expect.stringMatching(/^(succeeded|pending)$/) })
    expect((await client.subscriptions.retrieve(result.providerRef)).status).toBe('canceled')
    // Its charge.refunded leads back to the subscription (the order that bought it).
    expect(await provider.paymentOfEvent!('refund', String(refunded.charge))).toEqual({ ref: result.providerRef, refunded: true })
  })

  it('refunds a one-off payment by its PaymentIntent', async () => {
    const paid = await provider.createPayment(payment('pm_card_visa'))
    const { refundRef } = await provider.refund!({ providerRef: paid.providerRef, amount: 1299, idempotencyKey: `order:${run}:refund:${paid.providerRef}`, at: new Date() })
    const refunded = await client.refunds.retrieve(refundRef)
    expect(refunded.payment_intent).toBe(paid.providerRef)
    expect(await provider.paymentOfEvent!('refund', String(refunded.charge))).toEqual({ ref: paid.providerRef, refunded: true })
  })

  it('starts a free trial: a trialing subscription, the card saved by its SetupIntent, nothing charged', async () => {
    const orderId = run + 2
    const input = payment(await card(), { orderId, amount: 0, recurring: true, idempotencyKey: `order:${orderId}:attempt:1`, billing: billing({ trialDays: 7, firstTotal: 0, period: { type: 'week', count: 1 } }) })
    const result = await provider.createPayment(input)
    const subscription = await client.subscriptions.retrieve(result.providerRef)
    expect(subscription.status).toBe('trialing')
    if (result.status === 'requires_action') {
      expect(result.nextAction).toMatchObject({ type: 'confirm', setup: true, clientSecret: expect.stringMatching(/^seti_/) })
      const secret = (result.nextAction as { clientSecret: string }).clientSecret
      await client.setupIntents.confirm(secret.replace(/_secret_.*$/, ''), { payment_method: input.cardToken! })
    }
    expect(await provider.retrieve(result.providerRef)).toMatchObject({ status: 'succeeded' })
    const invoice = await client.invoices.retrieve(String(subscription.latest_invoice))
    expect(invoice.total).toBe(0)
  })
})
