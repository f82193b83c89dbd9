// Referral rewards: a friend's paid order with a customer's referral code adds REFERRAL_REWARD_DAYS to the owner's subscription, once per order.
import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { rewardReferrer } from '@/services/account/redeem'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { referralCode } from '@/services/catalog/codes'
import { addPeriod } from '@/services/catalog/pricing'
import { query } from '@/services/db'
import { fulfil } from '@/services/orders/fulfil'
import { sandboxCardToken } from '../support/cards'
import { mailSentTo, mailTo } from '../support/mail'
import { callRoute } from '../support/routes'

const DAY = 86_400_000
let payload: Payload
let run = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

const newAddress = (prefix: string) => `${prefix}-${Date.now()}-${++run}@example.com`

async function buy(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callRoute(purchaseRoute, {
    path: '/api/veilgate/purchase/url-with-email/',
    body: { receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', country: 'DE', locale: 'en', cardToken: await sandboxCardToken(), ...body },
    headers: { 'idempotency-key': `referral-${Date.now()}-${++run}`, ...headers },
  })
}
const customerOf = async (email: string) => (await payload.find({ collection: 'customers', where: { email: { equals: email } }, depth: 0, overrideAccess: true })).docs[0]!
const subscriptionsOf = async (customerId: number) => (await payload.find({ collection: 'subscriptions', where: { customer: { equals: customerId } }, sort: 'createdAt', depth: 0, overrideAccess: true })).docs
const rewardsOf = async (customerId: number) => (await payload.find({ collection: 'code-redemptions', where: { and: [{ customer: { equals: customerId } }, { kind: { equals: 'referral' } }] }, sort: 'createdAt', depth: 0, overrideAccess: true })).docs
const orderOf = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!

/** A customer with a paid yearly plan, and their referral code. */
async function owner() {
  const email = newAddress('referrer')
  expect((await buy({ email, plan: 'vpn-1y' })).body.status).toBe('paid')
  const customer = await customerOf(email)
  return { email, customer, code: (await referralCode(payload, customer)).code }
}

describe('referral rewards', () => {
  it('adds 30 days to the owner’s subscription for each friend’s paid order, once each, with an e-mail', async () => {
    const { email, customer, code } = await owner()
    const [subscription] = await subscriptionsOf(customer.id)
    const end = new Date(subscription!.currentPeriodEnd).getTime()

    const friend = await buy({ email: newAddress('friend'), bonusCode: code })
    expect(friend.body.status).toBe('paid')
    const order = await orderOf(friend.body.hash)
    expect(order).toMatchObject({ bonusCode: code, referralRewardedAt: expect.any(String) })
    const rewarded = (await subscriptionsOf(customer.id))[0]!
    expect(new Date(rewarded.currentPeriodEnd).getTime()).toBe(end + 30 * DAY)
    // The renewal moves with the period.
    expect(new Date(rewarded.nextRenewal!.at!).getTime()).toBe(end + 30 * DAY)
    expect((await rewardsOf(customer.id)).map((row) => [row.code, row.days, row.order, row.subscription])).toEqual([[code, 30, order.id, subscription!.id]])
    const [mail, ...more] = await mailTo(payload, email, 'referral-reward')
    expect(more).toEqual([])
    expect(mail!.subject).toBe('30 days added: a friend joined Veilgate')

    // Fulfilment again (a crash before `fulfilledAt`, the sweeper), and the reward asked again: nothing more.
    await query(payload, `update orders set fulfilled_at = null where id = $1`, [order.id])
    expect(await fulfil(payload, order.id, new Date())).toBe(true)
    expect(await rewardReferrer(payload, order, Number(order.customer), new Date())).toBe(false)
    expect(await Promise.all([rewardReferrer(payload, { ...order, id: order.id }, Number(order.customer), new Date()), rewardReferrer(payload, order, Number(order.customer), new Date())])).toEqual([false, false])
    expect((await subscriptionsOf(customer.id))[0]!.currentPeriodEnd).toBe(rewarded.currentPeriodEnd)
    expect(await rewardsOf(customer.id)).toHaveLength(1)

    // A second friend: 30 days more.
    expect((await buy({ email: newAddress('friend'), bonusCode: code, plan: 'vpn-1y' })).body.status).toBe('paid')
    expect(new Date((await subscriptionsOf(customer.id))[0]!.currentPeriodEnd).getTime()).toBe(end + 60 * DAY)
    expect(await rewardsOf(customer.id)).toHaveLength(2)
    expect(await mailTo(payload, email, 'referral-reward')).toHaveLength(2)
  })

  it('refuses the owner’s own code by account and by address, and rewards nobody', async () => {
    const { email, customer, code } = await owner()
    const token = await createSession(payload, customer.id, {})
    expect((await buy({ email, bonusCode: code }, { 'x-auth-token': token })).body).toMatchObject({ statusCode: 400, code: 'USE_NEW_BONUS_CODE_ON_OWN_ACC', field: 'bonusCode' })
    // Not signed in, the same address in another case.
    expect((await buy({ email: email.toUpperCase(), bonusCode: code })).body).toMatchObject({ statusCode: 400, code: 'USE_NEW_BONUS_CODE_ON_OWN_ACC', field: 'bonusCode' })
    expect(await rewardsOf(customer.id)).toEqual([])
  })

  it('keeps the reward of an owner with nothing live and gives it with their next paid order', async () => {
    const email = newAddress('waiting-referrer')
    const customer = await createPasswordlessCustomer(payload, { email, source: 'admin' })
    const code = (await referralCode(payload, customer)).code
    const friend = await buy({ email: newAddress('friend'), bonusCode: code })
    expect(friend.body.status).toBe('paid')
    const order = await orderOf(friend.body.hash)
    expect((await rewardsOf(customer.id)).map((row) => [row.days, row.order, row.subscription ?? null])).toEqual([[30, order.id, null]])
    expect(await subscriptionsOf(customer.id)).toEqual([])
    expect(await mailSentTo(payload, email, 'referral-reward')).toEqual([])

    // The owner buys a month: its period ends a month and 30 days on.
    const token = await createSession(payload, customer.id, {})
    const bought = await buy({ email }, { 'x-auth-token': token })
    expect(bought.body.status).toBe('paid')
    const own = await orderOf(bought.body.hash)
    const [subscription] = await subscriptionsOf(customer.id)
    const monthEnd = addPeriod(new Date(own.paidAt!), { type: 'month', count: 1 })
    expect(new Date(subscription!.currentPeriodEnd).getTime()).toBe(monthEnd.getTime() + 30 * DAY)
    expect((await rewardsOf(customer.id)).map((row) => row.subscription)).toEqual([subscription!.id])
    expect(await mailTo(payload, email, 'referral-reward')).toHaveLength(1)
  })
})
