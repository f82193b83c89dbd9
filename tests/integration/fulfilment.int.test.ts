import { getPayload, type Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { POST as secureRoute } from '@/app/api/payments/sandbox/3ds/[attempt]/route'
import { POST as webhookRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { setWebhookTransport } from '@/services/payments/sandbox/deliver'
import { drainWebhooks as drainPending } from '../support/webhooks'
import { sandboxWebhookSecret } from '@/services/payments/sandbox/provider'
import { sandboxEvent, signPayload } from '@/services/payments/webhooks'
import { query } from '@/services/db'
import { createSession } from '@/services/auth/sessions'
import { emailQueueIdle } from '@/services/email/queue'
import { callRoute } from '../support/routes'

let payload: Payload
let counter = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterEach(() => setWebhookTransport(null))

const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body.token)

const buy = async (overrides: Record<string, unknown>) =>
  callRoute(purchaseRoute, {
    path: '/api/veilgate/purchase/url-with-email/',
    body: { email: `fulfilment-buyer-${++counter}@example.com`, receiveMarketingEmails: true, plan: 'vpn-1y', paymentMethod: 'card', country: 'DE', locale: 'en', ...overrides },
    headers: { 'idempotency-key': `fulfil-${counter}-${Date.now()}` },
  })

const orderOf = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!
const subscriptionsOf = async (orderId: number) => (await payload.find({ collection: 'subscriptions', where: { order: { equals: orderId } }, depth: 0, overrideAccess: true })).docs

/** Delivers a raw body to the card route with the sandbox's signature (or the one given). */
const deliver = (body: string, signature?: string | null) =>
  callRoute(webhookRoute, { path: '/api/veilgate/purchase/stripe', body, headers: signature === null ? {} : { 'sandbox-signature': signature ?? signPayload(sandboxWebhookSecret(payload), body, new Date()) } })

const drainWebhooks = () => drainPending(payload)

/** Captures what the sandbox sends instead of delivering it. */
function captureEvents(): string[] {
  const sent: string[] = []
  setWebhookTransport(async (_url, init) => {
    sent.push(init.body ?? '')
    return { status: 200 }
  })
  return sent
}

describe('fulfilment of a paid order', () => {
  it('makes the buyer’s account and an active subscription with its add-ons, renewing a year later', async () => {
    const paid = await buy({ email: 'fulfil-one@example.com', slots: 5, ipRegion: 'de-frankfurt', cardToken: await tokenFor('4242424242424242') })
    expect(paid.body.status).toBe('paid')
    const order = await orderOf(paid.body.hash)
    expect(order.fulfilledAt).toBeTruthy()
    const customer = (await payload.find({ collection: 'customers', where: { email: { equals: 'fulfil-one@example.com' } }, overrideAccess: true })).docs[0]!
    expect(customer).toMatchObject({ source: 'checkout', hasPassword: false, state: 'notConfirmed' })
    expect(typeof order.customer === 'object' ? order.customer?.id : order.customer).toBe(customer.id)
    const [subscription, ...more] = await subscriptionsOf(order.id)
    expect(more).toEqual([])
    expect(subscription).toMatchObject({ plan: 'vpn-1y', status: 'active', lifetime: false, autoRenew: true, provider: 'sandbox', nextRenewal: { amount: 7188 + 2999 + 5988 } })
    expect(subscription!.addOns?.map((addOn) => [addOn.purchaseId, addOn.kind, addOn.ipRegion ?? null])).toEqual([
      ['slots-5-1y', 'device-slots', null],
      ['static-ip-1y', 'static-ip', 'de-frankfurt'],
    ])
    const start = new Date(subscription!.currentPeriodStart)
    const end = new Date(subscription!.currentPeriodEnd)
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1)
    expect(end.getUTCMonth()).toBe(start.getUTCMonth())
    expect(subscription!.nextRenewal?.at).toBe(subscription!.currentPeriodEnd)
  })

  it('gives a lifetime plan one charge and a hundred years', async () => {
    const paid = await buy({ plan: 'vpn-lifetime', cardToken: await tokenFor('5555555555554444') })
    const [subscription] = await subscriptionsOf((await orderOf(paid.body.hash)).id)
    expect(subscription).toMatchObject({ lifetime: true, autoRenew: false, status: 'active' })
    expect(new Date(subscription!.currentPeriodEnd).getUTCFullYear() - new Date(subscription!.currentPeriodStart).getUTCFullYear()).toBe(100)
  })
})

describe('a bonus code used at checkout', () => {
  it('counts once per paid order, however often fulfilment runs, and a used-up code is then refused', async () => {
    const code = `ONCE-${Date.now()}`
    const bonus = await payload.create({ collection: 'bonus-codes', data: { code, effect: 'percent', value: 20, active: true, maxRedemptions: 2 } as never, overrideAccess: true })
    const declined = await buy({ bonusCode: code, cardToken: await tokenFor('4000000000000002') })
    expect(declined.status).toBe(402)
    const redemptions = async () => (await payload.findByID({ collection: 'bonus-codes', id: bonus.id, overrideAccess: true })).redemptions
    expect(await redemptions()).toBe(0)
    const first = await buy({ bonusCode: code.toLowerCase(), cardToken: await tokenFor('4242424242424242') })
    expect(first.body).toMatchObject({ status: 'paid' })
    expect(await redemptions()).toBe(1)
    const order = await orderOf(first.body.hash)
    expect(order).toMatchObject({ bonusCode: code, bonusCountedAt: expect.any(String) })
    // Fulfilment asked again (a repeated event, the sweeper after a crash) counts nothing more.
    const { fulfil } = await import('@/services/orders/fulfil')
    await query(payload, `update orders set fulfilled_at = null where id = $1`, [order.id])
    await fulfil(payload, order.id, new Date())
    expect(await redemptions()).toBe(1)
    // Back to the moment before it was counted: two fulfilments at once count it once.
    await query(payload, `update orders set fulfilled_at = null, bonus_counted_at = null where id = $1`, [order.id])
    await query(payload, `update bonus_codes set redemptions = 0 where id = $1`, [bonus.id])
    await Promise.all([fulfil(payload, order.id, new Date()), fulfil(payload, order.id, new Date())])
    expect(await redemptions()).toBe(1)
    expect((await buy({ bonusCode: code, cardToken: await tokenFor('4242424242424242') })).body).toMatchObject({ status: 'paid' })
    expect(await redemptions()).toBe(2)
    expect((await buy({ bonusCode: code, cardToken: await tokenFor('4242424242424242') })).body).toMatchObject({ statusCode: 400, code: 'INVALID_BONUS_CODE', field: 'bonusCode' })
    expect(await redemptions()).toBe(2)
  })
})

describe('signed payment events at the card route', () => {
  it('sends every sandbox outcome as a signed event that the route takes in once', async () => {
    const sent = captureEvents()
    const paid = await buy({ cardToken: await tokenFor('4242424242424242') })
    await drainWebhooks()
    const ours = sent.filter((body) => body.includes(String(paid.body.hash)))
    expect(ours).toHaveLength(1)
    const event = JSON.parse(ours[0]!)
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { metadata: { orderHash: paid.body.hash } } } })
    // Delivered ten times, at once: one row, one effect.
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(ours[0]!)))
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    expect(answers.filter((answer) => !answer.body.duplicate)).toHaveLength(1)
    const rows = await query<{ count: string }>(payload, `select count(*) from webhook_events where event_id = $1`, [event.id])
    expect(Number(rows[0]!.count)).toBe(1)
    const order = await orderOf(paid.body.hash)
    expect(order).toMatchObject({ status: 'paid', version: 2 })
    expect(await subscriptionsOf(order.id)).toHaveLength(1)
  })

  it('settles 3-D Secure once when events come reordered, late and racing url/', async () => {
    const sent = captureEvents()
    const started = await buy({ cardToken: await tokenFor('4000002760003184') })
    const ref = String(started.body.url).split('/').pop()!
    // The processor records the challenge; the site has not heard yet (the buyer closed the tab).
    await query(payload, `update sandbox_ledger set status = 'succeeded' where ref = $1`, [ref])
    const order = await orderOf(started.body.hash)
    const success = sandboxEvent({ providerRef: ref, status: 'succeeded', orderId: order.id, hash: order.publicHash, attempt: 1, at: new Date() })
    await drainWebhooks()
    const requiresAction = sent.find((body) => body.includes('payment_intent.requires_action') && body.includes(order.publicHash))!
    expect(requiresAction).toBeTruthy()
    const body = JSON.stringify(success)
    const results = await Promise.all([
      deliver(body),
      callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: order.publicHash } }),
      deliver(body),
      callRoute((request) => secureRoute(request, { params: Promise.resolve({ attempt: ref }) }), { path: `/api/payments/sandbox/3ds/${ref}`, body: { outcome: 'fail' } }),
    ])
    expect(results.every((result) => result.status === 200)).toBe(true)
    // The earlier event arrives last.
    expect((await deliver(requiresAction)).status).toBe(200)
    const settled = await orderOf(order.publicHash)
    expect(settled).toMatchObject({ status: 'paid', version: order.version + 1 })
    expect(await subscriptionsOf(order.id)).toHaveLength(1)
  })

  it('applies an event a stopped server took in but never applied, once its claim has lapsed', async () => {
    captureEvents()
    const started = await buy({ cardToken: await tokenFor('4000002760003184') })
    const ref = String(started.body.url).split('/').pop()!
    await query(payload, `update sandbox_ledger set status = 'succeeded' where ref = $1`, [ref])
    const order = await orderOf(started.body.hash)
    const success = sandboxEvent({ providerRef: ref, status: 'succeeded', orderId: order.id, hash: order.publicHash, attempt: 1, at: new Date() })
    // A server took it in and died before applying it: the row, unprocessed, claimed a minute ago.
    await query(payload, `insert into webhook_events (provider, event_id, type, updated_at, created_at) values ('sandbox', $1, $2, now() - interval '60 seconds', now() - interval '60 seconds')`, [success.id, success.type])
    const answer = await deliver(JSON.stringify(success))
    expect(answer).toMatchObject({ status: 200, body: { received: true } })
    expect(answer.body.duplicate).toBeUndefined()
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid', version: order.version + 1 })
    const rows = await query<{ order_id: number; processed: boolean }>(payload, `select order_id, processed_at is not null as processed from webhook_events where event_id = $1`, [success.id])
    expect(rows).toEqual([{ order_id: order.id, processed: true }])
    // Applied now: a repeat is a duplicate.
    expect((await deliver(JSON.stringify(success))).body).toEqual({ received: true, duplicate: true })
    expect(await subscriptionsOf(order.id)).toHaveLength(1)
  })

  it('never undoes a paid order with a late failure', async () => {
    const paid = await buy({ cardToken: await tokenFor('4242424242424242') })
    const order = await orderOf(paid.body.hash)
    const late = sandboxEvent({ providerRef: `sbx_${order.id}_1`, status: 'failed', orderId: order.id, hash: order.publicHash, attempt: 1, at: new Date() })
    await query(payload, `update sandbox_ledger set status = 'failed', error_code = 'card_declined' where ref = $1`, [`sbx_${order.id}_1`])
    expect((await deliver(JSON.stringify(late))).status).toBe(200)
    expect(await orderOf(order.publicHash)).toMatchObject({ status: 'paid', version: order.version })
  })

  it('leaves an order alone while a new attempt is under way and an old attempt’s news comes late', async () => {
    const declined = await buy({ cardToken: await tokenFor('4000000000000002') })
    const order = await orderOf(declined.body.hash)
    // A retry has moved the order to processing; its attempt is not recorded yet.
    await query(payload, `update orders set status = 'processing' where id = $1`, [order.id])
    const late = sandboxEvent({ providerRef: `sbx_${order.id}_1`, status: 'failed', orderId: order.id, hash: order.publicHash, attempt: 1, at: new Date() })
    expect((await deliver(JSON.stringify(late))).status).toBe(200)
    expect((await orderOf(order.publicHash)).status).toBe('processing')
  })

  it('refuses bad, stale and missing signatures and malformed events, changing nothing', async () => {
    const body = JSON.stringify(sandboxEvent({ providerRef: 'sbx_999999_1', status: 'succeeded', orderId: 999999, hash: 'x', attempt: 1, at: new Date() }))
    const before = await query<{ count: string }>(payload, `select count(*) from webhook_events`)
    const secret = sandboxWebhookSecret(payload)
    for (const signature of [null, 'garbage', signPayload('not-the-secret-0123456789', body, new Date()), signPayload(secret, body, new Date(Date.now() - 301_000)), signPayload(secret, `${body} `, new Date())]) {
      expect((await deliver(body, signature)).body, String(signature)).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE', message: 'The signature of this request is invalid.' })
    }
    expect((await query<{ count: string }>(payload, `select count(*) from webhook_events`))[0]!.count).toBe(before[0]!.count)
    for (const malformed of ['{', '[]', '{"id":"evt_x"}', JSON.stringify({ id: 'evt_y', type: 'payment_intent.succeeded', data: { object: {} } })]) {
      expect((await deliver(malformed)).body, malformed).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' })
    }
    // Signed, well formed, about no payment of ours: taken in and ignored.
    expect((await deliver(body)).body).toEqual({ received: true, ignored: true })
  })
})

/**
 * The outbox messages to an address of one template. Only this address's e-mail jobs are run here:
 * other test files share the database and run their own.
 */
async function mailTo(to: string, template: string) {
  for (let i = 0; i < 100; i++) {
    await emailQueueIdle()
    const jobs = await query<{ id: number }>(payload, `select id from payload_jobs where queue = 'email' and completed_at is null and coalesce(processing, false) = false and input->>'to' = $1`, [to])
    // The background runner may finish a job first: then there is nothing left to run.
    for (const job of jobs) await payload.jobs.runByID({ id: job.id, silent: true }).catch(() => undefined)
    const found = await payload.find({ collection: 'outbox', where: { and: [{ to: { equals: to } }, { template: { equals: template } }] }, overrideAccess: true })
    if (found.docs.length) return found.docs
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return []
}

describe('the buyer', () => {
  it('gives a new address an account with its consent, a confirmation and a receipt in German; the address is then taken', async () => {
    const email = 'neu-kunde@example.com'
    const paid = await buy({ email, locale: 'de', slots: 5, ipRegion: 'de-frankfurt', cardToken: await tokenFor('4242424242424242') })
    expect(paid.body.status).toBe('paid')
    const customer = (await payload.find({ collection: 'customers', where: { email: { equals: email } }, overrideAccess: true })).docs[0]!
    expect(customer).toMatchObject({ locale: 'de', hasPassword: false, source: 'checkout', marketingConsent: true, marketingConsentWording: 'Ich möchte Marketing-E-Mails erhalten' })
    expect(customer.marketingConsentAt).toBeTruthy()
    const [confirmation] = await mailTo(email, 'confirm-address')
    expect(confirmation).toMatchObject({ locale: 'de', subject: 'Bestätigen Sie Ihre E-Mail-Adresse' })
    const receipts = await mailTo(email, 'receipt')
    expect(receipts).toHaveLength(1)
    expect(receipts[0]).toMatchObject({ locale: 'de', subject: 'Ihre Veilgate-Quittung' })
    for (const part of ['Visa •••• 4242', '161,75', '30-Tage-Geld-zurück-Garantie', `/de/payment-success?hash=${paid.body.hash}`]) expect(receipts[0]!.text, part).toContain(part)
    // A repeated fulfilment sends nothing again.
    const { fulfil } = await import('@/services/orders/fulfil')
    await query(payload, `update orders set fulfilled_at = null where public_hash = $1`, [paid.body.hash])
    await fulfil(payload, (await orderOf(paid.body.hash)).id, new Date())
    expect(await mailTo(email, 'receipt')).toHaveLength(1)

    const orders = async () => (await payload.count({ collection: 'orders', where: { email: { equals: email } }, overrideAccess: true })).totalDocs
    const before = await orders()
    expect((await buy({ email: 'Neu-Kunde@example.com', cardToken: await tokenFor('4242424242424242') })).body).toMatchObject({ statusCode: 409, code: 'ALREADY_IN_USE' })
    expect(await orders()).toBe(before)
    // Signed in as that customer: a second subscription of the same customer.
    const token = await createSession(payload, customer.id, {})
    const again = await callRoute(purchaseRoute, {
      path: '/api/veilgate/purchase/url-with-email/',
      body: { email, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', country: 'DE', locale: 'de', cardToken: await tokenFor('4242424242424242') },
      headers: { 'idempotency-key': `signed-in-${Date.now()}`, 'x-auth-token': token },
    })
    expect(again.body.status).toBe('paid')
    const subscriptions = (await payload.find({ collection: 'subscriptions', where: { customer: { equals: customer.id } }, sort: 'createdAt', overrideAccess: true })).docs
    expect(subscriptions.map((subscription) => subscription.plan)).toEqual(['vpn-1y', 'vpn-1m'])
  })

  it('makes the account at once when a password is given, under the auth API’s rules, and never keeps the password', async () => {
    const email = 'with-password@example.com'
    const password = 'Checkout-Pass-2026'
    expect((await buy({ email, password: 'short', terms: true, cardToken: 'x' })).body).toMatchObject({ statusCode: 400, code: 'PASSWORD_ASCII' })
    expect((await buy({ email, password, cardToken: 'x' })).body).toMatchObject({ statusCode: 400, code: 'TERMS_AGREE' })
    const declined = await buy({ email, password, terms: true, receiveMarketingEmails: false, cardToken: await tokenFor('4000000000000002') })
    expect(declined.status).toBe(402)
    const customer = (await payload.find({ collection: 'customers', where: { email: { equals: email } }, overrideAccess: true })).docs[0]!
    expect(customer).toMatchObject({ hasPassword: true, source: 'checkout', state: 'notConfirmed', marketingConsent: false })
    const order = await orderOf(declined.body.hash)
    expect(typeof order.customer === 'object' ? order.customer?.id : order.customer).toBe(customer.id)
    // An unpaid checkout account counts as unknown: the same address may buy again.
    const paid = await buy({ email, password, terms: true, cardToken: await tokenFor('4242424242424242') })
    expect(paid.body.status).toBe('paid')
    expect((await payload.count({ collection: 'customers', where: { email: { equals: email } }, overrideAccess: true })).totalDocs).toBe(1)
    expect(await mailTo(email, 'receipt')).toHaveLength(1)
    captureEvents()
    await drainWebhooks()
    for (const table of ['orders', 'payment_attempts', 'idempotency_keys', 'payload_jobs', 'webhook_events', 'subscriptions']) {
      const dump = await query<{ dump: string | null }>(payload, `select string_agg(t::text, '') as dump from (select * from ${table}) t`)
      expect(dump[0]!.dump ?? '', table).not.toContain(password)
    }
  })
})
