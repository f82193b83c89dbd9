import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { canTransition, subscriptionStatuses, type SubscriptionStatus } from '@/services/subscriptions/states'
import { transition } from '@/services/subscriptions/subscriptions'

let payload: Payload
let customer: number
const start = new Date('2026-11-01T00:00:00Z')
const end = new Date('2026-12-01T00:00:00Z')

beforeAll(async () => {
  payload = await getPayload({ config })
  customer = (await createPasswordlessCustomer(payload, { email: `subscriptions-${Date.now()}@example.com`, source: 'admin' })).id
})

async function subscription(status: SubscriptionStatus, extra: { lifetime?: boolean } = {}) {
  return payload.create({
    collection: 'subscriptions',
    overrideAccess: true,
    depth: 0,
    data: {
      customer,
      plan: 'vpn-1m',
      status,
      version: 0,
      lifetime: extra.lifetime ?? false,
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: end.toISOString(),
      autoRenew: true,
      nextRenewal: { amount: 1299, at: end.toISOString() },
      provider: 'sandbox',
    },
  })
}

const read = (id: number) => payload.findByID({ collection: 'subscriptions', id, depth: 0, overrideAccess: true })

describe('subscription transition() in PostgreSQL', () => {
  it('moves every allowed pair once, bumping version; a repeat of a move changes nothing', async () => {
    for (const from of subscriptionStatuses) {
      for (const to of subscriptionStatuses) {
        if (!canTransition(from, to) || from === to) continue
        const made = await subscription(from)
        const at = new Date('2026-11-20T00:00:00Z')
        expect(await transition(payload, made.id, [from], to, { autoRenew: false }, { at }), `${from} → ${to}`).toBe(true)
        expect(await transition(payload, made.id, [from], to, { autoRenew: false }, { at }), `${from} → ${to} again`).toBe(false)
        const stored = await read(made.id)
        expect(stored).toMatchObject({ status: to, autoRenew: false, version: 1 })
      }
    }
  })

  it('writes the changes and checks the conditions in the same update', async () => {
    const made = await subscription('active')
    const at = new Date('2026-11-20T00:00:00Z')
    const later = new Date('2027-01-01T00:00:00Z')
    expect(await transition(payload, made.id, ['active'], null, { autoRenew: false }, { at, where: { customer: customer + 1 } })).toBe(false)
    expect(await transition(payload, made.id, ['active'], null, { autoRenew: true }, { at, where: { endsAfter: later } })).toBe(false)
    expect(await transition(payload, made.id, ['active'], null, { currentPeriodEnd: later, nextRenewalAt: 'periodEnd', nextRenewalAmount: { ifEmpty: 1 } }, { at, where: { customer, renewable: true } })).toBe(true)
    expect(await read(made.id)).toMatchObject({ status: 'active', version: 1, currentPeriodEnd: later.toISOString(), nextRenewal: { at: later.toISOString(), amount: 1299 } })
    expect(await transition(payload, made.id, ['active'], null, { nextRenewalAt: null, nextRenewalAmount: null }, { at })).toBe(true)
    expect(await read(made.id)).toMatchObject({ version: 2, nextRenewal: { at: null, amount: null } })
  })

  it('leaves a lifetime subscription alone where renewal is the point', async () => {
    const made = await subscription('active', { lifetime: true })
    expect(await transition(payload, made.id, ['active'], null, { autoRenew: false }, { at: new Date(), where: { renewable: true } })).toBe(false)
    expect(await read(made.id)).toMatchObject({ version: 0, autoRenew: true })
  })
})
