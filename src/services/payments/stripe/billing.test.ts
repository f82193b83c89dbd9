// Unit tests of Stripe Billing's request building: items, one-time lines, the first-period difference, keys and metadata; and which orders are billed so.
import { describe, expect, it } from 'vitest'
import { extraDaysOf, plainFirstPeriod, trialDaysOf } from '@/services/orders/billing'
import { addPeriod } from '@/services/catalog/pricing'
import { firstInvoiceDifference, type BillingPlan } from '@/services/payments/provider'
import { scheduleParams, subscriptionOfRef, subscriptionParams, subscriptionRef } from './billing'

const plan = (overrides: Partial<BillingPlan> = {}): BillingPlan => ({
  customer: { ref: 'cus_1', key: 'customer:7', email: 'a@example.com' },
  recurring: [
    { purchaseId: 'vpn-1y', name: '1 year', kind: 'plan', amount: 7188, priceRef: null, productRef: 'prod_plan', region: null },
    { purchaseId: 'server-10tb', name: 'Server', kind: 'add-on', amount: 4999, priceRef: 'price_server', productRef: null, region: 'de-frankfurt' },
  ],
  oneTime: [],
  period: { type: 'year', count: 1 },
  firstTotal: 7188 + 4999,
  bonusCode: null,
  subscriptionRef: null,
  remember: async () => undefined,
  ...overrides,
})

describe('a subscription’s create parameters', () => {
  it('bills recurring lines at their renewal prices, by price_data or the editor’s price, with our ids', () => {
    const params = subscriptionParams({ plan: plan(), customer: 'cus_1', paymentMethod: 'pm_1', products: { 'vpn-1y': 'prod_plan' }, coupon: null, orderId: 12, hash: 'h'.repeat(22) })
    expect(params).toEqual({
      customer: 'cus_1',
      items: [
        { price_data: { currency: 'usd', product: 'prod_plan', unit_amount: 7188, recurring: { interval: 'year', interval_count: 1 } }, metadata: { purchaseId: 'vpn-1y', kind: 'plan' } },
        { price: 'price_server', metadata: { purchaseId: 'server-10tb', kind: 'add-on', region: 'de-frankfurt' } },
      ],
      default_payment_method: 'pm_1',
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
      metadata: { orderId: '12', orderHash: 'h'.repeat(22) },
      expand: ['latest_invoice.confirmation_secret', 'default_payment_method', 'pending_setup_intent'],
    })
  })

  it('puts one-time lines and a first-period surcharge on the first invoice, a discount in the coupon', () => {
    const oneTime = [{ purchaseId: 'ip-once', name: 'IP', kind: 'add-on' as const, amount: 1500, priceRef: null, productRef: 'prod_ip', region: null }]
    const surcharge = plan({ oneTime, firstTotal: 7188 + 4999 + 1500 + 300 })
    expect(firstInvoiceDifference(surcharge)).toBe(300)
    const params = subscriptionParams({ plan: surcharge, customer: 'cus_1', paymentMethod: 'pm_1', products: { 'vpn-1y': 'prod_plan', 'ip-once': 'prod_ip' }, coupon: null, orderId: 12, hash: 'h'.repeat(22) })
    expect(params.add_invoice_items).toEqual([
      { price_data: { currency: 'usd', product: 'prod_ip', unit_amount: 1500 }, metadata: { purchaseId: 'ip-once', kind: 'add-on' } },
      { price_data: { currency: 'usd', product: 'prod_plan', unit_amount: 300 }, metadata: { purchaseId: 'vpn-1y', kind: 'first-period' } },
    ])
    const discounted = plan({ firstTotal: 7188 + 4999 - 719, bonusCode: 'WELCOME10' })
    expect(firstInvoiceDifference(discounted)).toBe(-719)
    expect(subscriptionParams({ plan: discounted, customer: 'cus_1', paymentMethod: 'pm_1', products: { 'vpn-1y': 'prod_plan' }, coupon: 'cpn_1', orderId: 12, hash: 'h'.repeat(22) })).toMatchObject({ discounts: [{ coupon: 'cpn_1' }] })
  })

  it('bills a longer first period as two phases: first prices once for its months, then renewal prices', () => {
    const first = plan().recurring.map((item) => ({ ...item, amount: item.amount - 1000 }))
    const longer = plan({ firstPhase: { period: { type: 'month', count: 15 }, items: first }, period: { type: 'month', count: 12 }, firstTotal: 7188 + 4999 - 2000 })
    const params = scheduleParams({ plan: { ...longer, firstPhase: longer.firstPhase! }, customer: 'cus_1', paymentMethod: 'pm_1', products: { 'vpn-1y': 'prod_plan', 'server-10tb': 'prod_server' }, coupon: null, orderId: 12, hash: 'h'.repeat(22) })
    expect(params).toMatchObject({ customer: 'cus_1', start_date: 'now', end_behavior: 'release', default_settings: { default_payment_method: 'pm_1', collection_method: 'charge_automatically' }, metadata: { orderId: '12' } })
    const [one, two] = params.phases!
    expect(one!.duration).toEqual({ interval: 'month', interval_count: 15 })
    // The editor's Stripe price is for the renewal period: the longer first phase is priced here.
    expect(one!.items.map((item) => [item.price, item.price_data?.unit_amount, item.price_data?.recurring])).toEqual([
      [undefined, 6188, { interval: 'month', interval_count: 15 }],
      [undefined, 3999, { interval: 'month', interval_count: 15 }],
    ])
    expect(two!.items.map((item) => [item.price, item.price_data?.unit_amount])).toEqual([
      [undefined, 7188],
      ['price_server', undefined],
    ])
    expect(two!.duration).toBeUndefined()
  })

  it('names each attempt on one subscription apart', () => {
    expect([subscriptionRef('sub_1', 1), subscriptionRef('sub_1', 3)]).toEqual(['sub_1', 'sub_1/3'])
    expect([subscriptionOfRef('sub_1'), subscriptionOfRef('sub_1/3')]).toEqual(['sub_1', 'sub_1'])
  })
})

describe('which auto-renewing orders Stripe Billing takes now', () => {
  const createdAt = '2026-03-01T10:00:00.000Z'
  const year = { type: 'year', count: 1 } as const
  it('those whose first period is one renewal period: not a trial, a longer first period or extra days', () => {
    const end = addPeriod(new Date(createdAt), year).toISOString()
    expect(plainFirstPeriod({ createdAt, quote: { periodEndsAt: end, trialEndsAt: null, renewal: { cost: 7188, at: end, period: year } } })).toEqual(year)
    const days = new Date(new Date(end).getTime() + 7 * 86_400_000).toISOString()
    expect(plainFirstPeriod({ createdAt, quote: { periodEndsAt: days, trialEndsAt: null, renewal: { cost: 7188, at: days, period: year } } })).toBeNull()
    expect(plainFirstPeriod({ createdAt, quote: { periodEndsAt: end, trialEndsAt: '2026-03-08T10:00:00.000Z', renewal: { cost: 7188, at: end, period: year } } })).toBeNull()
    expect(plainFirstPeriod({ createdAt, quote: { periodEndsAt: null, trialEndsAt: null, renewal: null } })).toBeNull()
  })

  it('reads a trial’s days and a bonus code’s extra days from the quote', () => {
    const end = addPeriod(new Date(createdAt), year).toISOString()
    const week = new Date(new Date(createdAt).getTime() + 7 * 86_400_000).toISOString()
    expect(trialDaysOf({ createdAt, quote: { periodEndsAt: week, trialEndsAt: week, renewal: { cost: 499, at: week, period: year } } })).toBe(7)
    expect(trialDaysOf({ createdAt, quote: { periodEndsAt: end, trialEndsAt: null, renewal: { cost: 7188, at: end, period: year } } })).toBeNull()
    const later = new Date(new Date(end).getTime() + 7 * 86_400_000).toISOString()
    expect(extraDaysOf({ createdAt, quote: { periodEndsAt: later, trialEndsAt: null, renewal: { cost: 7188, at: later, period: year } } })).toBe(7)
    expect(extraDaysOf({ createdAt, quote: { periodEndsAt: end, trialEndsAt: null, renewal: { cost: 7188, at: end, period: year } } })).toBeNull()
  })
})
