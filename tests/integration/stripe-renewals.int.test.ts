// Stripe-billed subscriptions kept in step with the account: the auto-renewal switch and cancel go to Stripe first, and a deleted account's subscription is canceled there.
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as deleteRoute } from '@/app/api/veilgate/account/delete/route'
import { POST as autoRenewRoute } from '@/app/api/veilgate/account/subscriptions/[id]/auto-renew/route'
import { POST as cancelRoute } from '@/app/api/veilgate/account/subscriptions/[id]/cancel/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { POST as webhookRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { createSession } from '@/services/auth/sessions'
import { query } from '@/services/db'
import { runRenewals } from '@/services/subscriptions/renewals'
import { sendNotices } from '@/services/subscriptions/notices'
import Stripe from 'stripe'
import { mailSentTo, mailTo } from '../support/mail'
import type { FakeEvent, FakeStripe } from '../support/fake-stripe'
import { setEnv, stormStripeEvents, useStripeStandIn } from '../support/stripe-account'
import { callRoute } from '../support/routes'

let payload: Payload
let stripe: FakeStripe
let restore: (() => Promise<void>) | undefined
let run = 0
const WEBHOOK_SECRET = 'whsec_renewals0123456789'

beforeAll(async () => {
  payload = await getPayload({ config })
  const standIn = await useStripeStandIn(payload, 'renewals', WEBHOOK_SECRET)
  stripe = standIn.stripe
  restore = standIn.restore
})
afterAll(() => restore?.())

/** A paid plan (yearly unless told) billed by Stripe: our subscription, Stripe's, and the buyer's session. */
async function stripeSubscriber(plan = 'vpn-1y') {
  const n = ++run
  const body = { email: `stripe-renewals-${Date.now()}-${n}@example.com`, receiveMarketingEmails: false, plan, paymentMethod: 'card', cardToken: `pm_card_visa__r${n}`, country: 'DE', locale: 'en' }
  const started = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `stripe-renewals-${Date.now()}-${n}` } })
  expect(stripe.confirm(String(started.body.clientSecret)).status).toBe(200)
  expect((await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: String(started.body.hash) } })).body.status).toBe('paid')
  const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(started.body.hash) } }, depth: 0, overrideAccess: true })).docs[0]!
  const subscription = (await payload.find({ collection: 'subscriptions', where: { order: { equals: order.id } }, depth: 0, overrideAccess: true })).docs[0]!
  const billed = [...stripe.subscriptions.values()].find((candidate) => candidate.metadata.orderId === String(order.id))!
  expect(subscription).toMatchObject({ providerRef: `stripe:${billed.id}`, autoRenew: true, status: 'active' })
  return { email: body.email, subscription, billed, token: await createSession(payload, Number(subscription.customer), {}) }
}

const ours = (id: number) => payload.findByID({ collection: 'subscriptions', id, depth: 0, overrideAccess: true })
const autoRenew = (token: string, id: number, enabled: boolean) =>
  callRoute(autoRenewRoute, { path: `/api/veilgate/account/subscriptions/${id}/auto-renew/`, body: { enabled }, headers: { 'x-auth-token': token }, params: { id: String(id) } })
const cancel = (token: string, id: number) => callRoute(cancelRoute, { path: `/api/veilgate/account/subscriptions/${id}/cancel/`, body: {}, headers: { 'x-auth-token': token }, params: { id: String(id) } })
const updatesOf = (billedId: string) => stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${billedId}` && request.form.has('cancel_at_period_end'))

describe('the account’s switches on a Stripe subscription', () => {
  it('turns auto-renewal off and on at Stripe first (cancel_at_period_end), keyed so a repeat changes Stripe once', async () => {
    const { subscription, billed, token } = await stripeSubscriber()
    const off = await autoRenew(token, subscription.id, false)
    expect(off.status).toBe(200)
    expect(billed.cancel_at_period_end).toBe(true)
    expect(await ours(subscription.id)).toMatchObject({ autoRenew: false, status: 'active' })
    expect(updatesOf(billed.id).map((request) => [request.form.get('cancel_at_period_end'), request.idempotencyKey])).toEqual([['true', `sub:${subscription.id}:v${subscription.version}:renew:false`]])
    // Off again: nothing to tell Stripe.
    expect((await autoRenew(token, subscription.id, false)).status).toBe(200)
    expect(updatesOf(billed.id)).toHaveLength(1)

    expect((await autoRenew(token, subscription.id, true)).status).toBe(200)
    expect(billed.cancel_at_period_end).toBe(false)
    expect(await ours(subscription.id)).toMatchObject({ autoRenew: true })
    expect(updatesOf(billed.id).map((request) => request.form.get('cancel_at_period_end'))).toEqual(['true', 'false'])
  })

  it('changes nothing when Stripe cannot be reached or refuses: 503 SERVER_MAINTENANCE', async () => {
    const { subscription, billed, token } = await stripeSubscriber()
    setEnv({ STRIPE_API_URL: 'http://127.0.0.1:9' })
    try {
      expect((await autoRenew(token, subscription.id, false)).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
      expect((await cancel(token, subscription.id)).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
    } finally {
      setEnv({ STRIPE_API_URL: stripe.url })
    }
    expect(await ours(subscription.id)).toMatchObject({ autoRenew: true, status: 'active' })
    expect(billed.cancel_at_period_end ?? false).toBe(false)

    // Stripe no longer has it (deleted in the dashboard): refused, nothing changed here either.
    stripe.subscriptions.delete(billed.id)
    expect((await autoRenew(token, subscription.id, false)).body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE' })
    expect(await ours(subscription.id)).toMatchObject({ autoRenew: true, status: 'active' })
    stripe.subscriptions.set(billed.id, billed)
  })

  it('answers 409 AUTO_RENEW_LOCKED from 24 hours before the period ends, before Stripe is asked', async () => {
    const { subscription, billed, token } = await stripeSubscriber()
    await query(payload, `update subscriptions set current_period_end = $2 where id = $1`, [subscription.id, new Date(Date.now() + 3_600_000).toISOString()])
    expect((await autoRenew(token, subscription.id, false)).body).toMatchObject({ statusCode: 409, code: 'AUTO_RENEW_LOCKED' })
    expect((await cancel(token, subscription.id)).body).toMatchObject({ statusCode: 409, code: 'AUTO_RENEW_LOCKED' })
    expect(updatesOf(billed.id)).toEqual([])
    expect(await ours(subscription.id)).toMatchObject({ autoRenew: true, status: 'active' })
  })

  it('cancels at Stripe’s period end, keeping access; a deleted account’s subscription is canceled at Stripe once', async () => {
    const first = await stripeSubscriber()
    expect((await cancel(first.token, first.subscription.id)).status).toBe(200)
    expect(first.billed.cancel_at_period_end).toBe(true)
    expect(first.billed.status).toBe('active')
    expect(await ours(first.subscription.id)).toMatchObject({ status: 'canceled', autoRenew: false })

    const second = await stripeSubscriber()
    expect((await callRoute(deleteRoute, { path: '/api/veilgate/account/delete/', body: { email: second.email }, headers: { 'x-auth-token': second.token } })).status).toBe(200)
    await payload.jobs.run({ queue: 'default', limit: 50, silent: true })
    expect(second.billed.status).toBe('canceled')
    const deletes = () => stripe.requests.filter((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${second.billed.id}`)
    expect(deletes().map((request) => request.idempotencyKey)).toEqual([`sub:${second.billed.id}:cancel`])
    // Asked again (a retried job): Stripe's subscription is already canceled, nothing more is sent.
    const { stripeClient, stripeProvider } = await import('@/services/payments/stripe/provider')
    const provider = stripeProvider(stripeClient({ secretKey: 'sk_test_renewals0123456789', siteUrl: 'http://localhost:3000', apiUrl: stripe.url }), { siteUrl: 'http://localhost:3000' })
    await provider.cancelRenewal(second.billed.id)
    expect(deletes()).toHaveLength(1)
  })
})

/** A Stripe event about one object, signed as Stripe signs (or with another secret). */
function event(type: string, object: unknown, id = `evt_renewals_${Date.now()}_${++run}`, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } })
  return callRoute(webhookRoute, { path: '/api/veilgate/purchase/stripe', body, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) } })
}
const storm = (events: FakeEvent[]) => stormStripeEvents(stripe, events)
const renewalOrdersOf = async (subscriptionId: number) => (await payload.find({ collection: 'orders', where: { renews: { equals: subscriptionId } }, sort: 'id', depth: 0, overrideAccess: true })).docs
const attemptsOf = async (orderId: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: orderId } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const lineEnd = (invoice: Record<string, unknown>) => new Date((invoice.lines as { data: { period: { end: number } }[] }).data[0]!.period.end * 1000).toISOString()

describe('renewals Stripe charges', () => {
  it('a paid renewal invoice is one renewal order, paid, the period moved to Stripe’s end and one renewal receipt, however many times and ways it comes', async () => {
    const { email, subscription, billed } = await stripeSubscriber()
    const invoice = stripe.renew(billed.id)
    // Ten deliveries at once under different event ids, then the same event again: one order, one charge.
    const answers = await Promise.all(Array.from({ length: 10 }, () => event('invoice.paid', invoice)))
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    const again = await event('invoice.paid', invoice, 'evt_renewals_same')
    expect((await event('invoice.paid', invoice, 'evt_renewals_same')).body).toEqual({ received: true, duplicate: true })
    expect(again.status).toBe(200)
    const [renewal, ...more] = await renewalOrdersOf(subscription.id)
    expect(more).toEqual([])
    expect(renewal).toMatchObject({ status: 'paid', period: 2, provider: 'stripe', idempotencyKey: `sub:${subscription.id}:period:2`, fulfilledAt: expect.any(String) })
    expect((await attemptsOf(renewal!.id)).map((attempt) => [attempt.kind, attempt.status, attempt.providerRef])).toEqual([['renewal', 'succeeded', `stripe:${invoice.id}/1`]])
    expect(await ours(subscription.id)).toMatchObject({ status: 'active', period: 2, currentPeriodEnd: lineEnd(invoice), currentPeriodStart: subscription.currentPeriodEnd })
    const receipts = await mailTo(payload, email, 'receipt')
    await expect.poll(async () => (await mailSentTo(payload, email, 'receipt')).length).toBe(2)
    expect(receipts.some((mail) => /renewed/i.test(mail.subject ?? ''))).toBe(true)
    // The scan makes no second order.
    await runRenewals(payload, new Date())
    expect(await renewalOrdersOf(subscription.id)).toHaveLength(1)
  })

  it('a failed renewal makes the subscription past due with an e-mail linking to Stripe’s invoice; the scan leaves it to Stripe; Stripe’s retry pays it', async () => {
    const { email, subscription, billed } = await stripeSubscriber()
    const invoice = stripe.renew(billed.id, { fail: true })
    expect((await Promise.all([event('invoice.payment_failed', invoice), event('invoice.payment_failed', invoice)])).map((answer) => answer.status)).toEqual([200, 200])
    const [renewal] = await renewalOrdersOf(subscription.id)
    expect(renewal).toMatchObject({ status: 'failed', period: 2, renewalFailedAt: expect.any(String) })
    expect(await ours(subscription.id)).toMatchObject({ status: 'past_due', period: 1 })
    const [mail, ...others] = await mailTo(payload, email, 'payment-failed')
    expect(others).toEqual([])
    expect(mail!.text).toContain(String(invoice.hosted_invoice_url))
    // The scan never retries or gives up a renewal Stripe bills, even one whose next try is due.
    expect(renewal!.nextRetryAt).toBe(new Date(Number(invoice.next_payment_attempt) * 1000).toISOString())
    await query(payload, `update orders set next_retry_at = $2 where id = $1`, [renewal!.id, new Date(Date.now() - 60_000).toISOString()])
    await runRenewals(payload, new Date())
    expect(await renewalOrdersOf(subscription.id)).toMatchObject([{ id: renewal!.id, status: 'failed' }])
    expect(await attemptsOf(renewal!.id)).toHaveLength(1)

    stripe.payInvoice(invoice.id)
    expect((await event('invoice.paid', invoice)).status).toBe(200)
    expect(await renewalOrdersOf(subscription.id)).toMatchObject([{ id: renewal!.id, status: 'paid' }])
    expect(await ours(subscription.id)).toMatchObject({ status: 'active', period: 2, currentPeriodEnd: lineEnd(invoice) })
  })

  it('a renewal the bank asks to confirm: past due, and one e-mail asking to confirm it at Stripe’s invoice page instead of “payment failed”; confirmed there, paid', async () => {
    const { email, subscription, billed } = await stripeSubscriber()
    const mark = stripe.emitted.length
    const invoice = stripe.renew(billed.id, { action: true })
    const sent = stripe.emitted.slice(mark)
    expect(sent.map((one) => one.type)).toEqual(['invoice.payment_failed', 'invoice.payment_action_required'])
    expect((await storm(sent)).map((answer) => answer.status)).toEqual(Array(20).fill(200))
    const [renewal, ...more] = await renewalOrdersOf(subscription.id)
    expect(more).toEqual([])
    expect(renewal).toMatchObject({ status: 'failed', period: 2, failure: { code: 'AUTHENTICATION_FAILURE' } })
    expect(await ours(subscription.id)).toMatchObject({ status: 'past_due', period: 1 })
    const [mail, ...others] = await mailTo(payload, email, 'payment-action-required')
    expect(others).toEqual([])
    expect(mail!.subject).toBe('Confirm your Veilgate renewal payment')
    expect(mail!.text).toContain(String(invoice.hosted_invoice_url))
    expect(await mailSentTo(payload, email, 'payment-failed')).toEqual([])

    // The buyer confirms the payment on Stripe's page: Stripe reports the invoice paid.
    const paidMark = stripe.emitted.length
    stripe.payInvoice(invoice.id)
    await storm(stripe.emitted.slice(paidMark))
    expect(await renewalOrdersOf(subscription.id)).toMatchObject([{ id: renewal!.id, status: 'paid' }])
    expect(await ours(subscription.id)).toMatchObject({ status: 'active', period: 2, currentPeriodEnd: lineEnd(invoice) })
  })

  it('ignores renewal invoices without our metadata, of a period behind ours, or badly signed', async () => {
    const { subscription, billed } = await stripeSubscriber()
    const invoice = stripe.renew(billed.id)
    expect((await event('invoice.paid', invoice, undefined, 'whsec_someone_else0000')).status).toBe(400)
    const foreign = { ...invoice, parent: { type: 'subscription_details', subscription_details: { subscription: billed.id, metadata: {} } } }
    expect((await event('invoice.paid', foreign)).body).toEqual({ received: true, ignored: true })
    expect(await renewalOrdersOf(subscription.id)).toEqual([])
    expect((await event('invoice.paid', invoice)).status).toBe(200)
    // The next period's invoice arrives, then the previous one's event again: nothing older is applied.
    const next = stripe.renew(billed.id)
    expect((await event('invoice.paid', next)).status).toBe(200)
    expect((await event('invoice.paid', invoice)).status).toBe(200)
    expect((await renewalOrdersOf(subscription.id)).map((order) => [order.period, order.status])).toEqual([
      [2, 'paid'],
      [3, 'paid'],
    ])
    expect(await ours(subscription.id)).toMatchObject({ period: 3, currentPeriodEnd: lineEnd(next) })
  })
})

describe('Stripe’s subscription events', () => {
  it('sends one trial-ending e-mail per trial from our dates, whatever Stripe’s trial_will_end does', async () => {
    const n = ++run
    const email = `stripe-trial-${Date.now()}-${n}@example.com`
    const body = { email, receiveMarketingEmails: false, plan: 'vpn-trial-7d', paymentMethod: 'card', cardToken: `pm_card_visa__t${n}`, country: 'DE', locale: 'en' }
    const started = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `stripe-trial-${Date.now()}-${n}` } })
    expect(stripe.confirm(String(started.body.clientSecret)).status).toBe(200)
    expect((await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: String(started.body.hash) } })).body.status).toBe('paid')
    const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(started.body.hash) } }, depth: 0, overrideAccess: true })).docs[0]!
    const trial = (await payload.find({ collection: 'subscriptions', where: { order: { equals: order.id } }, depth: 0, overrideAccess: true })).docs[0]!
    const billed = [...stripe.subscriptions.values()].find((candidate) => candidate.metadata.orderId === String(order.id))!
    expect(trial).toMatchObject({ status: 'trialing', autoRenew: true })

    const willEnd: FakeEvent = { id: `evt_trial_will_end_${n}`, object: 'event', type: 'customer.subscription.trial_will_end', created: Math.floor(Date.now() / 1000), data: { object: billed } }
    expect((await storm([willEnd])).every((answer) => answer.status === 200)).toBe(true)
    const end = new Date(trial.currentPeriodEnd).getTime()
    await sendNotices(payload, new Date(end - 36 * 3_600_000))
    await sendNotices(payload, new Date(end - 30 * 3_600_000))
    await storm([{ ...willEnd, id: `${willEnd.id}_again` }])
    await sendNotices(payload, new Date(end - 25 * 3_600_000))
    const [notice, ...more] = await mailTo(payload, email, 'trial-ending')
    expect(more).toEqual([])
    expect(notice!.text).toContain('Visa •••• 4242')
  })

  it('mirrors a change made in Stripe’s dashboard: cancel at period end and back, past due and active again, deleted → expired; the trial notice and foreign subscriptions are ignored', async () => {
    const { subscription, billed } = await stripeSubscriber()
    billed.cancel_at_period_end = true
    expect((await Promise.all(Array.from({ length: 10 }, () => event('customer.subscription.updated', billed)))).map((answer) => answer.status)).toEqual(Array(10).fill(200))
    expect(await ours(subscription.id)).toMatchObject({ status: 'active', autoRenew: false })
    billed.cancel_at_period_end = false
    await event('customer.subscription.updated', billed)
    expect(await ours(subscription.id)).toMatchObject({ status: 'active', autoRenew: true })

    billed.status = 'past_due'
    await event('customer.subscription.updated', billed)
    expect(await ours(subscription.id)).toMatchObject({ status: 'past_due' })
    billed.status = 'active'
    await event('customer.subscription.updated', billed)
    expect(await ours(subscription.id)).toMatchObject({ status: 'active' })

    expect((await event('customer.subscription.trial_will_end', billed)).body).toEqual({ received: true, ignored: true })
    expect((await event('customer.subscription.updated', { ...billed, metadata: {} })).body).toEqual({ received: true, ignored: true })

    billed.status = 'canceled'
    const deleted = await event('customer.subscription.deleted', { ...billed })
    expect(deleted.status).toBe(200)
    expect(await ours(subscription.id)).toMatchObject({ status: 'expired', autoRenew: false })
    // An older "updated" event arriving late: Stripe is read again, and the subscription stays ended.
    expect((await event('customer.subscription.updated', { ...billed, status: 'active' })).status).toBe(200)
    expect(await ours(subscription.id)).toMatchObject({ status: 'expired' })
    expect((await event('customer.subscription.deleted', billed, 'evt_bad_sig', 'whsec_someone_else0000')).status).toBe(400)
  })
})
