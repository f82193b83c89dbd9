import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as deleteRoute } from '@/app/api/veilgate/account/delete/route'
import { GET as overviewRoute } from '@/app/api/veilgate/account/overview/route'
import { POST as loginRoute } from '@/app/api/veilgate/auth/login/route'
import { POST as registerRoute } from '@/app/api/veilgate/auth/register/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { deleteAccount, type DeletionStep } from '@/services/account/deletion'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { query } from '@/services/db'
import { humanCheck } from '../support/human-check-route'
import { mailTo } from '../support/mail'
import { sandboxCardToken } from '../support/cards'
import { callRoute } from '../support/routes'

let payload: Payload
let run = 0
const password = 'Deletion-int-Meadow-47'

beforeAll(async () => {
  payload = await getPayload({ config })
})


/** A customer with a password and marketing consent who bought the 1-year plan (renewing), with a device and a second session. */
async function buyer() {
  const email = `deletion-${Date.now()}-${++run}@example.com`
  const customer = await createPasswordlessCustomer(payload, { email, source: 'admin', consent: { granted: true, at: new Date().toISOString(), wording: 'I agree to receive marketing emails' } })
  await payload.update({ collection: 'customers', id: customer.id, data: { password, hasPassword: true }, overrideAccess: true })
  const token = await createSession(payload, customer.id, {})
  const other = await createSession(payload, customer.id, {})
  const paid = await callRoute(purchaseRoute, {
    path: '/api/veilgate/purchase/url-with-email/',
    body: { email, receiveMarketingEmails: true, plan: 'vpn-1y', paymentMethod: 'card', country: 'DE', locale: 'en', cardToken: await sandboxCardToken() },
    headers: { 'idempotency-key': `deletion-${email}`, 'x-auth-token': token },
  })
  expect(paid.body.status).toBe('paid')
  await payload.create({ collection: 'devices', data: { customer: customer.id, name: 'Laptop', platform: 'linux', addedAt: new Date().toISOString() }, overrideAccess: true })
  // The receipt is in the outbox before anything is deleted.
  expect(await mailTo(payload, email, 'receipt')).toHaveLength(1)
  return { customer, token, other, email }
}

const outboxTo = async (to: string) => (await payload.count({ collection: 'outbox', where: { to: { equals: to } }, overrideAccess: true })).totalDocs
const remove = (token: string | null, body: unknown) => callRoute(deleteRoute, { path: '/api/veilgate/account/delete/', headers: token ? { 'x-auth-token': token } : {}, body })
const overview = (token: string) => callRoute(overviewRoute, { path: '/api/veilgate/account/overview/', headers: { 'x-auth-token': token } })

/** Everything deletion touches, to compare before and after. */
async function snapshot(customerId: number, email: string) {
  const [customer] = await query(payload, `select email, has_password, marketing_consent, deleted_at from customers where id = $1`, [customerId])
  return {
    customer,
    renewing: await query(payload, `select id, auto_renew, next_renewal_at from subscriptions where customer_id = $1 order by id`, [customerId]),
    sessions: await query(payload, `select id, revoked_at from customer_sessions where customer_id = $1 order by id`, [customerId]),
    tokens: await query(payload, `select id, used_at from customer_tokens where customer_id = $1 order by id`, [customerId]),
    devices: await query(payload, `select id from devices where customer_id = $1`, [customerId]),
    outbox: await outboxTo(email),
    orders: await query(payload, `select id, email, total, country from orders where customer_id = $1 order by id`, [customerId]),
  }
}

describe('POST /api/veilgate/account/delete/', () => {
  it('needs the session and the right password; a refusal changes nothing', async () => {
    const a = await buyer()
    const before = await snapshot(a.customer.id, a.email)
    expect(await remove(null, { password })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    expect(await remove(a.token, { password: 'Wrong-password-00' })).toMatchObject({ status: 401, body: { code: 'INVALID_USERNAME_OR_PASSWORD' } })
    expect(await remove(a.token, { email: a.email })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'email' } })
    expect((await remove(a.token, {})).status).toBe(400)
    expect(await snapshot(a.customer.id, a.email)).toEqual(before)
  })

  it('anonymizes the account in one go: sessions, tokens, devices, consent and messages gone, renewals off, orders kept', async () => {
    const a = await buyer()
    const before = await snapshot(a.customer.id, a.email)
    expect(before.orders).toHaveLength(1)
    expect(before.outbox).toBeGreaterThan(0)
    expect(await remove(a.token, { password })).toMatchObject({ status: 200, body: { deleted: true } })

    expect((await overview(a.token)).status).toBe(401)
    expect((await overview(a.other)).status).toBe(401)
    const after = await snapshot(a.customer.id, a.email)
    expect(after.customer).toMatchObject({ has_password: false, marketing_consent: false, deleted_at: expect.any(Date) })
    expect(String(after.customer!.email)).toMatch(/^deleted-\d+-[0-9a-f]{12}@deleted\.invalid$/)
    expect(after.renewing.every((row) => row.auto_renew === false && row.next_renewal_at === null)).toBe(true)
    expect(after.sessions.every((row) => row.revoked_at)).toBe(true)
    expect(after.tokens.every((row) => row.used_at)).toBe(true)
    expect(after.devices).toEqual([])
    expect(after.outbox).toBe(0)
    // The order stays, with its amounts and country, under the anonymous address.
    expect(after.orders).toEqual([{ ...before.orders[0], email: after.customer!.email }])
    const attempts = await query(payload, `select brand, last4 from payment_attempts where order_id = $1`, [before.orders[0]!.id])
    expect(attempts).toEqual([{ brand: 'visa', last4: '4242' }])
    const stored = await payload.findByID({ collection: 'customers', id: a.customer.id, overrideAccess: true })
    const years = (new Date(stored.retainUntil!).getTime() - new Date(stored.deletedAt!).getTime()) / (365.25 * 86_400_000)
    expect(Math.round(years)).toBe(10)
    expect(stored.marketingConsentWording ?? null).toBeNull()

    // After the commit, a job tells the provider not to charge the saved card again, once.
    const [renewal] = await query<{ id: number; provider_ref: string }>(payload, `select id, provider_ref from subscriptions where customer_id = $1`, [a.customer.id])
    const jobs = await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'cancelRenewals' } }, limit: 100, overrideAccess: true })
    expect(jobs.docs.some((job) => JSON.stringify(job.input).includes(renewal!.provider_ref))).toBe(true)
    await payload.jobs.run({ queue: 'default', limit: 50, silent: true })
    const [revoked] = await query<{ saved_card_revoked_at: Date | null }>(payload, `select saved_card_revoked_at from payment_attempts where provider_ref = $1`, [renewal!.provider_ref])
    expect(revoked!.saved_card_revoked_at).toBeInstanceOf(Date)

    // The address can no longer sign in, and can register again as a new account.
    expect((await callRoute(loginRoute, { path: '/api/veilgate/auth/login/', body: { username: a.email, password } })).status).toBe(401)
    const again = await callRoute(registerRoute, { path: '/api/veilgate/auth/register/', body: { username: a.email, password, confirmPassword: password, terms: true, ...(await humanCheck()) } })
    expect(again.status).toBe(201)
    expect((await overview(String(again.body.token))).body).toMatchObject({ subscriptions: [] })
  })

  it('keeps the anonymous records until retainUntil, then purges them all once, leaving other customers alone', async () => {
    const a = await buyer()
    const b = await buyer()
    const bonus = await payload.create({ collection: 'bonus-codes', data: { code: `VG-PURGE${++run}`, effect: 'percent', value: 10, active: true, owner: a.customer.id } as never, overrideAccess: true })
    expect(await remove(a.token, { password })).toMatchObject({ status: 200 })
    const orderIds = (await query<{ id: number }>(payload, `select id from orders where customer_id = $1`, [a.customer.id])).map((row) => row.id)
    expect(orderIds).toHaveLength(1)
    const { purgeRetained } = await import('@/services/account/retention')
    const stored = await payload.findByID({ collection: 'customers', id: a.customer.id, overrideAccess: true })
    const until = new Date(stored.retainUntil!)
    // A day before the end of retention: nothing goes.
    await purgeRetained(payload, new Date(until.getTime() - 86_400_000))
    expect(await query(payload, `select id from customers where id = $1`, [a.customer.id])).toHaveLength(1)
    // After it, two sweeps at once purge the account once.
    const after = new Date(until.getTime() + 1000)
    const counts = await Promise.all([purgeRetained(payload, after), purgeRetained(payload, after)])
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1)
    for (const [table, column, id] of [
      ['customers', 'id', a.customer.id],
      ['orders', 'customer_id', a.customer.id],
      ['subscriptions', 'customer_id', a.customer.id],
      ['customer_sessions', 'customer_id', a.customer.id],
      ['customer_tokens', 'customer_id', a.customer.id],
      ['payment_attempts', 'order_id', orderIds[0]],
      ['orders_lines', '_parent_id', orderIds[0]],
    ] as const) {
      expect(await query(payload, `select 1 from ${table} where ${column} = $1`, [id]), table).toHaveLength(0)
    }
    expect(await payload.findByID({ collection: 'bonus-codes', id: bonus.id, overrideAccess: true })).toMatchObject({ owner: null, active: false })
    // The other buyer keeps everything.
    expect(await query(payload, `select id from orders where customer_id = $1`, [b.customer.id])).toHaveLength(1)
    expect((await overview(b.token)).body).toMatchObject({ subscriptions: [expect.anything()] })
  })

  it('changes nothing when it fails half-way, at any step', async () => {
    const a = await buyer()
    const before = await snapshot(a.customer.id, a.email)
    const customer = await payload.findByID({ collection: 'customers', id: a.customer.id, overrideAccess: true })
    for (const failAt of ['sessions', 'tokens', 'devices', 'outbox', 'orders', 'customer'] as DeletionStep[]) {
      await expect(deleteAccount(payload, customer, { password }, { failAt }), failAt).rejects.toThrow(/test/)
      expect(await snapshot(a.customer.id, a.email), failAt).toEqual(before)
    }
    expect((await overview(a.token)).status).toBe(200)
  })

  it('lets an account without a password confirm by typing its address exactly', async () => {
    const email = `deletion-nopass-${Date.now()}@example.com`
    const customer = await createPasswordlessCustomer(payload, { email, source: 'checkout' })
    const token = await createSession(payload, customer.id, {})
    expect(await remove(token, { password: 'anything-at-all' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'email' } })
    expect(await remove(token, { email: `other-${email}` })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'email' } })
    expect(await remove(token, { email })).toMatchObject({ status: 200, body: { deleted: true } })
    expect((await payload.findByID({ collection: 'customers', id: customer.id, overrideAccess: true })).email).toMatch(/@deleted\.invalid$/)
  })
})
