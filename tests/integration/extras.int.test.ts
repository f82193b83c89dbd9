// Extras for a subscription that runs: check-upgrade-possibility/, the attachTo purchase, its fulfilment and the renewal after it.
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as checkGetRoute, POST as checkRoute } from '@/app/api/veilgate/sales/check-upgrade-possibility/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { now, setClockOffset } from '@/lib/clock'
import type { Subscription } from '@/payload-types'
import { createSession } from '@/services/auth/sessions'
import { prorate } from '@/services/catalog/pricing'
import { query } from '@/services/db'
import { fulfil } from '@/services/orders/fulfil'
import { applyRefund } from '@/services/orders/refund'
import { openRenewal } from '@/services/subscriptions/renewals'
import { sandboxCardToken } from '../support/cards'
import { mailSentTo, mailTo, runEmailJobs } from '../support/mail'
import { callRoute } from '../support/routes'
import { resetSandboxClock } from '../support/sandbox-clock'
import { drainWebhooks } from '../support/webhooks'

const DAY = 86_400_000
let payload: Payload
let buyers = 0
let keys = 0

beforeAll(async () => {
  payload = await getPayload({ config })
  await resetSandboxClock(payload)
})

// What this file bought renews no more, and the messages and events it queued are out, before the next file.
const made: number[] = []
afterAll(async () => {
  await resetSandboxClock(payload)
  if (made.length) await query(payload, 'update subscriptions set auto_renew = false where id = any($1::int[])', [made])
  await runEmailJobs(payload)
  await drainWebhooks(payload)
})

const as = (token: string | null): Record<string, string> => (token ? { 'x-auth-token': token } : {})
const check = (token: string | null, body: unknown) => callRoute(checkRoute, { path: '/api/veilgate/sales/check-upgrade-possibility/', headers: as(token), body })
const buyExtras = async (token: string | null, body: Record<string, unknown>) =>
  callRoute(purchaseRoute, {
    path: '/api/veilgate/purchase/url-with-email/',
    headers: { ...as(token), 'idempotency-key': `extras-${Date.now()}-${++keys}` },
    body: { email: 'ignored@example.com', receiveMarketingEmails: false, paymentMethod: 'card', country: 'DE', locale: 'en', cardToken: await sandboxCardToken(), ...body },
  })
const reload = (subscription: Subscription) => payload.findByID({ collection: 'subscriptions', id: subscription.id, depth: 0, overrideAccess: true })

/** A customer who bought `plan` with the sandbox's card, signed in: their session and subscription. */
async function owner(plan = 'vpn-1y', extra: Record<string, unknown> = {}) {
  const email = `extras-${Date.now()}-${++buyers}@example.com`
  const paid = await callRoute(purchaseRoute, {
    path: '/api/veilgate/purchase/url-with-email/',
    headers: { 'idempotency-key': `extras-owner-${email}` },
    body: { email, receiveMarketingEmails: false, plan, paymentMethod: 'card', country: 'DE', locale: 'en', cardToken: await sandboxCardToken(), ...extra },
  })
  expect(paid.body.status, JSON.stringify(paid.body)).toBe('paid')
  const customer = (await payload.find({ collection: 'customers', where: { email: { equals: email } }, overrideAccess: true })).docs[0]!
  const subscription = (await payload.find({ collection: 'subscriptions', where: { customer: { equals: customer.id } }, depth: 0, overrideAccess: true })).docs[0]!
  made.push(subscription.id)
  return { email, customer, token: await createSession(payload, customer.id, {}), subscription }
}

describe('check-upgrade-possibility/', () => {
  it('asks for a session first: 401 EXPIRED_SESSION, even for an empty body; other methods 405', async () => {
    for (const body of [{}, { subscription: 1 }, '{']) expect(await check(null, body)).toMatchObject({ status: 401, body: { statusCode: 401, code: 'EXPIRED_SESSION' } })
    expect(await check('x'.repeat(43), {})).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    expect(await callRoute(checkGetRoute, { path: '/api/veilgate/sales/check-upgrade-possibility/' })).toMatchObject({ status: 405, body: { statusCode: 405, code: 'METHOD_NOT_ALLOWED' } })
  })

  it("answers 404 for another customer's or an unknown subscription, 400 with the field for malformed input", async () => {
    const a = await owner()
    const b = await owner()
    expect(await check(a.token, { subscription: b.subscription.id, slots: 5 })).toMatchObject({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND' } })
    expect(await check(a.token, { subscription: 2_000_000_000 })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    for (const [body, field] of [
      [{}, 'subscription'],
      [{ subscription: 'abc' }, 'subscription'],
      [{ subscription: -1 }, 'subscription'],
      [{ subscription: a.subscription.id, slots: 3 }, 'slots'],
      [{ subscription: a.subscription.id, server: 'unlimited' }, 'region'],
      [{ subscription: a.subscription.id, server: 'unlimited', region: 'de-frankfurt', ipRegion: 'de-frankfurt' }, 'ipRegion'],
      [{ subscription: a.subscription.id, ipRegion: 'xx-nowhere' }, 'ipRegion'],
    ] as const) {
      const answer = await check(a.token, body)
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_INPUT', field } })
    }
  })

  it('prices the extras for the days left of the period, renewing at a whole period', async () => {
    const a = await owner()
    const start = new Date(a.subscription.currentPeriodStart)
    const end = new Date(a.subscription.currentPeriodEnd)
    setClockOffset(30 * DAY)
    try {
      const at = now()
      const answer = await check(a.token, { subscription: a.subscription.id, slots: 5, ipRegion: 'nl-amsterdam' })
      expect(answer.status).toBe(200)
      const slots = prorate({ plan: { periodType: 'year', periodCount: 1 }, addOn: { purchaseId: 'slots-5-1y', billing: 'yearly', cost: 2999 }, periodStart: start, periodEnd: end, now: at })!
      const ip = prorate({ plan: { periodType: 'year', periodCount: 1 }, addOn: { purchaseId: 'static-ip-1y', billing: 'yearly', cost: 5988 }, periodStart: start, periodEnd: end, now: at })!
      expect(slots.amount).toBeLessThan(2999)
      expect(answer.body).toEqual({
        possible: true,
        lines: [
          { id: 'slots-5-1y', amount: slots.amount, renewalAmount: 2999, region: null },
          { id: 'static-ip-1y', amount: ip.amount, renewalAmount: 5988, region: 'nl-amsterdam' },
        ],
        total: slots.amount + ip.amount,
        periodEnd: a.subscription.currentPeriodEnd,
      })
      // Nothing chosen: whether it can take extras at all.
      expect((await check(a.token, { subscription: String(a.subscription.id) })).body).toEqual({ possible: true, lines: [], total: 0, periodEnd: a.subscription.currentPeriodEnd })
    } finally {
      setClockOffset(0)
    }
  })

  it('says why not: ended, trial, renewing, not-available, owned', async () => {
    const canceled = await owner()
    await query(payload, `update subscriptions set status = 'canceled' where id = $1`, [canceled.subscription.id])
    expect((await check(canceled.token, { subscription: canceled.subscription.id, slots: 5 })).body).toEqual({ possible: false, reason: 'ended' })

    const expired = await owner()
    await query(payload, `update subscriptions set status = 'expired' where id = $1`, [expired.subscription.id])
    expect((await check(expired.token, { subscription: expired.subscription.id })).body).toEqual({ possible: false, reason: 'ended' })

    const trial = await owner('vpn-trial-1y')
    expect(trial.subscription.status).toBe('trialing')
    expect((await check(trial.token, { subscription: trial.subscription.id, slots: 1 })).body).toEqual({ possible: false, reason: 'trial' })

    const renewing = await owner()
    expect(renewing.subscription.autoRenew).toBe(true)
    setClockOffset(new Date(renewing.subscription.currentPeriodEnd).getTime() - 12 * 3_600_000 - Date.now())
    try {
      expect((await check(renewing.token, { subscription: renewing.subscription.id, slots: 5 })).body).toEqual({ possible: false, reason: 'renewing' })
    } finally {
      setClockOffset(0)
    }

    const lifetime = await owner('vpn-lifetime')
    // Lifetime plans take lifetime add-ons only: 5 slots exist for life, one slot does not.
    expect((await check(lifetime.token, { subscription: lifetime.subscription.id, slots: 1 })).body).toEqual({ possible: false, reason: 'not-available' })
    expect((await check(lifetime.token, { subscription: lifetime.subscription.id, slots: 5 })).body).toMatchObject({ possible: true, lines: [{ id: 'slots-5-lifetime', amount: 5999, renewalAmount: null }], total: 5999 })

    const stripe = await owner()
    await query(payload, `update subscriptions set provider_ref = 'stripe:sub_extras' where id = $1`, [stripe.subscription.id])
    expect((await check(stripe.token, { subscription: stripe.subscription.id, slots: 5 })).body).toEqual({ possible: false, reason: 'not-available' })

    const withIp = await owner('vpn-1y', { ipRegion: 'de-frankfurt' })
    expect((await check(withIp.token, { subscription: withIp.subscription.id, ipRegion: 'de-frankfurt' })).body).toEqual({ possible: false, reason: 'owned' })
    expect((await check(withIp.token, { subscription: withIp.subscription.id, ipRegion: 'nl-amsterdam' })).body).toMatchObject({ possible: true })
  })
})

describe('buying extras (attachTo)', () => {
  it('charges the server-side price, adds the slots once, raises the renewal and sends one receipt; the renewal charges plan and slots', async () => {
    const a = await owner()
    const before = a.subscription.nextRenewal!.amount!
    expect(before).toBe(7188)
    setClockOffset(31 * DAY)
    try {
      const quoted = await check(a.token, { subscription: a.subscription.id, slots: 5 })
      // A total sent by the browser is ignored: the server prices it.
      const bought = await buyExtras(a.token, { attachTo: a.subscription.id, slots: 5, total: 1, amount: 1 })
      expect(bought.body, JSON.stringify(bought.body)).toMatchObject({ status: 'paid' })
      const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: bought.body.hash } }, depth: 0, overrideAccess: true })).docs[0]!
      expect(order).toMatchObject({ total: quoted.body.total, attachTo: a.subscription.id, plan: 'vpn-1y', email: a.email, autoRenew: false, notAttached: false })
      expect(order.lines).toMatchObject([{ purchaseId: 'slots-5-1y', kind: 'add-on', addOnKind: 'device-slots', amount: quoted.body.total, renewalAmount: 2999 }])
      const attempts = (await payload.find({ collection: 'payment-attempts', where: { order: { equals: order.id } }, depth: 0, overrideAccess: true })).docs
      expect(attempts.map((attempt) => [attempt.amount, attempt.status])).toEqual([[quoted.body.total, 'succeeded']])

      const after = await reload(a.subscription)
      expect(after.addOns?.map((line) => [line.purchaseId, line.kind, line.renewalAmount])).toEqual([['slots-5-1y', 'device-slots', 2999]])
      expect(after).toMatchObject({ nextRenewal: { amount: before + 2999 }, currentPeriodEnd: a.subscription.currentPeriodEnd, savedMethod: a.subscription.savedMethod, status: 'active' })
      expect(await payload.count({ collection: 'subscriptions', where: { customer: { equals: a.customer.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 1 })
      expect(await mailTo(payload, a.email, 'receipt')).toHaveLength(2)

      // Fulfilled again (a repeated event, the sweeper after a crash): attached once, one receipt.
      await query(payload, 'update orders set fulfilled_at = null where id = $1', [order.id])
      await fulfil(payload, order.id, now())
      const again = await reload(a.subscription)
      expect(again.addOns).toHaveLength(1)
      expect(again.nextRenewal!.amount).toBe(before + 2999)
      expect(await mailSentTo(payload, a.email, 'receipt')).toHaveLength(2)

      // The renewal order the scan opens: the plan at its own price and the slots at theirs, one
      // charge (opened for this subscription alone: a scan would renew every other file's too).
      setClockOffset(new Date(a.subscription.currentPeriodEnd).getTime() - 3_600_000 - Date.now())
      const renewal = (await openRenewal(payload, await reload(a.subscription), now()))!
      expect(renewal).toMatchObject({ total: 7188 + 2999, renews: a.subscription.id, period: 2 })
      expect(renewal.lines?.map((line) => [line.purchaseId, line.amount])).toEqual([
        ['vpn-1y', 7188],
        ['slots-5-1y', 2999],
      ])
      await query(payload, `update orders set status = 'canceled' where id = $1`, [renewal.id])
    } finally {
      setClockOffset(0)
      await query(payload, 'update subscriptions set auto_renew = false where id = $1', [a.subscription.id])
    }
  })

  it('is for the signed-in owner only (404), and refuses what is not possible (400 on attachTo) without charging', async () => {
    const a = await owner()
    const b = await owner()
    expect(await buyExtras(null, { attachTo: a.subscription.id, slots: 5 })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', field: 'attachTo' } })
    expect(await buyExtras(b.token, { attachTo: a.subscription.id, slots: 5 })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', field: 'attachTo' } })
    expect(await buyExtras(a.token, { attachTo: a.subscription.id })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'attachTo' } })
    expect(await buyExtras(a.token, { attachTo: a.subscription.id, plan: 'vpn-1y', slots: 5 })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'attachTo' } })
    expect(await buyExtras(a.token, { attachTo: a.subscription.id, slots: 5, bonusCode: 'WELCOME10' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'bonusCode' } })
    expect(await buyExtras(a.token, { attachTo: 'x', slots: 5 })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'attachTo' } })
    await query(payload, `update subscriptions set status = 'canceled' where id = $1`, [a.subscription.id])
    expect(await buyExtras(a.token, { attachTo: a.subscription.id, slots: 5 })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'attachTo' } })
    expect(await payload.count({ collection: 'orders', where: { attachTo: { equals: a.subscription.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
  })

  it('a refund of extras takes back what they added and lowers the renewal; the subscription runs on', async () => {
    const a = await owner('vpn-1y', { slots: 5 })
    const before = await reload(a.subscription)
    const bought = await buyExtras(a.token, { attachTo: a.subscription.id, slots: 5, ipRegion: 'nl-amsterdam' })
    expect(bought.body.status).toBe('paid')
    const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: bought.body.hash } }, depth: 0, overrideAccess: true })).docs[0]!
    const added = await reload(a.subscription)
    expect(added.addOns?.map((line) => line.purchaseId)).toEqual(['slots-5-1y', 'slots-5-1y', 'static-ip-1y'])
    expect(added.nextRenewal!.amount).toBe(before.nextRenewal!.amount! + 2999 + 5988)

    expect(await applyRefund(payload, order.id, order.total, now())).toBe(true)
    expect(await applyRefund(payload, order.id, order.total, now())).toBe(false)
    const after = await reload(a.subscription)
    expect(after.addOns?.map((line) => [line.purchaseId, line.ipRegion ?? null])).toEqual([['slots-5-1y', null]])
    expect(after).toMatchObject({ status: 'active', autoRenew: true, nextRenewal: { amount: before.nextRenewal!.amount }, currentPeriodEnd: before.currentPeriodEnd })
    expect(await payload.findByID({ collection: 'orders', id: order.id, depth: 0, overrideAccess: true })).toMatchObject({ status: 'refunded' })
  })

  it('attaches nothing to a subscription that ended before the payment: the order is flagged for a refund', async () => {
    const a = await owner()
    const bought = await buyExtras(a.token, { attachTo: a.subscription.id, ipRegion: 'nl-amsterdam' })
    expect(bought.body.status).toBe('paid')
    const paid = (await payload.find({ collection: 'orders', where: { publicHash: { equals: bought.body.hash } }, depth: 0, overrideAccess: true })).docs[0]!
    // The same order paid again later (as a redirect method's approval may come) after the subscription ended.
    await query(payload, `update subscriptions set status = 'expired' where id = $1`, [a.subscription.id])
    await query(payload, 'update orders set fulfilled_at = null, attached_at = null, emails_queued_at = null where id = $1', [paid.id])
    const held = (await reload(a.subscription)).addOns?.length
    expect(await fulfil(payload, paid.id, now())).toBe(true)
    const order = await payload.findByID({ collection: 'orders', id: paid.id, depth: 0, overrideAccess: true })
    expect(order).toMatchObject({ notAttached: true })
    expect((await reload(a.subscription)).addOns?.length).toBe(held)
  })
})
