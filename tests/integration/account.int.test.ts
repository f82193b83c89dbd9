import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as removeDeviceRoute } from '@/app/api/veilgate/account/devices/[id]/remove/route'
import { GET as receiptRoute } from '@/app/api/veilgate/account/orders/[hash]/route'
import { GET as ordersRoute } from '@/app/api/veilgate/account/orders/route'
import { GET as overviewRoute } from '@/app/api/veilgate/account/overview/route'
import { POST as autoRenewRoute } from '@/app/api/veilgate/account/subscriptions/[id]/auto-renew/route'
import { POST as cancelRoute } from '@/app/api/veilgate/account/subscriptions/[id]/cancel/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { createSession } from '@/services/auth/sessions'
import { sandboxCardToken } from '../support/cards'
import { callRoute } from '../support/routes'

let payload: Payload

beforeAll(async () => {
  payload = await getPayload({ config })
})


/** A customer who bought the 1-year plan with 5 slots and a static IP in Frankfurt, signed in. */
async function owner(email: string) {
  const paid = await callRoute(purchaseRoute, {
    path: '/api/veilgate/purchase/url-with-email/',
    body: { email, receiveMarketingEmails: false, plan: 'vpn-1y', slots: 5, ipRegion: 'de-frankfurt', paymentMethod: 'card', country: 'DE', locale: 'en', cardToken: await sandboxCardToken() },
    headers: { 'idempotency-key': `account-${email}` },
  })
  expect(paid.body.status).toBe('paid')
  const customer = (await payload.find({ collection: 'customers', where: { email: { equals: email } }, overrideAccess: true })).docs[0]!
  const token = await createSession(payload, customer.id, {})
  const subscription = (await payload.find({ collection: 'subscriptions', where: { customer: { equals: customer.id } }, depth: 0, overrideAccess: true })).docs[0]!
  const device = await payload.create({ collection: 'devices', data: { customer: customer.id, name: `${email.split('@')[0]}'s laptop`, platform: 'linux', addedAt: new Date().toISOString() }, overrideAccess: true })
  return { customer, token, subscription, device }
}

const as = (token: string | null): Record<string, string> => (token ? { 'x-auth-token': token } : {})
const overview = (token: string | null, locale = 'en') => callRoute(overviewRoute, { path: '/api/veilgate/account/overview/', headers: as(token), query: { locale } })
const autoRenew = (token: string | null, id: number | string, body: unknown) => callRoute(autoRenewRoute, { path: `/api/veilgate/account/subscriptions/${id}/auto-renew/`, headers: as(token), body, params: { id: String(id) } })
const cancel = (token: string | null, id: number | string) => callRoute(cancelRoute, { path: `/api/veilgate/account/subscriptions/${id}/cancel/`, headers: as(token), body: {}, params: { id: String(id) } })
const orders = (token: string | null) => callRoute(ordersRoute, { path: '/api/veilgate/account/orders/', headers: as(token) })
const receipt = (token: string | null, hash: string) => callRoute(receiptRoute, { path: `/api/veilgate/account/orders/${hash}/`, headers: as(token), params: { hash } })
const removeDevice = (token: string | null, id: number | string) => callRoute(removeDeviceRoute, { path: `/api/veilgate/account/devices/${id}/remove/`, headers: as(token), body: {}, params: { id: String(id) } })

describe('the account API', () => {
  let a: Awaited<ReturnType<typeof owner>>
  let b: Awaited<ReturnType<typeof owner>>

  beforeAll(async () => {
    a = await owner(`account-a-${Date.now()}@example.com`)
    b = await owner(`account-b-${Date.now()}@example.com`)
  })

  it('answers 401 EXPIRED_SESSION without a valid session, on every endpoint', async () => {
    for (const answer of [await overview(null), await overview('x'.repeat(43)), await autoRenew(null, a.subscription.id, { enabled: false }), await cancel(null, a.subscription.id), await removeDevice(null, a.device.id)]) {
      expect(answer).toMatchObject({ status: 401, body: { statusCode: 401, code: 'EXPIRED_SESSION' } })
    }
  })

  it('shows the owner what they own: the subscription with its card and renewal, slots, devices, the static IP, the downloads', async () => {
    const { status, body } = await overview(a.token, 'de')
    expect(status).toBe(200)
    expect(body.profile).toMatchObject({ email: a.customer.email })
    const [subscription, ...others] = body.subscriptions as Record<string, unknown>[]
    expect(others).toEqual([])
    expect(subscription).toMatchObject({ id: a.subscription.id, product: 'vpn', plan: { id: 'vpn-1y' }, status: 'active', autoRenew: true, renewBlocked: null, method: { kind: 'card', brand: 'visa', last4: '4242' }, renewal: { amount: 7188 + 2999 + 5988 } })
    expect(body.slots).toEqual({ included: 10, bought: 5, used: 1 })
    expect(body.devices).toEqual([expect.objectContaining({ id: a.device.id, platform: 'linux' })])
    expect(body.services).toEqual([expect.objectContaining({ kind: 'static-ip', ipRegion: { code: 'de-frankfurt', city: 'Frankfurt', countryCode: 'DE' } })])
    expect((body.downloads as { platform: string }[]).map((entry) => entry.platform)).toEqual(['ios', 'android', 'mac', 'windows', 'linux'])
  })

  it('reaches none of another customer’s subscriptions or devices: each answers 404, and nothing changes', async () => {
    expect(await autoRenew(a.token, b.subscription.id, { enabled: false })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    expect(await cancel(a.token, b.subscription.id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    expect(await removeDevice(a.token, b.device.id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    const theirs = await overview(b.token)
    expect(theirs.body.subscriptions).toEqual([expect.objectContaining({ status: 'active', autoRenew: true })])
    expect(theirs.body.devices).toEqual([expect.objectContaining({ id: b.device.id })])
    expect(JSON.stringify((await overview(a.token)).body)).not.toContain(b.customer.email)
  })

  it('refuses bad input with INVALID_INPUT or NOT_FOUND, never a 5xx', async () => {
    expect(await autoRenew(a.token, a.subscription.id, { enabled: 'yes' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    expect(await autoRenew(a.token, a.subscription.id, {})).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', '%00']) {
      expect((await autoRenew(a.token, id, { enabled: true })).status).toBe(404)
      expect((await cancel(a.token, id)).status).toBe(404)
      expect((await removeDevice(a.token, id)).status).toBe(404)
    }
  })

  it('switches renewal off and on, cancels once (keeping access to the period’s end), and then will not renew', async () => {
    const off = await autoRenew(a.token, a.subscription.id, { enabled: false })
    expect(off).toMatchObject({ status: 200, body: { autoRenew: false, renewal: null, status: 'active' } })
    const on = await autoRenew(a.token, a.subscription.id, { enabled: true })
    expect(on).toMatchObject({ status: 200, body: { autoRenew: true, renewal: { amount: 7188 + 2999 + 5988, at: a.subscription.currentPeriodEnd } } })
    const canceled = await cancel(a.token, a.subscription.id)
    expect(canceled).toMatchObject({ status: 200, body: { status: 'canceled', autoRenew: false, renewBlocked: 'ended', currentPeriodEnd: a.subscription.currentPeriodEnd } })
    expect((await cancel(a.token, a.subscription.id)).body).toEqual(canceled.body)
    expect(await autoRenew(a.token, a.subscription.id, { enabled: true })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'enabled' } })
    // Still giving access until its period ends: slots and the static IP remain.
    const { body } = await overview(a.token)
    expect(body.slots).toMatchObject({ included: 10, bought: 5 })
    expect(body.services).toHaveLength(1)
  })

  it('removes a device once', async () => {
    expect(await removeDevice(a.token, a.device.id)).toMatchObject({ status: 200, body: { removed: true } })
    expect(await removeDevice(a.token, a.device.id)).toMatchObject({ status: 404 })
    expect((await overview(a.token)).body.slots).toMatchObject({ used: 0 })
  })

  it('lists the owner’s orders and gives each one’s receipt; another customer’s order is a 404', async () => {
    expect(await orders(null)).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    const list = await orders(a.token)
    expect(list.status).toBe(200)
    const [order, ...more] = list.body as unknown as Record<string, unknown>[]
    expect(more).toEqual([])
    expect(order).toMatchObject({ status: 'paid', total: 7188 + 2999 + 5988, discount: 0, tax: 0, method: { kind: 'card', brand: 'Visa', last4: '4242' } })
    expect((order!.lines as { kind: string }[]).map((line) => line.kind)).toEqual(['plan', 'add-on', 'add-on'])
    const hash = String(order!.hash)
    expect(await receipt(a.token, hash)).toMatchObject({ status: 200, body: { hash, total: 16175, seller: { name: 'Veilgate', support: 'support@veilgate.com' } } })
    const theirs = String(((await orders(b.token)).body as unknown as { hash: string }[])[0]!.hash)
    expect(await receipt(a.token, theirs)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    expect(await receipt(null, hash)).toMatchObject({ status: 401 })
    for (const bad of ['x', '../../etc', 'A'.repeat(200), '%27%20or%201=1']) expect((await receipt(a.token, bad)).status).toBe(404)
  })
})
