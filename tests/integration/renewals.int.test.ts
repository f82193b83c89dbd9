// Renewals through the sandbox clock: success, the 24-hour rule, failures and retries, trials, lifetime, races.
import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as advanceRoute } from '@/app/api/payments/sandbox/clock/advance/route'
import { POST as autoRenewRoute } from '@/app/api/veilgate/account/subscriptions/[id]/auto-renew/route'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { now, setClockOffset } from '@/lib/clock'
import type { Order, Subscription } from '@/payload-types'
import { cancelSubscription, setAutoRenew, subscriptionView } from '@/services/account/overview'
import { redeemCode } from '@/services/account/redeem'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { addPeriod } from '@/services/catalog/pricing'
import { query } from '@/services/db'
import { advanceClock } from '@/services/payments/sandbox/clock'
import { saveMethod, readToken } from '@/services/payments/sandbox/processor'
import { sandboxProvider } from '@/services/payments/sandbox/provider'
import { renewSubscriptionsTask } from '@/services/subscriptions/maintenance'
import { payAgainPath } from '@/services/subscriptions/notices'
import { runRenewals } from '@/services/subscriptions/renewals'
import { mailSentTo, mailTo } from '../support/mail'
import { queuedCardEvents } from '../support/webhooks'
import { callRoute } from '../support/routes'
import { resetSandboxClock } from '../support/sandbox-clock'

const HOUR = 3_600_000
const DAY = 24 * HOUR
let payload: Payload
let admin: Record<string, string>
let buyers = 0
let keys = 0

const reset = () => resetSandboxClock(payload)

beforeAll(async () => {
  payload = await getPayload({ config })
  await reset()
  const { token } = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
  admin = { authorization: `JWT ${token}` }
})

// Later files share this process and database: the clock goes back to real time.
afterAll(reset)

// What each test bought stops renewing when the test ends: the clock only moves forward, and a
// test's subscriptions left renewing were charged again at every later move (after the five-year
// jump, 120 rounds of catch-up at each one: 33 s of one test went to other tests' weekly plans).
const bought: number[] = []
afterEach(async () => {
  const ids = bought.splice(0)
  if (ids.length) await query(payload, 'update subscriptions set auto_renew = false where id = any($1::int[])', [ids])
})

async function tokenFor(number: string) {
  const answer = await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2036, cvc: '123' } })
  expect(answer.status, number).toBe(200)
  return String(answer.body.token)
}

/** Buys `plan` with a test card at the clock's now; returns the order and its subscription. */
async function buy(plan: string, card = '4242424242424242', locale = 'en') {
  const email = `renewal-${Date.now()}-${++buyers}@example.com`
  const body = { email, receiveMarketingEmails: false, plan, paymentMethod: 'card', country: 'DE', locale, cardToken: await tokenFor(card) }
  const answer = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `renewal-key-${++keys}` } })
  expect(answer.body.status, JSON.stringify(answer.body)).toBe('paid')
  const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: answer.body.hash } }, depth: 0, overrideAccess: true })).docs[0]!
  const subscription = await subscriptionOf(order.id)
  bought.push(subscription.id)
  return { email, order, subscription }
}

const subscriptionOf = async (orderId: number) => (await payload.find({ collection: 'subscriptions', where: { order: { equals: orderId } }, depth: 0, overrideAccess: true })).docs[0]!
const reload = (subscription: Subscription) => payload.findByID({ collection: 'subscriptions', id: subscription.id, depth: 0, overrideAccess: true })
const renewalsOf = async (subscription: Subscription): Promise<Order[]> =>
  (await payload.find({ collection: 'orders', where: { renews: { equals: subscription.id } }, sort: 'period', depth: 0, overrideAccess: true })).docs
const attemptsOf = async (order: Order) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: order.id } }, sort: 'number', depth: 0, overrideAccess: true })).docs
const advance = async (body: { days: number } | { to: string }) => {
  const answer = await callRoute(advanceRoute, { path: '/api/payments/sandbox/clock/advance', body, headers: admin })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
const to = (at: number) => advanceClock(payload, { to: new Date(at).toISOString() })

describe('renewals by card through the sandbox clock', () => {
  it('charges a monthly plan with its saved card when the clock passes its end: one renewal order, its receipt, the next period', async () => {
    const { email, order, subscription } = await buy('vpn-1m')
    expect(subscription).toMatchObject({ status: 'active', autoRenew: true, period: 1, savedMethod: expect.stringMatching(/^pm_sandbox_/) })
    expect((await attemptsOf(order))[0]).toMatchObject({ kind: 'charge', savedMethod: subscription.savedMethod })
    // The period runs from the clock's now, whatever the clock's offset.
    expect(Math.abs(new Date(subscription.currentPeriodEnd).getTime() - addPeriod(now(), { type: 'month', count: 1 }).getTime())).toBeLessThan(60_000)
    const end = new Date(subscription.currentPeriodEnd)

    await advance({ days: 32 })
    const [renewal, ...more] = await renewalsOf(subscription)
    expect(more).toHaveLength(0)
    expect(renewal).toMatchObject({
      status: 'paid',
      period: 2,
      plan: 'vpn-1m',
      total: subscription.nextRenewal!.amount,
      idempotencyKey: `sub:${subscription.id}:period:2`,
      email,
      country: 'DE',
      locale: 'en',
      customer: subscription.customer,
    })
    expect(renewal!.lines).toEqual([expect.objectContaining({ purchaseId: 'vpn-1m', kind: 'plan', amount: subscription.nextRenewal!.amount })])
    // Its quote names the period it pays for, as checkout and the success page read it.
    expect(renewal!.quote).toMatchObject({ periodEndsAt: addPeriod(end, { type: 'month', count: 1 }).toISOString(), renewal: { cost: renewal!.total, at: addPeriod(end, { type: 'month', count: 1 }).toISOString(), period: { type: 'month', count: 1 } } })
    const attempts = await attemptsOf(renewal!)
    expect(attempts).toHaveLength(1)
    expect(attempts[0]).toMatchObject({ kind: 'renewal', status: 'succeeded', brand: 'visa', last4: '4242', amount: renewal!.total, providerRef: `sandbox:sbx_${renewal!.id}_1` })

    const moved = await reload(subscription)
    const nextEnd = addPeriod(end, { type: 'month', count: 1 })
    expect(moved).toMatchObject({ status: 'active', period: 2, currentPeriodStart: end.toISOString(), currentPeriodEnd: nextEnd.toISOString(), nextRenewal: { at: nextEnd.toISOString(), amount: subscription.nextRenewal!.amount } })
    expect(moved.version).toBeGreaterThan(subscription.version)

    const receipts = await mailTo(payload, email, 'receipt')
    expect(receipts.map((mail) => mail.subject).sort()).toEqual(['Your Veilgate receipt', 'Your Veilgate subscription has renewed'])
    const renewed = receipts.find((mail) => mail.subject === 'Your Veilgate subscription has renewed')!
    expect(renewed.text).toContain('/my-account/orders')
    expect(renewed.text).toContain('•••• 4242')

    // The scan and its scheduled task again: nothing more is charged or sent.
    await runRenewals(payload, now())
    await (renewSubscriptionsTask.handler as (args: unknown) => Promise<unknown>)({ input: {}, job: {} as never, req: { payload } as never, inlineTask: undefined as never, tasks: {} as never })
    expect(await renewalsOf(subscription)).toHaveLength(1)
    expect(await attemptsOf(renewal!)).toHaveLength(1)
    expect(await mailTo(payload, email, 'receipt')).toHaveLength(2)
  })

  it('charges 24 hours before the end and starts the paid period at the end; a gift redeemed meanwhile pushes it back', async () => {
    const { subscription, email } = await buy('vpn-1m')
    const end = new Date(subscription.currentPeriodEnd).getTime()
    await to(end - 25 * HOUR)
    expect(await renewalsOf(subscription)).toHaveLength(0)
    await to(end - 23 * HOUR)
    const [renewal] = await renewalsOf(subscription)
    expect(renewal).toMatchObject({ status: 'paid', period: 2 })
    // The last 24 hours stay the old period; the receipt names the charge after the paid one.
    expect(await reload(subscription)).toMatchObject({ period: 1, currentPeriodEnd: new Date(end).toISOString(), status: 'active' })
    const renewed = (await mailTo(payload, email, 'receipt')).find((mail) => mail.subject === 'Your Veilgate subscription has renewed')!
    const paidEnd = addPeriod(new Date(end), { type: 'month', count: 1 })
    expect(renewed.text).toContain(new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(paidEnd))

    // A month's gift code before the end: the current period grows, the paid one starts later.
    const customer = await payload.findByID({ collection: 'customers', id: subscription.customer as number, depth: 0, overrideAccess: true })
    const plan = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: 'vpn-1m' } }, limit: 1, depth: 0 })).docs[0]!
    const gift = await payload.create({ collection: 'gift-codes', data: { plan: plan.id, origin: 'promotion' } as never, overrideAccess: true })
    await redeemCode(payload, customer, String(gift.code), now())
    const extended = addPeriod(new Date(end), { type: 'month', count: 1 })
    expect(await reload(subscription)).toMatchObject({ period: 1, currentPeriodEnd: extended.toISOString() })
    await to(end + HOUR)
    expect(await reload(subscription)).toMatchObject({ period: 1, currentPeriodEnd: extended.toISOString() })
    await to(extended.getTime() + HOUR)
    expect(await reload(subscription)).toMatchObject({ period: 2, status: 'active', currentPeriodStart: extended.toISOString(), currentPeriodEnd: addPeriod(extended, { type: 'month', count: 1 }).toISOString() })
    expect(await renewalsOf(subscription)).toHaveLength(1)
  })

  it('two scans at once make one order and one charge', async () => {
    const { subscription } = await buy('vpn-1m')
    const due = new Date(subscription.currentPeriodEnd).getTime() - 12 * HOUR
    // This instance's clock only, so no advance has scanned yet.
    setClockOffset(due - Date.now())
    await Promise.all([runRenewals(payload, now()), runRenewals(payload, now()), runRenewals(payload, now())])
    const renewals = await renewalsOf(subscription)
    expect(renewals).toHaveLength(1)
    expect(renewals[0]!.status).toBe('paid')
    expect(await attemptsOf(renewals[0]!)).toHaveLength(1)
    // The stored clock catches up; its scan finds nothing more to charge.
    await to(due + 60_000)
    expect(await renewalsOf(subscription)).toHaveLength(1)
  })

  it('goes on with a renewal a stopped scan left mid-charge: the charge the processor made is settled, one it never saw is made, once each', async () => {
    const made = await buy('vpn-1m')
    const lost = await buy('vpn-1m')
    const due = new Date(made.subscription.currentPeriodEnd).getTime() - 12 * HOUR
    setClockOffset(due - Date.now())
    await Promise.all([runRenewals(payload, now()), runRenewals(payload, now())])
    const [charged] = await renewalsOf(made.subscription)
    const [unseen] = await renewalsOf(lost.subscription)
    // As the scan leaves them when its server dies mid-charge: processing, the attempts only pending; one charge reached the processor, one did not.
    for (const order of [charged!, unseen!]) {
      await query(payload, `update orders set status = 'processing', version = version + 1, updated_at = now() - interval '2 minutes' where id = $1`, [order.id])
      await query(payload, `update payment_attempts set status = 'processing', provider_ref = $2 where order_id = $1`, [order.id, `sandbox:pending_order:${order.id}:attempt:1`])
      await query(payload, `update subscriptions set period = 1 where id = $1`, [order.renews])
    }
    await query(payload, `delete from sandbox_ledger where key = $1`, [`order:${unseen!.id}:attempt:1`])
    // The scan died before the sandbox's events were queued.
    await query(payload, `delete from payload_jobs where task_slug = 'deliverWebhook' and input->>'event' like any($1)`, [[charged!, unseen!].map((order) => `%"orderId":"${order.id}"%`)])
    await runRenewals(payload, now())
    for (const order of [charged!, unseen!]) {
      expect((await payload.findByID({ collection: 'orders', id: order.id, depth: 0, overrideAccess: true })).status).toBe('paid')
      expect((await attemptsOf(order)).map((attempt) => [attempt.number, attempt.status])).toEqual([[1, 'succeeded']])
      expect(await query(payload, `select status from sandbox_ledger where key like $1`, [`order:${order.id}:attempt:%`])).toEqual([{ status: 'succeeded' }])
      // The sandbox's event for each charge, once.
      expect(await queuedCardEvents(payload, order.id)).toEqual(['payment_intent.succeeded'])
    }
    expect(await renewalsOf(made.subscription)).toHaveLength(1)
    expect(await renewalsOf(lost.subscription)).toHaveLength(1)
    // The stored clock catches up (this instance's moved alone).
    await to(due + 60_000)
  })

  it('…0341 fails at renewal: past due, a "payment failed" e-mail whose link pays the same order with another card', async () => {
    const { subscription, email } = await buy('vpn-1m', '4000000000000341', 'de')
    // Bought with the clock far ahead: its period still runs from the clock's now.
    expect(Math.abs(new Date(subscription.currentPeriodEnd).getTime() - addPeriod(now(), { type: 'month', count: 1 }).getTime())).toBeLessThan(60_000)
    await advance({ days: 32 })
    const [renewal] = await renewalsOf(subscription)
    expect(renewal).toMatchObject({ status: 'failed', failure: { code: 'CARD_DECLINED', providerCode: 'card_declined', retryable: true } })
    expect(renewal!.renewalFailedAt).toBeTruthy()
    expect(new Date(renewal!.nextRetryAt!).getTime() - new Date(renewal!.renewalFailedAt!).getTime()).toBe(DAY)
    expect(await reload(subscription)).toMatchObject({ status: 'past_due', period: 1 })
    const [failed] = await mailTo(payload, email, 'payment-failed')
    expect(failed!.subject).toBe('Die Verlängerungszahlung für Veilgate ist fehlgeschlagen')
    expect(failed!.text).toContain(`/de/order/checkout?hash=${renewal!.publicHash}`)
    expect(failed!.text).toContain('Visa •••• 0341')
    // The account shows it due, with the order to pay.
    expect(await subscriptionView(payload, await reload(subscription), 'de')).toMatchObject({ status: 'past_due', payHash: renewal!.publicHash, method: { last4: '0341' } })

    // The buyer pays by the link with 4242: same order, a new attempt; active again, the next card saved.
    const answer = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body: { hash: renewal!.publicHash, cardToken: await tokenFor('4242424242424242') }, headers: { 'idempotency-key': `renewal-key-${++keys}` } })
    expect(answer.body).toMatchObject({ status: 'paid', hash: renewal!.publicHash })
    const paid = await reload(subscription)
    expect(paid).toMatchObject({ status: 'active', period: 2 })
    expect(paid.savedMethod).not.toBe(subscription.savedMethod)
    expect(await subscriptionView(payload, paid, 'de')).toMatchObject({ status: 'active', payHash: null, method: { last4: '4242' } })
    expect(await mailTo(payload, email, 'payment-failed')).toHaveLength(1)
    // Nothing retries a paid order.
    await advance({ days: 1 })
    expect(await attemptsOf(renewal!)).toHaveLength(2)
  })

  it('retries 1, 3 and 5 days after the failure, then cancels the order and expires the subscription', async () => {
    const { subscription } = await buy('vpn-1m', '4000000000000341')
    await advance({ days: 32 })
    const [renewal] = await renewalsOf(subscription)
    expect(await attemptsOf(renewal!)).toHaveLength(1)
    await advance({ days: 1 })
    expect((await attemptsOf(renewal!)).map((attempt) => attempt.status)).toEqual(['failed', 'failed'])
    expect(await reload(subscription)).toMatchObject({ status: 'past_due' })
    await advance({ days: 2 })
    expect(await attemptsOf(renewal!)).toHaveLength(3)
    await advance({ days: 2 })
    const attempts = await attemptsOf(renewal!)
    expect(attempts.map((attempt) => [attempt.kind, attempt.status, attempt.errorCode])).toEqual(Array(4).fill(['renewal', 'failed', 'card_declined']))
    expect((await renewalsOf(subscription))[0]).toMatchObject({ status: 'canceled', nextRetryAt: null })
    expect(await reload(subscription)).toMatchObject({ status: 'expired', autoRenew: false, period: 1 })
    await advance({ days: 40 })
    expect(await renewalsOf(subscription)).toHaveLength(1)
    expect(await attemptsOf(renewal!)).toHaveLength(4)
  })

  it('a card that asks for authentication off-session fails with AUTHENTICATION_FAILURE', async () => {
    const made = await tokenFor('4000002760003184')
    const card = readToken(payload.secret, made, now())!
    const result = await sandboxProvider(payload).createPayment({
      orderId: 999_999,
      hash: 'x'.repeat(22),
      attempt: 1,
      amount: 1299,
      currency: 'USD',
      method: 'card',
      savedMethod: saveMethod(payload.secret, card),
      recurring: true,
      idempotencyKey: 'order:999999:attempt:1',
      locale: 'en',
      now: now(),
    })
    expect(result).toMatchObject({ status: 'failed', card: { last4: '3184' }, error: { code: 'AUTHENTICATION_FAILURE', providerCode: 'authentication_required' } })
  })

  it('a 7-day trial is charged as vpn-7d when it ends, and renews weekly', async () => {
    const { subscription } = await buy('vpn-trial-7d')
    expect(subscription).toMatchObject({ status: 'trialing', plan: 'vpn-trial-7d', savedMethod: expect.stringMatching(/^pm_sandbox_/) })
    const weekly = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: 'vpn-7d' } }, limit: 1, depth: 0 })).docs[0]!
    const trialEnd = new Date(subscription.currentPeriodEnd)
    await advance({ days: 7 })
    await to(trialEnd.getTime() + HOUR)
    const [charge] = await renewalsOf(subscription)
    expect(charge).toMatchObject({ status: 'paid', plan: 'vpn-7d', period: 2, total: weekly.renewalCost ?? weekly.cost })
    const converted = await reload(subscription)
    expect(converted).toMatchObject({ status: 'active', plan: 'vpn-7d', period: 2, currentPeriodStart: trialEnd.toISOString(), currentPeriodEnd: addPeriod(trialEnd, { type: 'week', count: 1 }).toISOString() })
    await advance({ days: 7 })
    const renewals = await renewalsOf(subscription)
    expect(renewals.map((order) => [order.plan, order.period, order.status])).toEqual([
      ['vpn-7d', 2, 'paid'],
      ['vpn-7d', 3, 'paid'],
    ])
  })

  it('a lifetime plan five years on: nothing is charged', async () => {
    const { subscription, order } = await buy('vpn-lifetime')
    expect(subscription).toMatchObject({ lifetime: true, autoRenew: false })
    // Five years on by this instance's clock, scanned twice (the other subscriptions here are not the point).
    setClockOffset(now().getTime() + 5 * 366 * DAY - Date.now())
    await runRenewals(payload, now())
    await runRenewals(payload, now())
    expect(await renewalsOf(subscription)).toHaveLength(0)
    expect(await attemptsOf(order)).toHaveLength(1)
    expect(await reload(subscription)).toMatchObject({ status: 'active', period: 1 })
    // Back to real time: left five years on, every later move made the earlier files'
    // subscriptions catch up period by period.
    await reset()
  })
})

describe('the 24-hour rule and endings', () => {
  const customerOf = (subscription: Subscription) => subscription.customer as number
  const locked = { statusCode: 409, code: 'AUTO_RENEW_LOCKED' }

  it('lets a customer switch renewal off until 24 hours before the end, then refuses and charges the renewal', async () => {
    const early = await buy('vpn-1m')
    const late = await buy('vpn-1m')
    const end = new Date(late.subscription.currentPeriodEnd).getTime()
    await to(end - 2 * DAY)
    expect(await setAutoRenew(payload, customerOf(early.subscription), early.subscription.id, false, 'en')).toMatchObject({ autoRenew: false })
    // A second past the boundary: locked, nothing changed; turning it on stays allowed.
    setClockOffset(end - DAY + 1000 - Date.now())
    await expect(setAutoRenew(payload, customerOf(late.subscription), late.subscription.id, false, 'en')).rejects.toMatchObject(locked)
    await expect(cancelSubscription(payload, customerOf(late.subscription), late.subscription.id, 'en')).rejects.toMatchObject(locked)
    expect(await reload(late.subscription)).toMatchObject({ status: 'active', autoRenew: true })
    await to(end - 12 * HOUR)
    // Through the account's endpoint, in the customer's language.
    const token = await createSession(payload, customerOf(late.subscription), {})
    const answer = await callRoute(autoRenewRoute, {
      path: `/api/veilgate/account/subscriptions/${late.subscription.id}/auto-renew/`,
      headers: { 'x-auth-token': token },
      body: { enabled: false, locale: 'de' },
      params: { id: String(late.subscription.id) },
    })
    expect(answer).toMatchObject({
      status: 409,
      body: { statusCode: 409, code: 'AUTO_RENEW_LOCKED', message: 'Die automatische Verlängerung muss mindestens 24 Stunden vor Ende des Zeitraums ausgeschaltet werden.' },
    })
    expect(await setAutoRenew(payload, customerOf(late.subscription), late.subscription.id, true, 'en')).toMatchObject({ autoRenew: true })
    expect((await renewalsOf(late.subscription))[0]).toMatchObject({ status: 'paid', period: 2 })
    expect(await renewalsOf(early.subscription)).toHaveLength(0)
    // Still locked while the paid period waits to start; after it starts, the next period's end counts.
    await expect(setAutoRenew(payload, customerOf(late.subscription), late.subscription.id, false, 'en')).rejects.toMatchObject(locked)
    await to(end + HOUR)
    expect(await cancelSubscription(payload, customerOf(late.subscription), late.subscription.id, 'en')).toMatchObject({ status: 'canceled', autoRenew: false })
  })

  it('a switch-off racing the scan at the due time never stops the charge', async () => {
    const { subscription } = await buy('vpn-1m')
    const due = new Date(subscription.currentPeriodEnd).getTime() - DAY + 60_000
    setClockOffset(due - Date.now())
    const [switched] = await Promise.allSettled([setAutoRenew(payload, customerOf(subscription), subscription.id, false, 'en'), runRenewals(payload, now()), runRenewals(payload, now())])
    expect(switched).toMatchObject({ status: 'rejected', reason: locked })
    expect(await renewalsOf(subscription)).toMatchObject([{ status: 'paid', period: 2 }])
    expect(await reload(subscription)).toMatchObject({ autoRenew: true, status: 'active' })
  })

  it('ends canceled, switched-off and one-off subscriptions and a switched-off trial at their end, without a charge', async () => {
    const canceled = await buy('vpn-1m')
    const off = await buy('vpn-1m')
    const trial = await buy('vpn-trial-7d')
    const lifetime = await buy('vpn-lifetime')
    await cancelSubscription(payload, customerOf(canceled.subscription), canceled.subscription.id, 'en')
    await setAutoRenew(payload, customerOf(off.subscription), off.subscription.id, false, 'en')
    await setAutoRenew(payload, customerOf(trial.subscription), trial.subscription.id, false, 'en')
    // A one-month gift code redeemed by an account that owns nothing: it never renews.
    const email = `one-off-${Date.now()}@example.com`
    await createPasswordlessCustomer(payload, { email, source: 'admin' })
    const customer = (await payload.find({ collection: 'customers', where: { email: { equals: email } }, depth: 0, overrideAccess: true })).docs[0]!
    const plan = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: 'vpn-1m' } }, limit: 1, depth: 0 })).docs[0]!
    const gift = await payload.create({ collection: 'gift-codes', data: { plan: plan.id, origin: 'promotion' } as never, overrideAccess: true })
    await redeemCode(payload, customer, String(gift.code), now())
    const oneOff = (await payload.find({ collection: 'subscriptions', where: { customer: { equals: customer.id } }, depth: 0, overrideAccess: true })).docs[0]!
    expect(oneOff).toMatchObject({ autoRenew: false })

    // The trial ends first: not charged, expired; the others keep access until their end.
    await to(new Date(trial.subscription.currentPeriodEnd).getTime() + HOUR)
    expect(await reload(trial.subscription)).toMatchObject({ status: 'expired', autoRenew: false })
    expect(await renewalsOf(trial.subscription)).toHaveLength(0)
    expect(await reload(canceled.subscription)).toMatchObject({ status: 'canceled' })
    expect(await reload(off.subscription)).toMatchObject({ status: 'active', autoRenew: false })

    const last = Math.max(...[canceled, off].map(({ subscription }) => new Date(subscription.currentPeriodEnd).getTime()), new Date(oneOff.currentPeriodEnd).getTime())
    await to(last + HOUR)
    for (const ended of [canceled.subscription, off.subscription, oneOff]) expect(await reload(ended)).toMatchObject({ status: 'expired', autoRenew: false, nextRenewal: { at: null } })
    for (const ended of [canceled.subscription, off.subscription]) expect(await renewalsOf(ended)).toHaveLength(0)
    expect(await reload(lifetime.subscription)).toMatchObject({ status: 'active', lifetime: true })
  })

  it('lets a past-due subscription cancel: the retries stop and it expires at once when its period has ended', async () => {
    const { subscription } = await buy('vpn-1m', '4000000000000341')
    await advance({ days: 32 })
    const [renewal] = await renewalsOf(subscription)
    expect(await reload(subscription)).toMatchObject({ status: 'past_due' })
    expect(await cancelSubscription(payload, customerOf(subscription), subscription.id, 'en')).toMatchObject({ status: 'expired', autoRenew: false })
    await advance({ days: 6 })
    expect(await attemptsOf(renewal!)).toHaveLength(1)
    expect((await renewalsOf(subscription))[0]).toMatchObject({ status: 'canceled' })
  })
})

describe('notices before a date', () => {
  const customerOf = (subscription: Subscription) => subscription.customer as number
  const twoScans = () => Promise.all([runRenewals(payload, now()), runRenewals(payload, now())])
  const date = (value: number, locale = 'en') => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value))

  it('reminds 7 days before a yearly charge, once however many scans run, in the customer’s language', async () => {
    const { subscription, email } = await buy('vpn-1y', '4242424242424242', 'de')
    const charge = new Date(subscription.currentPeriodEnd).getTime() - DAY
    await to(charge - 7 * DAY - HOUR)
    expect(await payload.count({ collection: 'outbox', where: { and: [{ to: { equals: email } }, { template: { equals: 'renewal-reminder' } }] }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
    setClockOffset(charge - 7 * DAY + HOUR - Date.now())
    await twoScans()
    await twoScans()
    const [reminder, ...more] = await mailTo(payload, email, 'renewal-reminder')
    expect(more).toHaveLength(0)
    expect(reminder!.subject).toContain('Ihr Veilgate-Abo verlängert sich am')
    expect(reminder!.subject).toContain(date(charge, 'de').split(' ')[1]!)
    expect(reminder!.text).toContain('Visa •••• 4242')
    expect(reminder!.text).toContain('/de/my-account')
    expect(reminder!.text).toContain('24 Stunden')
    expect((await reload(subscription)).notices?.renewalReminderFor).toBe(subscription.currentPeriodEnd)
  })

  it('tells a trial’s buyer 2 days before it ends what it rolls into, once', async () => {
    const { subscription, email } = await buy('vpn-trial-7d')
    const end = new Date(subscription.currentPeriodEnd).getTime()
    setClockOffset(end - 2 * DAY + HOUR - Date.now())
    await twoScans()
    const [notice, ...more] = await mailTo(payload, email, 'trial-ending')
    expect(more).toHaveLength(0)
    expect(notice!.subject).toContain('Your Veilgate trial ends on')
    expect(notice!.text).toContain('7 days')
    expect(notice!.text).toContain('$4.99')
    expect(notice!.text).toContain('/my-account')
    // Switched off, it is neither charged nor announced as a renewal: it ends.
    await setAutoRenew(payload, customerOf(subscription), subscription.id, false, 'en')
  })

  it('announces the end of a plan that will not renew 7 days before, with a link that buys it again', async () => {
    const { subscription, email } = await buy('vpn-1m')
    await setAutoRenew(payload, customerOf(subscription), subscription.id, false, 'en')
    const end = new Date(subscription.currentPeriodEnd).getTime()
    setClockOffset(end - 7 * DAY + HOUR - Date.now())
    await twoScans()
    const [notice, ...more] = await mailTo(payload, email, 'plan-ending')
    expect(more).toHaveLength(0)
    expect(notice!.subject).toContain('Your Veilgate subscription ends on')
    expect(notice!.text).toContain('http://localhost:3000/order/checkout?plan=vpn-1m')
    expect(await mailSentTo(payload, email, 'renewal-reminder')).toHaveLength(0)
  })

  it('writes the picker’s URL for the pay-again link: the plan and its add-ons', async () => {
    expect(await payAgainPath(payload, { plan: 'vpn-1y', addOns: [{ purchaseId: 'slots-5-1y', kind: 'device-slots' }] })).toBe('/order/checkout?plan=vpn-1y&slots=5')
    expect(await payAgainPath(payload, { plan: 'vpn-1m', addOns: [] })).toBe('/order/checkout?plan=vpn-1m')
  })
})
