// PayPal through its REST API, against the stand-in: an order per attempt, the buyer's approval captured on their return, events vouched for by PayPal, and a refund made at PayPal.
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as refundRoute } from '@/app/api/veilgate/admin/orders/[id]/refund/route'
import { GET as paypalReturn, POST as paypalRoute } from '@/app/api/veilgate/purchase/paypal/route'
import { GET as costRoute } from '@/app/api/veilgate/purchase/cost/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { POST as cancelRoute } from '@/app/api/veilgate/account/subscriptions/[id]/cancel/route'
import { createSession } from '@/services/auth/sessions'
import { runRenewals } from '@/services/subscriptions/renewals'
import { mailSentTo, mailTo } from '../support/mail'
import { startFakePaypal, type FakePaypal, type FakePaypalEvent } from '../support/fake-paypal'
import { setEnv } from '../support/stripe-account'
import { callRoute } from '../support/routes'

let payload: Payload
let paypal: FakePaypal
let buyers = 0
const settings = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_API_URL', 'PAYPAL_ENVIRONMENT'] as const
const saved = Object.fromEntries(settings.map((key) => [key, process.env[key]]))

beforeAll(async () => {
  payload = await getPayload({ config })
  paypal = await startFakePaypal()
  setEnv({ PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_WEBHOOK_ID: paypal.webhookId, PAYPAL_API_URL: paypal.url, PAYPAL_ENVIRONMENT: 'sandbox' })
})
afterAll(async () => {
  setEnv(saved)
  await paypal?.close()
})

/** A purchase paid with PayPal: the answer, the order, and PayPal's order. */
async function buy(overrides: Record<string, unknown> = {}) {
  const email = `paypal-api-${Date.now()}-${++buyers}@example.com`
  const body = { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'paypal', country: 'DE', locale: 'en', ...overrides }
  const answer = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `paypal-api-${Date.now()}-${buyers}` } })
  const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(answer.body.hash) } }, depth: 0, overrideAccess: true })).docs[0]!
  const paypalOrder = [...paypal.orders.values()].find((candidate) => candidate.purchase_units[0]!.custom_id === `order:${order.id}:attempt:1`)!
  return { answer, order, paypalOrder, email }
}

/** The browser coming back from PayPal to `url`: where it is sent next. */
async function back(url: string) {
  const response = await paypalReturn(new Request(url, { method: 'GET' }), {} as never)
  return { status: response.status, location: response.headers.get('location') }
}
const orderOf = (id: number) => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
const attemptsOf = async (id: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: id } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const subscriptionOf = async (id: number) => (await payload.find({ collection: 'subscriptions', where: { order: { equals: id } }, depth: 0, overrideAccess: true })).docs[0]
const captures = (orderId: string) => paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${orderId}/capture`)
function deliver(event: FakePaypalEvent, options: { forged?: boolean; without?: string } = {}) {
  const { body, headers } = paypal.signed(event, options)
  if (options.without) delete headers[options.without]
  return callRoute(paypalRoute, { path: '/api/veilgate/purchase/paypal', body, headers })
}

describe('PayPal through its REST API', () => {
  it('offers PayPal through PayPal’s app: an order keyed by our attempt, with our ids and the buyer’s language, approved on PayPal’s page', async () => {
    const cost = await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y', country: 'DE' } })
    expect(cost.body.methods).toContain('paypal')
    const { answer, order, paypalOrder } = await buy({ locale: 'de' })
    expect(answer.body).toEqual({ hash: order.publicHash, status: 'requires_action', url: `${paypal.url}/checkoutnow?token=${paypalOrder.id}` })
    expect(order).toMatchObject({ provider: 'paypal', status: 'requires_action', method: 'paypal' })
    const created = paypal.requests.find((request) => request.path === '/v2/checkout/orders' && request.requestId === `order:${order.id}:attempt:1`)!
    expect(created.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: (order.total / 100).toFixed(2) }, custom_id: `order:${order.id}:attempt:1`, invoice_id: order.publicHash }],
      payment_source: {
        paypal: {
          experience_context: { brand_name: 'Veilgate', locale: 'de-DE', user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING', return_url: 'http://localhost:3000/api/veilgate/purchase/paypal', cancel_url: 'http://localhost:3000/api/veilgate/purchase/paypal?cancel=1' },
          attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } },
        },
      },
    })
    expect((await attemptsOf(order.id)).map((attempt) => attempt.providerRef)).toEqual([`paypal:${paypalOrder.id}`])
  })

  it('captures the approval once when the buyer comes back (twice), and the event racing it changes nothing more: paid, one receipt, the vault id kept for renewals', async () => {
    const { order, paypalOrder, email } = await buy()
    const returnUrl = paypal.approve(paypalOrder.id)
    const mark = paypal.emitted.length
    const [first, second] = await Promise.all([back(returnUrl), back(returnUrl)])
    expect(first).toEqual({ status: 303, location: `http://localhost:3000/payment-success?hash=${order.publicHash}` })
    expect(second).toEqual(first)
    expect(new Set(captures(paypalOrder.id).map((request) => request.requestId))).toEqual(new Set([`capture:order:${order.id}:attempt:1`]))
    expect(paypalOrder.purchase_units[0]!.payments!.captures).toHaveLength(1)
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid' })

    // PayPal's event, ten times and in any order with a stale copy: taken in, one effect.
    const events = paypal.emitted.slice(mark)
    expect(events.map((event) => event.event_type)).toEqual(['PAYMENT.CAPTURE.COMPLETED'])
    const copies = Array.from({ length: 10 }, (_, n) => ({ ...events[0]!, id: `${events[0]!.id}-${n}` }))
    expect((await Promise.all(copies.reverse().map((event) => deliver(event)))).map((answer) => answer.status)).toEqual(Array(10).fill(200))
    expect((await deliver(events[0]!)).body).toEqual({ received: true })
    expect((await deliver(events[0]!)).body).toEqual({ received: true, duplicate: true })
    expect(await mailTo(payload, email, 'receipt')).toHaveLength(1)
    const vaultId = String((((paypalOrder.payment_source as Record<string, unknown>).paypal as Record<string, unknown>).attributes as { vault: { id: string } }).vault.id)
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'active', autoRenew: true, provider: 'paypal', providerRef: `paypal:${paypalOrder.id}`, savedMethod: vaultId })
  })

  it('refuses events PayPal does not vouch for: forged, without their headers, or for another webhook; nothing changes', async () => {
    const { order, paypalOrder } = await buy()
    const fake: FakePaypalEvent = { id: 'WH-FORGED-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', create_time: new Date().toISOString(), resource_type: 'capture', resource: { id: 'CFORGED', status: 'COMPLETED', custom_id: `order:${order.id}:attempt:1`, supplementary_data: { related_ids: { order_id: paypalOrder.id } } } }
    expect((await deliver(fake, { forged: true })).body).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' })
    expect((await deliver(fake, { without: 'paypal-transmission-sig' })).body).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' })
    setEnv({ PAYPAL_WEBHOOK_ID: 'WH-SOMEONE-ELSE' })
    try {
      expect((await deliver(fake)).status).toBe(400)
    } finally {
      setEnv({ PAYPAL_WEBHOOK_ID: paypal.webhookId })
    }
    // Genuine, but about no order of ours (another shop's capture on the same account): taken in, ignored.
    const foreign: FakePaypalEvent = { ...fake, id: 'WH-FOREIGN-1', resource: { id: 'COTHER', status: 'COMPLETED', custom_id: 'shop-7-invoice-12' } }
    expect((await deliver(foreign)).body).toEqual({ received: true, ignored: true })
    // Genuine, but the payment is still waiting for the buyer: PayPal is asked, and nothing changes.
    expect((await deliver(fake)).status).toBe(200)
    expect(await orderOf(order.id)).toMatchObject({ status: 'requires_action' })
    // PayPal out of reach: 503, so PayPal sends it again.
    paypal.down = true
    try {
      expect((await deliver({ ...fake, id: 'WH-LATER-1' })).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
    } finally {
      paypal.down = false
    }
  })

  it('sends the buyer back to PayPal once when PayPal declines the funding source, then declines; a cancel goes back to checkout', async () => {
    const declined = await buy()
    const returnUrl = paypal.approve(declined.paypalOrder.id, { instrumentDeclined: true })
    expect(await back(returnUrl)).toEqual({ status: 303, location: `${paypal.url}/checkoutnow?token=${declined.paypalOrder.id}` })
    expect(await orderOf(declined.order.id)).toMatchObject({ status: 'requires_action' })
    // Back from PayPal again without approving anew: this time it is a decline.
    expect(await back(returnUrl)).toEqual({ status: 303, location: `http://localhost:3000/payment-error?hash=${declined.order.publicHash}` })
    expect(await orderOf(declined.order.id)).toMatchObject({ status: 'failed', failure: { code: 'PAYMENT_DECLINED' } })

    const cancelled = await buy({ locale: 'fr' })
    expect(await back(paypal.cancel(cancelled.paypalOrder.id))).toEqual({ status: 303, location: `http://localhost:3000/fr/order/checkout?hash=${cancelled.order.publicHash}` })
    expect(await orderOf(cancelled.order.id)).toMatchObject({ status: 'failed', failure: { code: 'PAYMENT_CANCELED' } })
    expect(captures(cancelled.paypalOrder.id)).toEqual([])
  })

  it('ends access when the capture is refunded at PayPal', async () => {
    const { order, paypalOrder, email } = await buy()
    await back(paypal.approve(paypalOrder.id))
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid' })
    const refunded = paypal.refund(paypalOrder.id)
    expect((await Promise.all([deliver(refunded), deliver({ ...refunded, id: `${refunded.id}-again` })])).map((answer) => answer.status)).toEqual([200, 200])
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded' })
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'expired', autoRenew: false })
    expect(await mailSentTo(payload, email, 'refund-issued')).toHaveLength(1)
  })

  it('refunds through PayPal for an admin: the capture given back once, access ended; PayPal’s event afterwards changes nothing', async () => {
    const { order, paypalOrder, email } = await buy()
    await back(paypal.approve(paypalOrder.id))
    const { token } = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
    const refund = () => callRoute(refundRoute, { path: `/api/veilgate/admin/orders/${order.id}/refund/`, body: {}, headers: { authorization: `JWT ${token}` }, params: { id: String(order.id) } })
    const mark = paypal.emitted.length
    expect((await Promise.all([refund(), refund()])).map((answer) => answer.body)).toEqual(Array(2).fill({ order: { id: order.id, status: 'refunded' }, refund: { amount: order.total } }))
    const capture = paypalOrder.purchase_units[0]!.payments!.captures[0]!
    expect(paypal.requests.filter((request) => request.path === `/v2/payments/captures/${String(capture.id)}/refund`).map((request) => request.requestId)).toEqual([`order:${order.id}:refund`])
    expect(capture.status).toBe('REFUNDED')
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'expired', autoRenew: false })
    for (const event of paypal.emitted.slice(mark)) expect((await deliver(event)).status).toBe(200)
    expect(await mailSentTo(payload, email, 'refund-issued')).toHaveLength(1)
  })

  it('charges renewals to the payer’s vault id without them, keyed by the period; a declined one makes the subscription past due and its retry pays', async () => {
    for (const declines of [false, true]) {
      const { order, paypalOrder, email } = await buy({ plan: 'vpn-1m' })
      await back(paypal.approve(paypalOrder.id))
      const subscription = (await subscriptionOf(order.id))!
      paypal.vault.get(subscription.savedMethod!)!.declines = declines
      await runRenewals(payload, new Date(new Date(subscription.currentPeriodEnd).getTime() - 3_600_000))
      const renewal = (await payload.find({ collection: 'orders', where: { renews: { equals: subscription.id } }, depth: 0, overrideAccess: true })).docs[0]!
      const charged = paypal.requests.filter((request) => request.path === '/v2/checkout/orders' && JSON.stringify(request.body).includes(`"vault_id":"${subscription.savedMethod}"`))
      // PayPal's request id names the period; the order's custom_id our attempt, as for every payment.
      expect(charged.map((request) => request.requestId)).toEqual([`sub:${subscription.id}:period:2`])
      expect(JSON.stringify(charged[0]!.body)).toContain(`"custom_id":"order:${renewal.id}:attempt:1"`)
      if (!declines) {
        expect(renewal).toMatchObject({ status: 'paid', provider: 'paypal', period: 2, total: subscription.nextRenewal?.amount })
        // Paid ahead: the next period starts when this one ends.
        expect(await payload.findByID({ collection: 'subscriptions', id: subscription.id, depth: 0, overrideAccess: true })).toMatchObject({ status: 'active', autoRenew: true })
        expect(renewal.fulfilledAt).toEqual(expect.any(String))
      } else {
        expect(renewal).toMatchObject({ status: 'failed', failure: { code: 'PAYMENT_DECLINED' } })
        expect(await payload.findByID({ collection: 'subscriptions', id: subscription.id, depth: 0, overrideAccess: true })).toMatchObject({ status: 'past_due' })
        expect(await mailTo(payload, email, 'payment-failed')).toHaveLength(1)
        // The first retry, the vault accepting again: its own request id (the period's would only repeat the decline), then paid.
        paypal.vault.get(subscription.savedMethod!)!.declines = false
        const failed = await payload.findByID({ collection: 'orders', id: renewal.id, depth: 0, overrideAccess: true })
        await runRenewals(payload, new Date(new Date(failed.nextRetryAt!).getTime() + 1000))
        const retried = paypal.requests.filter((request) => request.path === '/v2/checkout/orders' && JSON.stringify(request.body).includes(`"vault_id":"${subscription.savedMethod}"`))
        expect(retried.map((request) => request.requestId)).toEqual([`sub:${subscription.id}:period:2`, `sub:${subscription.id}:period:2:retry:1`])
        expect(await payload.findByID({ collection: 'orders', id: renewal.id, depth: 0, overrideAccess: true })).toMatchObject({ status: 'paid' })
      }
    }
  })

  it('deletes the payer’s vault token at PayPal when the subscription is canceled, once', async () => {
    const { order, paypalOrder } = await buy()
    await back(paypal.approve(paypalOrder.id))
    const subscription = (await subscriptionOf(order.id))!
    const token = await createSession(payload, Number(subscription.customer), {})
    const cancel = () => callRoute(cancelRoute, { path: `/api/veilgate/account/subscriptions/${subscription.id}/cancel/`, body: {}, headers: { 'x-auth-token': token }, params: { id: String(subscription.id) } })
    expect((await cancel()).status).toBe(200)
    expect((await cancel()).status).toBe(200)
    await payload.jobs.run({ queue: 'default', limit: 50, silent: true })
    expect(paypal.vault.get(subscription.savedMethod!)).toMatchObject({ deleted: true })
    expect(paypal.requests.filter((request) => request.method === 'DELETE' && request.path === `/v3/vault/payment-tokens/${subscription.savedMethod}`)).toHaveLength(1)
    expect(await subscriptionOf(order.id)).toMatchObject({ status: 'canceled', autoRenew: false })
  })

  it('answers 503 for PayPal with half of its settings, and cards still sell', async () => {
    setEnv({ PAYPAL_WEBHOOK_ID: undefined })
    try {
      const cost = await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y', country: 'DE' } })
      expect(cost.body.methods).not.toContain('paypal')
      expect(cost.body.methods).toContain('card')
      const email = `paypal-half-${Date.now()}@example.com`
      const answer = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body: { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'paypal', country: 'DE', locale: 'en' }, headers: { 'idempotency-key': `paypal-half-${Date.now()}` } })
      expect(answer.body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
    } finally {
      setEnv({ PAYPAL_WEBHOOK_ID: paypal.webhookId })
    }
  })
})
