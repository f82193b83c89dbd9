// POST /api/veilgate/sales/trial-accrual/: a free trial without a payment method, once per account.
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as overviewRoute } from '@/app/api/veilgate/account/overview/route'
import { POST as autoRenewRoute } from '@/app/api/veilgate/account/subscriptions/[id]/auto-renew/route'
import { POST as trialRoute } from '@/app/api/veilgate/sales/trial-accrual/route'
import { now, setClockOffset } from '@/lib/clock'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { runRenewals } from '@/services/subscriptions/renewals'
import { callRoute } from '../support/routes'
import { resetSandboxClock } from '../support/sandbox-clock'

let payload: Payload
let accounts = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(() => resetSandboxClock(payload))

/** A signed-in customer who owns nothing. */
async function newcomer() {
  const email = `trial-${Date.now()}-${++accounts}@example.com`
  await createPasswordlessCustomer(payload, { email, source: 'admin' })
  const customer = (await payload.find({ collection: 'customers', where: { email: { equals: email } }, depth: 0, overrideAccess: true })).docs[0]!
  return { customer, token: await createSession(payload, customer.id, {}) }
}

const as = (token: string | null): Record<string, string> => (token ? { 'x-auth-token': token } : {})
const start = (token: string | null, body: unknown, header = 'x-auth-token') => callRoute(trialRoute, { path: '/api/veilgate/sales/trial-accrual/', headers: token ? { [header]: token } : {}, body })
const overview = (token: string) => callRoute(overviewRoute, { path: '/api/veilgate/account/overview/', headers: as(token), query: { locale: 'en' } })

describe('POST /api/veilgate/sales/trial-accrual/', () => {
  it('starts a 7-day free trial without a payment method, as the overview shows it, and offers it no more', async () => {
    const { token, customer } = await newcomer()
    expect((await overview(token)).body.trialOffer).toEqual({ plan: 'vpn-trial-7d' })
    const started = await start(token, { plan: 'vpn-trial-7d' })
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ status: 'trialing', autoRenew: false, renewBlocked: 'method', plan: { id: 'vpn-trial-7d' } })
    const days = (new Date(started.body.currentPeriodEnd as string).getTime() - now().getTime()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    const stored = (await payload.find({ collection: 'subscriptions', where: { customer: { equals: customer.id } }, depth: 0, overrideAccess: true })).docs
    expect(stored).toMatchObject([{ provider: 'trial', order: null, trialEndsAt: stored[0]!.currentPeriodEnd, nextRenewal: { amount: null } }])
    expect((await overview(token)).body).toMatchObject({ trialOffer: null, subscriptions: [{ status: 'trialing' }] })
    // It cannot be switched to renew: nothing to charge.
    const renew = await callRoute(autoRenewRoute, {
      path: `/api/veilgate/account/subscriptions/${stored[0]!.id}/auto-renew/`,
      headers: as(token),
      body: { enabled: true },
      params: { id: String(stored[0]!.id) },
    })
    expect(renew).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'enabled' } })
  })

  it('refuses a second trial, even two requests at once, with the catalogue message', async () => {
    const { token } = await newcomer()
    const both = await Promise.all([start(token, { plan: 'vpn-trial-7d' }), start(token, { plan: 'vpn-trial-7d' })])
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409])
    const again = await start(token, { plan: 'vpn-trial-1y', locale: 'de' })
    expect(again).toMatchObject({ status: 409, body: { statusCode: 409, code: 'TRIAL_ALREADY_USED', message: 'Sie haben Ihre kostenlose Testphase bereits genutzt.' } })
    expect((await start(token, { plan: 'vpn-trial-7d' })).body).toMatchObject({ message: 'You have already used your free trial.' })
  })

  it('answers a plan that is no trial, an unknown plan, malformed input and no session with their codes', async () => {
    const { token } = await newcomer()
    expect(await start(token, { plan: 'vpn-1m' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'plan' } })
    expect(await start(token, { plan: 'vpn-none' })).toMatchObject({ status: 404, body: { code: 'PLAN_NOT_FOUND' } })
    for (const body of [{}, { plan: 7 }, { plan: '' }, { plan: 'x'.repeat(65) }, [], 'plan'])
      expect(await start(token, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    expect(await start(null, { plan: 'vpn-trial-7d' })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    expect(await start('x'.repeat(43), { plan: 'vpn-trial-7d' })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    // The access token works as well as the auth token.
    expect((await start(token, { plan: 'vpn-trial-7d' }, 'x-access-token')).status).toBe(201)
  })

  it('ends when its days are over: expired by the renewal scan, nothing charged', async () => {
    const { token, customer } = await newcomer()
    const started = await start(token, { plan: 'vpn-trial-7d' })
    setClockOffset(new Date(started.body.currentPeriodEnd as string).getTime() + 60_000 - Date.now())
    await runRenewals(payload, now())
    const [trial] = (await payload.find({ collection: 'subscriptions', where: { customer: { equals: customer.id } }, depth: 0, overrideAccess: true })).docs
    expect(trial).toMatchObject({ status: 'expired', autoRenew: false })
    expect((await payload.count({ collection: 'orders', where: { customer: { equals: customer.id } }, overrideAccess: true })).totalDocs).toBe(0)
    // A customer whose trial ended is not offered another.
    expect((await overview(token)).body.trialOffer).toBeNull()
  })
})
