// Auto-renewing plans through Stripe Billing, against the Stripe stand-in: the customer, the products, the subscription and its first invoice, confirmed in the browser or settled by Stripe's events.
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Stripe from 'stripe'
import config from '@payload-config'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { POST as webhookRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { endUnbilledStripeRenewals } from '@/migrations/20261129_034759_stripe_billing'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { renewalDue } from '@/services/subscriptions/renewal-rules'
import type { FakeStripe } from '../support/fake-stripe'
import { useStripeStandIn } from '../support/stripe-account'
import { callRoute } from '../support/routes'

let payload: Payload
let stripe: FakeStripe
let restore: (() => Promise<void>) | undefined
let keyCounter = 0
let buyers = 0
const WEBHOOK_SECRET = 'whsec_billing0123456789'

beforeAll(async () => {
  payload = await getPayload({ config })
  const standIn = await useStripeStandIn(payload, 'billing', WEBHOOK_SECRET)
  stripe = standIn.stripe
  restore = standIn.restore
})
afterAll(() => restore?.())

const order = (overrides: Record<string, unknown> = {}) => ({
  email: `billing-${++buyers}@example.com`,
  receiveMarketingEmails: false,
  plan: 'vpn-1y',
  paymentMethod: 'card',
  cardToken: `pm_card_visa__b${buyers}`,
  country: 'DE',
  locale: 'en',
  ...overrides,
})
const buy = (body: unknown, key = `billing-key-${++keyCounter}`, headers: Record<string, string> = {}) =>
  callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': key, ...headers } })
const next = (hash: unknown) => callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: String(hash) } })
const orderOf = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!
const attemptsOf = async (orderId: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: orderId } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const subscriptionOf = async (orderId: number) => (await payload.find({ collection: 'subscriptions', where: { order: { equals: orderId } }, depth: 0, overrideAccess: true })).docs[0]
const posted = (path: string) => stripe.requests.filter((request) => request.method === 'POST' && request.path === path)
const stripeSubscriptionOf = (orderId: number) => [...stripe.subscriptions.values()].find((subscription) => subscription.metadata.orderId === String(orderId))!

/** A Stripe event about one object, signed as Stripe signs (or with another secret). */
function event(type: string, object: unknown, id = `evt_billing_${++keyCounter}`, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } })
  return callRoute(webhookRoute, { path: '/api/veilgate/purchase/stripe', body, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) } })
}

describe('auto-renewing plans through Stripe Billing', () => {
  it('makes one customer, the products and a subscription keyed by our order, confirmed by the browser with the client secret', async () => {
    const body = order({ slots: 5 })
    const started = await buy(body, 'billing-first')
    expect(started.status).toBe(200)
    expect(started.body).toEqual({ hash: started.body.hash, status: 'requires_action', url: `/order/checkout?hash=${started.body.hash}`, clientSecret: expect.stringMatching(/^pi_fake_\d+_secret_/) })
    const stored = await orderOf(started.body.hash)
    expect(stored).toMatchObject({ status: 'requires_action', provider: 'stripe', autoRenew: true, total: 7188 + 2999, providerCustomer: expect.stringMatching(/^cus_fake_/) })
    // The same Idempotency-Key is the same answer, client secret and all (kept sealed, never readable in the database).
    expect((await buy(body, 'billing-first')).body).toMatchObject({ clientSecret: started.body.clientSecret })
    const kept = (await payload.find({ collection: 'idempotency-keys', where: { scopedKey: { contains: 'billing-first' } }, depth: 0, overrideAccess: true })).docs
    expect(JSON.stringify(kept)).not.toContain(String(started.body.clientSecret))

    const customer = posted('/v1/customers').at(-1)!
    expect(customer.idempotencyKey).toBe(`order:${stored.id}:customer`)
    // The checkout's PaymentMethod is attached to it, keyed by the attempt.
    expect(posted(`/v1/payment_methods/${body.cardToken}/attach`).map((request) => [request.idempotencyKey, request.form.get('customer')])).toEqual([[`order:${stored.id}:attempt:1:attach`, stored.providerCustomer]])
    const sub = posted('/v1/subscriptions').at(-1)!
    expect(sub.idempotencyKey).toBe(`order:${stored.id}:sub`)
    const form = Object.fromEntries(sub.form)
    expect(form).toMatchObject({
      customer: stored.providerCustomer,
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'metadata[orderId]': String(stored.id),
      'metadata[orderHash]': String(started.body.hash),
      'items[0][price_data][unit_amount]': '7188',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][recurring][interval]': 'year',
      'items[0][price_data][recurring][interval_count]': '1',
      'items[0][metadata][purchaseId]': 'vpn-1y',
      'items[1][price_data][unit_amount]': '2999',
      'items[1][metadata][kind]': 'add-on',
    })
    expect(form['discounts[0][coupon]']).toBeUndefined()
    // The products are made once and kept on the plan and add-on.
    const plan = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: 'vpn-1y' } }, depth: 0, overrideAccess: true })).docs[0]!
    expect(plan.stripeProductId).toBe(form['items[0][price_data][product]'])
    expect(posted('/v1/products').map((request) => request.idempotencyKey)).toEqual(expect.arrayContaining(['product:vpn-1y']))

    // The browser confirms the first invoice; url/ then finds the subscription active and the order paid.
    expect(stripe.confirm(String(started.body.clientSecret)).status).toBe(200)
    expect((await next(started.body.hash)).body).toEqual({ hash: started.body.hash, status: 'paid', url: `/payment-success?hash=${started.body.hash}` })
    const subscription = (await subscriptionOf(stored.id))!
    const billed = stripeSubscriptionOf(stored.id)
    const periodEnd = (billed.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end
    expect(subscription).toMatchObject({ provider: 'stripe', providerRef: `stripe:${billed.id}`, autoRenew: true, status: 'active', currentPeriodEnd: new Date(periodEnd * 1000).toISOString() })
    // Stripe renews it: our scan never charges it.
    expect(renewalDue({ ...subscription, currentPeriodEnd: subscription.currentPeriodEnd }, new Date(periodEnd * 1000 + 86_400_000))).toBe(false)
    // The account made when the order was paid keeps the Stripe customer.
    const buyer = await payload.findByID({ collection: 'customers', id: Number(subscription.customer), depth: 0, overrideAccess: true })
    expect(buyer.stripeCustomerId).toBe(stored.providerCustomer)
  })

  it('reuses the customer’s Stripe customer and the products on their next purchase', async () => {
    const first = await buy(order({ password: 'correct-Horse-battery-9', terms: true }))
    expect(first.body).toMatchObject({ status: 'requires_action', token: expect.any(String) })
    const firstOrder = await orderOf(first.body.hash)
    expect(posted('/v1/customers').at(-1)!.idempotencyKey).toBe(`customer:${firstOrder.customer}`)
    stripe.confirm(String(first.body.clientSecret))
    expect((await next(first.body.hash)).body).toMatchObject({ status: 'paid' })
    const customers = posted('/v1/customers').length
    const products = posted('/v1/products').length
    const second = await buy(order({ plan: 'vpn-1m', cardToken: 'pm_card_visa__again' }), undefined, { 'x-auth-token': String(first.body.token) })
    expect(second.body).toMatchObject({ status: 'requires_action' })
    expect(posted('/v1/customers')).toHaveLength(customers)
    expect(posted('/v1/subscriptions').at(-1)!.form.get('customer')).toBe(firstOrder.providerCustomer)
    // vpn-1m's product is new; nothing else is made again.
    expect(posted('/v1/products').length).toBe(products + 1)
  })

  it('bills a bonus code’s discount once, as a coupon, so the first invoice is the order’s total', async () => {
    const started = await buy(order({ bonusCode: 'WELCOME10' }))
    expect(started.body).toMatchObject({ status: 'requires_action' })
    const stored = await orderOf(started.body.hash)
    expect(stored).toMatchObject({ total: 7188 - 719, discount: 719 })
    const coupon = posted('/v1/coupons').at(-1)!
    expect(coupon.idempotencyKey).toBe(`coupon:order:${stored.id}`)
    expect(Object.fromEntries(coupon.form)).toMatchObject({ amount_off: '719', currency: 'usd', duration: 'once', name: 'WELCOME10' })
    const billed = stripeSubscriptionOf(stored.id)
    expect((billed.latest_invoice as { total: number }).total).toBe(stored.total)
  })

  it('refuses a card Stripe will not attach, and retries a declined first invoice on the same order and subscription with a new PaymentMethod', async () => {
    const refused = await buy(order({ cardToken: 'pm_card_chargeDeclined__attach' }))
    expect(refused.body).toMatchObject({ statusCode: 402, code: 'CARD_DECLINED', retryable: true })

    const started = await buy(order({ cardToken: 'pm_card_chargeCustomerFail' }))
    expect(started.body).toMatchObject({ status: 'requires_action' })
    expect(stripe.confirm(String(started.body.clientSecret)).status).toBe(402)
    expect((await next(started.body.hash)).body).toMatchObject({ status: 'failed', failure: { code: 'CARD_DECLINED', retryable: true } })
    const stored = await orderOf(started.body.hash)
    const subscriptions = posted('/v1/subscriptions').length
    const retried = await buy({ hash: started.body.hash, paymentMethod: 'card', cardToken: 'pm_card_visa__retry', locale: 'en' })
    expect(retried.body).toEqual({ hash: started.body.hash, status: 'requires_action', url: `/order/checkout?hash=${started.body.hash}`, clientSecret: started.body.clientSecret })
    expect(posted('/v1/subscriptions')).toHaveLength(subscriptions)
    const billed = stripeSubscriptionOf(stored.id)
    expect(posted(`/v1/subscriptions/${billed.id}`).at(-1)!.form.get('default_payment_method')).toBe('pm_card_visa__retry')
    expect(stripe.confirm(String(retried.body.clientSecret), 'pm_card_visa__retry').status).toBe(200)
    expect((await next(started.body.hash)).body).toMatchObject({ status: 'paid' })
    expect((await attemptsOf(stored.id)).map((attempt) => [attempt.number, attempt.status, attempt.providerRef])).toEqual([
      [1, 'failed', `stripe:${billed.id}`],
      [2, 'succeeded', `stripe:${billed.id}/2`],
    ])
  })

  it('pays again an order whose first invoice the browser never confirmed (a closed tab), on the same subscription', async () => {
    const started = await buy(order())
    expect((await next(started.body.hash)).body).toEqual({ hash: started.body.hash, status: 'requires_action', url: `/order/checkout?hash=${started.body.hash}` })
    const again = await buy({ hash: started.body.hash, paymentMethod: 'card', cardToken: 'pm_card_visa__closed_tab', locale: 'en' })
    expect(again.body).toMatchObject({ status: 'requires_action', clientSecret: started.body.clientSecret })
    stripe.confirm(String(again.body.clientSecret), 'pm_card_visa__closed_tab')
    expect((await next(started.body.hash)).body).toMatchObject({ status: 'paid' })
    // Paid: nothing more to retry.
    expect((await buy({ hash: started.body.hash, paymentMethod: 'card', cardToken: 'pm_card_visa__late', locale: 'en' })).body).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_RETRYABLE' })
  })

  it('settles the order by Stripe’s first-invoice events: valid once, bad refused, repeats and late ones without effect, others ignored', async () => {
    const started = await buy(order())
    const stored = await orderOf(started.body.hash)
    const billed = stripeSubscriptionOf(stored.id)
    const invoice = () => ({ ...billed.latest_invoice })
    // Not Stripe's signature: nothing changes.
    expect((await event('invoice.paid', invoice(), undefined, 'whsec_other0123456789')).body).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' })
    // Stripe says paid before the subscription is: the order is re-read and stays waiting.
    expect((await event('invoice.paid', invoice())).body).toEqual({ received: true })
    expect((await orderOf(started.body.hash)).status).toBe('requires_action')
    stripe.confirm(String(started.body.clientSecret))
    const paid = invoice()
    const answers = await Promise.all(Array.from({ length: 10 }, () => event('invoice.paid', paid, 'evt_billing_paid_once')))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10)
    const after = await orderOf(started.body.hash)
    expect(after.status).toBe('paid')
    expect(await payload.count({ collection: 'subscriptions', where: { order: { equals: stored.id } }, overrideAccess: true })).toEqual({ totalDocs: 1 })
    // A failure reported late changes nothing; the version moved once.
    expect((await event('invoice.payment_failed', paid)).body).toEqual({ received: true })
    expect(await orderOf(started.body.hash)).toMatchObject({ status: 'paid', version: after.version })
    // A renewal invoice, or one without our order id: taken in, ignored here.
    expect((await event('invoice.paid', { ...paid, billing_reason: 'subscription_cycle' })).body).toEqual({ received: true, ignored: true })
    expect((await event('invoice.paid', { ...paid, parent: { subscription_details: { subscription: billed.id, metadata: {} } } })).body).toEqual({ received: true, ignored: true })
  })

  it('starts a free trial as a trialing subscription at the price it rolls into, the card saved by confirmSetup, nothing charged', async () => {
    for (const [plan, amount, interval] of [
      ['vpn-trial-7d', '499', 'week'],
      ['vpn-trial-1y', '7188', 'year'],
    ] as const) {
      const started = await buy(order({ plan }))
      expect(started.body, plan).toEqual({ hash: started.body.hash, status: 'requires_action', url: `/order/checkout?hash=${started.body.hash}`, setup: true, clientSecret: expect.stringMatching(/^seti_fake_\d+_secret_/) })
      const stored = await orderOf(started.body.hash)
      expect(stored).toMatchObject({ total: 0, autoRenew: true })
      const form = Object.fromEntries(posted('/v1/subscriptions').at(-1)!.form)
      expect(form, plan).toMatchObject({
        trial_period_days: '7',
        'trial_settings[end_behavior][missing_payment_method]': 'cancel',
        'items[0][price_data][unit_amount]': amount,
        'items[0][price_data][recurring][interval]': interval,
        'items[0][metadata][purchaseId]': plan,
      })
      expect(form['discounts[0][coupon]']).toBeUndefined()
      expect(stripe.confirm(String(started.body.clientSecret)).status).toBe(200)
      expect((await next(started.body.hash)).body).toMatchObject({ status: 'paid' })
      const billed = stripeSubscriptionOf(stored.id)
      const trialEnd = (billed.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end
      expect(await subscriptionOf(stored.id)).toMatchObject({ status: 'trialing', autoRenew: true, providerRef: `stripe:${billed.id}`, currentPeriodEnd: new Date(trialEnd * 1000).toISOString() })
      // Nothing was charged: no PaymentIntent was made or confirmed for it.
      expect(stripe.requests.filter((request) => request.path.startsWith('/v1/payment_intents') && request.form.get('payment_method')?.endsWith(`b${buyers}`))).toHaveLength(0)
    }
  })

  it('settles a trial by Stripe’s SetupIntent events, which carry our order id: once, repeats and late ones without effect', async () => {
    const started = await buy(order({ plan: 'vpn-trial-7d' }))
    const setupId = String(started.body.clientSecret).replace(/_secret_.*$/, '')
    const setup = stripe.setupIntents.get(setupId)!
    const stored = await orderOf(started.body.hash)
    const billed = stripeSubscriptionOf(stored.id)
    expect(setup.metadata).toEqual({ orderId: String(stored.id), orderHash: String(started.body.hash), subscription: billed.id })
    stripe.confirm(String(started.body.clientSecret))
    const answers = await Promise.all(Array.from({ length: 5 }, () => event('setup_intent.succeeded', { ...setup }, 'evt_billing_setup_once')))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    const paid = await orderOf(started.body.hash)
    expect(paid.status).toBe('paid')
    expect((await event('setup_intent.setup_failed', { ...setup })).body).toEqual({ received: true })
    expect(await orderOf(started.body.hash)).toMatchObject({ status: 'paid', version: paid.version })
    expect((await event('setup_intent.succeeded', { ...setup, metadata: {} })).body).toEqual({ received: true, ignored: true })
  })

  it('retries a trial whose card was refused at saving, on the same subscription', async () => {
    const started = await buy(order({ plan: 'vpn-trial-7d', cardToken: 'pm_card_chargeCustomerFail__trial' }))
    expect(started.body).toMatchObject({ setup: true })
    expect(stripe.confirm(String(started.body.clientSecret)).status).toBe(402)
    expect((await next(started.body.hash)).body).toMatchObject({ status: 'failed', failure: { code: 'CARD_DECLINED', retryable: true } })
    const retried = await buy({ hash: started.body.hash, paymentMethod: 'card', cardToken: 'pm_card_visa__trial_retry', locale: 'en' })
    expect(retried.body).toMatchObject({ status: 'requires_action', setup: true, clientSecret: started.body.clientSecret })
    expect(stripe.confirm(String(retried.body.clientSecret), 'pm_card_visa__trial_retry').status).toBe(200)
    expect((await next(started.body.hash)).body).toMatchObject({ status: 'paid' })
  })

  it('bills "15 months, then every 12" as a schedule of two phases, charged at once, or after 3-D Secure', async () => {
    const paid = await buy(order({ plan: 'vpn-12plus3' }))
    expect(paid.body).toMatchObject({ status: 'paid' })
    const stored = await orderOf(paid.body.hash)
    const schedule = posted('/v1/subscription_schedules').at(-1)!
    expect(schedule.idempotencyKey).toBe(`order:${stored.id}:schedule`)
    expect(Object.fromEntries(schedule.form)).toMatchObject({
      start_date: 'now',
      end_behavior: 'release',
      'default_settings[collection_method]': 'charge_automatically',
      'metadata[orderId]': String(stored.id),
      'phases[0][duration][interval]': 'month',
      'phases[0][duration][interval_count]': '15',
      'phases[0][items][0][price_data][unit_amount]': '7188',
      'phases[0][items][0][price_data][recurring][interval_count]': '15',
      'phases[0][metadata][orderHash]': String(paid.body.hash),
      'phases[1][items][0][price_data][unit_amount]': '7188',
      'phases[1][items][0][price_data][recurring][interval]': 'month',
      'phases[1][items][0][price_data][recurring][interval_count]': '12',
    })
    const billed = stripeSubscriptionOf(stored.id)
    const end = (billed.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end
    expect(await subscriptionOf(stored.id)).toMatchObject({ status: 'active', providerRef: `stripe:${billed.id}`, currentPeriodEnd: new Date(end * 1000).toISOString() })

    const challenged = await buy(order({ plan: 'vpn-12plus3', cardToken: 'pm_card_threeDSecure2Required__schedule' }))
    expect(challenged.body).toMatchObject({ status: 'requires_action', clientSecret: expect.stringMatching(/^pi_fake_/) })
    stripe.authenticate(String(challenged.body.clientSecret).replace(/_secret_.*$/, ''), true)
    expect((await next(challenged.body.hash)).body).toMatchObject({ status: 'paid' })
  })

  it('gives a bonus code’s extra days once the first invoice is paid, by moving the next invoice back', async () => {
    await payload.create({ collection: 'bonus-codes', data: { code: 'STRIPE-EXTRA7', effect: 'days', value: 7, active: true }, overrideAccess: true, depth: 0 })
    const started = await buy(order({ bonusCode: 'STRIPE-EXTRA7' }))
    expect(started.body).toMatchObject({ status: 'requires_action' })
    const stored = await orderOf(started.body.hash)
    const billed = stripeSubscriptionOf(stored.id)
    expect(billed.metadata).toMatchObject({ extraDays: '7' })
    const plainEnd = (billed.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end
    stripe.confirm(String(started.body.clientSecret))
    expect((await next(started.body.hash)).body).toMatchObject({ status: 'paid' })
    const pushed = posted(`/v1/subscriptions/${billed.id}`)
    expect(pushed.map((request) => [request.idempotencyKey, request.form.get('trial_end'), request.form.get('proration_behavior')])).toEqual([[`sub:${billed.id}:extra-days`, String(plainEnd + 7 * 86_400), 'none']])
    expect(await subscriptionOf(stored.id)).toMatchObject({ status: 'active', currentPeriodEnd: new Date((plainEnd + 7 * 86_400) * 1000).toISOString() })
    // Read again (a late event, url/): given once.
    await next(started.body.hash)
    expect(posted(`/v1/subscriptions/${billed.id}`)).toHaveLength(1)
  })

  it('keeps one-off plans as PaymentIntents', async () => {
    const paid = await buy(order({ plan: 'vpn-lifetime', cardToken: 'pm_card_visa__lifetime' }))
    expect(paid.body).toMatchObject({ status: 'paid' })
    expect(posted('/v1/payment_intents').at(-1)!.form.get('payment_method')).toBe('pm_card_visa__lifetime')
  })
})

describe('Stripe subscriptions bought before Stripe Billing', () => {
  it('stop renewing and end with their period; Stripe Billing’s own are left alone', async () => {
    const customer = await createPasswordlessCustomer(payload, { email: `old-stripe-${Date.now()}@example.com`, source: 'admin' })
    const made = async (providerRef: string) =>
      payload.create({
        collection: 'subscriptions',
        data: { customer: customer.id, plan: 'vpn-1y', version: 0, status: 'active', currentPeriodStart: new Date().toISOString(), currentPeriodEnd: new Date(Date.now() + 86_400_000).toISOString(), autoRenew: true, provider: 'stripe', providerRef, nextRenewal: { amount: 7188, at: null } },
        overrideAccess: true,
        depth: 0,
      })
    const old = await made('stripe:pi_old_1')
    const billed = await made('stripe:sub_billed_1')
    await endUnbilledStripeRenewals((payload.db as unknown as { drizzle: Parameters<typeof endUnbilledStripeRenewals>[0] }).drizzle)
    const read = (id: number) => payload.findByID({ collection: 'subscriptions', id, depth: 0, overrideAccess: true })
    expect(await read(old.id)).toMatchObject({ autoRenew: false, version: 1 })
    expect(await read(billed.id)).toMatchObject({ autoRenew: true, version: 0 })
  })
})
