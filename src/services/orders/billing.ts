// An auto-renewing order as a provider's subscription (Stripe Billing): its lines, prices, buyer and earlier subscription.
import type { Payload } from 'payload'
import type { Order } from '@/payload-types'
import { addPeriod, type Period } from '@/services/catalog/pricing'
import { findPlan } from '@/services/catalog/catalog'
import { idOf } from '@/services/catalog/codes'
import { query } from '@/services/db'
import type { BillingItem, BillingPlan } from '@/services/payments/provider'
import { renewalPeriodOf } from '@/services/subscriptions/renewal-rules'

type StoredQuote = { trialEndsAt?: string | null; periodEndsAt?: string | null; renewal?: { cost: number } | null }
const DAY_MS = 86_400_000

/** A free trial's days before the first charge (its own, and any a bonus code adds), or null when the order is no trial. */
export function trialDaysOf(order: Pick<Order, 'createdAt' | 'quote'>): number | null {
  const quote = (order.quote ?? {}) as StoredQuote
  if (!quote.trialEndsAt || !quote.periodEndsAt) return null
  const days = (new Date(quote.periodEndsAt).getTime() - new Date(order.createdAt).getTime()) / DAY_MS
  return Number.isInteger(days) && days > 0 ? days : null
}
type Line = { purchaseId: string; kind: 'plan' | 'add-on'; amount: number; renewalAmount?: number | null; region?: string | null }

/**
 * Whether the order's first period is one plain renewal period from when it was made: no trial, no
 * longer first period (15 then 12), no extra days from a bonus code. Those orders are what a
 * subscription with the renewal period bills from its first invoice on.
 */
export function plainFirstPeriod(order: Pick<Order, 'createdAt' | 'quote'>): Period | null {
  const quote = (order.quote ?? {}) as StoredQuote
  const period = renewalPeriodOf(order.quote)
  if (!period || quote.trialEndsAt || !quote.periodEndsAt) return null
  return addPeriod(new Date(order.createdAt), period).getTime() === new Date(quote.periodEndsAt).getTime() ? period : null
}

/** Whole days a bonus code added to one renewal period (the quote's period end after the plain one), else null. */
export function extraDaysOf(order: Pick<Order, 'createdAt' | 'quote'>): number | null {
  const quote = (order.quote ?? {}) as StoredQuote
  const period = renewalPeriodOf(order.quote)
  if (!period || quote.trialEndsAt || !quote.periodEndsAt) return null
  const days = (new Date(quote.periodEndsAt).getTime() - addPeriod(new Date(order.createdAt), period).getTime()) / DAY_MS
  return Number.isInteger(days) && days > 0 ? days : null
}

/** The plan's longer first period ("15 months, then every 12") when the order's first period is exactly it, else null. */
async function longerFirstPeriod(payload: Payload, order: Order): Promise<Period | null> {
  const quote = (order.quote ?? {}) as StoredQuote
  const plan = await findPlan(payload, order.plan)
  const months = plan?.firstPeriodMonths
  if (!months || !quote.periodEndsAt || quote.trialEndsAt) return null
  const first: Period = { type: 'month', count: months }
  return addPeriod(new Date(order.createdAt), first).getTime() === new Date(quote.periodEndsAt).getTime() ? first : null
}

/**
 * The order billed as a provider subscription, or null when it is not one (lifetime, not renewing,
 * first period with extra days not in whole days: those are one-off payments). A free trial is a
 * subscription whose first charge comes after its days; a longer first period is a schedule of two
 * phases; a bonus code's extra days push the second invoice back once the first is paid. Each line names its product, the
 * editor's provider price if set, and the product made before; the buyer's provider customer is
 * theirs if they have one, else the order's from an earlier attempt; an earlier attempt's
 * subscription is paid again instead of making another.
 */
export async function billingPlanFor(payload: Payload, order: Order, providerId: string): Promise<BillingPlan | null> {
  const trialDays = order.autoRenew && order.total === 0 ? trialDaysOf(order) : null
  const firstPeriod = order.autoRenew && !trialDays ? await longerFirstPeriod(payload, order) : null
  const extraDays = order.autoRenew && !trialDays && !firstPeriod && !plainFirstPeriod(order) ? extraDaysOf(order) : null
  const period = !order.autoRenew ? null : trialDays || firstPeriod || extraDays ? renewalPeriodOf(order.quote) : plainFirstPeriod(order)
  const renewalCost = ((order.quote ?? {}) as StoredQuote).renewal?.cost
  if (!period || (trialDays && !renewalCost)) return null
  const lines = (order.lines ?? []) as Line[]
  const planIds = lines.filter((line) => line.kind === 'plan').map((line) => line.purchaseId)
  const addOnIds = lines.filter((line) => line.kind === 'add-on').map((line) => line.purchaseId)
  const [plans, addOns] = await Promise.all([
    payload.find({ collection: 'price-plans', where: { purchaseId: { in: planIds } }, depth: 0, limit: planIds.length || 1, pagination: false, overrideAccess: true }),
    addOnIds.length ? payload.find({ collection: 'add-ons', where: { purchaseId: { in: addOnIds } }, depth: 0, limit: addOnIds.length, pagination: false, overrideAccess: true }) : { docs: [] },
  ])
  const docs = new Map<string, { title?: string | null; stripePriceId?: string | null; stripeProductId?: string | null }>([...plans.docs, ...addOns.docs].map((doc) => [doc.purchaseId, doc]))
  const item = (line: Line, amount: number): BillingItem => {
    const doc = docs.get(line.purchaseId)
    return {
      purchaseId: line.purchaseId,
      name: doc?.title || line.purchaseId,
      kind: line.kind,
      amount,
      priceRef: doc?.stripePriceId || null,
      productRef: doc?.stripeProductId || null,
      region: line.region ?? null,
    }
  }
  const customerId = idOf(order.customer)
  const customer = customerId ? await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true }).catch(() => null) : null
  const earlier = await query<{ provider_ref: string }>(
    payload,
    `select provider_ref from payment_attempts where order_id = $1 and provider_ref like $2 order by number desc limit 1`,
    [order.id, `${providerId}:sub\\_%`],
  )
  return {
    customer: {
      ref: customer?.stripeCustomerId || order.providerCustomer || null,
      // One provider customer per customer; an order whose buyer has no account yet gets its own, adopted by the account made when it is paid.
      key: customerId ? `customer:${customerId}` : `order:${order.id}:customer`,
      // None for an order bought with an account number: the provider's customer has no address then.
      email: order.email ?? null,
    },
    // A trial bills, after its days, the price of the plan it rolls into (the quote's renewal), on its plan's product.
    recurring: trialDays
      ? lines.filter((line) => line.kind === 'plan').map((line) => item(line, renewalCost!))
      : lines.filter((line) => line.renewalAmount !== null && line.renewalAmount !== undefined).map((line) => item(line, line.renewalAmount!)),
    oneTime: trialDays ? [] : lines.filter((line) => line.renewalAmount === null || line.renewalAmount === undefined).map((line) => item(line, line.amount)),
    period,
    ...(trialDays ? { trialDays } : {}),
    ...(extraDays ? { extraDays } : {}),
    // The longer first period bills the recurring lines at their first prices, once, for its months.
    ...(firstPeriod ? { firstPhase: { period: firstPeriod, items: lines.filter((line) => line.renewalAmount !== null && line.renewalAmount !== undefined).map((line) => item(line, line.amount)) } } : {}),
    firstTotal: order.total,
    bonusCode: order.bonusCode ?? null,
    subscriptionRef: earlier[0]?.provider_ref.slice(providerId.length + 1) ?? null,
    async remember(what) {
      if (what.kind === 'customer') {
        await query(payload, `update orders set provider_customer = $2 where id = $1`, [order.id, what.ref])
        if (customerId) await query(payload, `update customers set stripe_customer_id = $2 where id = $1 and stripe_customer_id is null`, [customerId, what.ref])
        return
      }
      const table = what.itemKind === 'plan' ? 'price_plans' : 'add_ons'
      await query(payload, `update ${table} set stripe_product_id = $2 where purchase_id = $1 and stripe_product_id is null`, [what.purchaseId, what.ref])
    },
  }
}
