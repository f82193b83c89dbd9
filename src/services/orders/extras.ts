// Extras for a subscription that runs: device slots, a personal server or a static IP added to
// what a customer owns, priced to the period's end (`prorate()`), bought with `attachTo` and
// appended to the subscription when paid.
import type { Payload, PayloadRequest } from 'payload'
import { z } from 'zod'
import { apiError } from '@/lib/http'
import type { AddOn, Order, PricePlan, Subscription } from '@/payload-types'
import { toQuoteAddOn, toQuotePlan } from '@/services/catalog/catalog'
import { subscriptionAddOns } from '@/services/catalog/lines'
import { prorate, type Quote, type QuoteLine } from '@/services/catalog/pricing'
import { inTransaction, sql } from '@/services/db'
import type { Run } from '@/services/subscriptions/subscriptions'
import { autoRenewLocked, billedByStripe } from '@/services/subscriptions/renewal-rules'
import { live } from '@/services/subscriptions/states'
import { transition } from '@/services/subscriptions/subscriptions'
import { chooseAddOns, selectionFields } from './add-on-choice'

/** A subscription's id as the browser sends it: a number, or its digits. */
export const subscriptionId = z.union([z.number().int().positive().max(2 ** 31 - 1), z.string().regex(/^[1-9]\d{0,9}$/).transform(Number)], { error: 'INVALID_INPUT' })

/** The extras a customer may add: slots (1, 5, 10), and at most one of a personal server (tier and location) or a static IP (location). */
export const extrasFields = { slots: selectionFields.slots, server: selectionFields.server, region: selectionFields.region, ipRegion: selectionFields.ipRegion }

/** `POST check-upgrade-possibility/`: the subscription and the extras wanted (none: whether it can take any). */
export const extrasBody = z
  .object({ subscription: subscriptionId, ...extrasFields })
  .refine((body) => !(body.region && body.ipRegion), { message: 'INVALID_INPUT', path: ['ipRegion'] })
  .refine((body) => Boolean(body.server) === Boolean(body.region), { message: 'INVALID_INPUT', path: ['region'] })
export type ExtrasInput = z.infer<typeof extrasBody>

/** Why a subscription cannot take extras now. */
export type ExtrasRefusal = 'ended' | 'trial' | 'renewing' | 'not-available' | 'owned'

export type ExtraLine = { id: string; kind: AddOn['kind']; amount: number; renewalAmount: number | null; region: string | null }

export type ExtrasQuote =
  | { possible: true; subscription: Subscription; plan: PricePlan; lines: ExtraLine[]; total: number; periodEnd: string }
  | { possible: false; reason: ExtrasRefusal }

/** The customer's own subscription, or 404 NOT_FOUND (another customer's is not told apart from none). */
export async function ownedSubscription(payload: Payload, customerId: number, id: number, field = 'subscription'): Promise<Subscription> {
  const found = await payload.find({ collection: 'subscriptions', where: { and: [{ id: { equals: id } }, { customer: { equals: customerId } }] }, limit: 1, depth: 0, overrideAccess: true })
  const subscription = found.docs[0]
  if (!subscription) throw apiError('NOT_FOUND', field)
  return subscription
}

/** Whether a subscription can take extras at `at`, before looking at which. */
export function extrasRefusal(subscription: Subscription, at: Date): ExtrasRefusal | null {
  if (!live.includes(subscription.status) || subscription.status === 'past_due' || new Date(subscription.currentPeriodEnd).getTime() <= at.getTime()) return 'ended'
  if (subscription.status === 'trialing' || (subscription.trialEndsAt && new Date(subscription.trialEndsAt).getTime() > at.getTime())) return 'trial'
  // Within the 24-hour lock its renewal order is open (or about to be) at the old amount.
  if (autoRenewLocked(subscription, at)) return 'renewing'
  // Stripe Billing renews it at the price of its Stripe subscription, which knows no extras.
  if (billedByStripe(subscription.providerRef)) return 'not-available'
  return null
}

/** The plan a subscription was bought on, as stored (one no longer on sale too). */
async function storedPlan(payload: Payload, purchaseId: string): Promise<PricePlan | null> {
  const found = await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: purchaseId } }, depth: 0, limit: 1, overrideAccess: true })
  return found.docs[0] ?? null
}

/**
 * What the extras would cost on this subscription now, priced on the server: each add-on for the
 * days left of the current period, renewing with the plan from the next one. Not possible: why.
 */
export async function quoteExtras(payload: Payload, subscription: Subscription, input: Omit<ExtrasInput, 'subscription'>, at: Date): Promise<ExtrasQuote> {
  const refused = extrasRefusal(subscription, at)
  if (refused) return { possible: false, reason: refused }
  const plan = await storedPlan(payload, subscription.plan)
  if (!plan) return { possible: false, reason: 'not-available' }
  const quotePlan = toQuotePlan(plan)
  const lines: ExtraLine[] = []
  for (const found of await chooseAddOns(payload, quotePlan, input)) {
    if (!found.addOn) return { possible: false, reason: 'not-available' }
    const kind = found.addOn.kind
    const held = (subscription.addOns ?? []).some((line) => line.kind === kind && (kind === 'personal-server' ? line.region === found.region : kind === 'static-ip' ? line.ipRegion === found.region : false))
    if (held) return { possible: false, reason: 'owned' }
    const price = prorate({ plan: quotePlan, addOn: toQuoteAddOn(found.addOn), periodStart: new Date(subscription.currentPeriodStart), periodEnd: new Date(subscription.currentPeriodEnd), now: at })
    if (!price) return { possible: false, reason: 'not-available' }
    lines.push({ id: found.addOn.purchaseId, kind, amount: price.amount, renewalAmount: price.renewalAmount, region: found.region })
  }
  return { possible: true, subscription, plan, lines, total: lines.reduce((sum, line) => sum + line.amount, 0), periodEnd: subscription.currentPeriodEnd }
}

/** The quote an extras order keeps (the pricing module's shape: no renewal of its own, the subscription's period end). */
export function extrasOrderQuote(quoted: Extract<ExtrasQuote, { possible: true }>): Quote & { attachTo: number } {
  const lines: QuoteLine[] = quoted.lines.map((line) => ({ id: line.id, kind: 'add-on', amount: line.amount, renewalAmount: line.renewalAmount }))
  return {
    lines,
    subtotal: quoted.total,
    discount: 0,
    total: quoted.total,
    perMonth: null,
    savingPercent: null,
    renewal: null,
    trialEndsAt: null,
    periodEndsAt: quoted.periodEnd,
    autoRenew: false,
    attachTo: quoted.subscription.id,
  }
}

/**
 * A paid extras order's add-ons appended to its subscription, once: in one transaction the order
 * is claimed (`attachedAt`, compare-and-set), the subscription row locked, the lines appended
 * (locations and renewal amounts kept, the end date unchanged) and the next renewal's amount
 * raised by their renewal amounts in the same compare-and-set as the subscription's version.
 * A subscription that ended meanwhile gets nothing: the order is marked `notAttached`, for a refund.
 * Answers whether this call attached them.
 */
export async function attachExtras(payload: Payload, order: Order, at: Date): Promise<boolean> {
  const subscriptionId = typeof order.attachTo === 'object' && order.attachTo ? order.attachTo.id : order.attachTo
  if (!subscriptionId) return false
  return inTransaction(payload, async ({ req, run }) => {
    const claimed = await run(sql`update orders set attached_at = ${at.toISOString()} where id = ${order.id} and attached_at is null returning id`)
    if (!claimed.length) return false
    const [locked] = await run<{ id: number; base: number | null }>(sql`
      select s.id, (o.quote -> 'renewal' ->> 'cost')::int as base
        from subscriptions s left join orders o on o.id = s.order_id
       where s.id = ${subscriptionId} for update of s`)
    const added = subscriptionAddOns(order.lines ?? [])
    const raise = added.reduce((sum, line) => sum + (line.renewalAmount ?? 0), 0)
    // Only a subscription still active and running; its renewal amount (the first order's renewal
    // price where none is stored yet) raised in the same compare-and-set.
    const attached =
      Boolean(locked) &&
      (await transition(payload, subscriptionId, ['active'], null, raise ? { nextRenewalAmount: { add: raise, base: locked!.base } } : {}, { at, where: { endsAfter: at }, run }))
    if (!attached) {
      await run(sql`update orders set not_attached = true where id = ${order.id}`)
      return false
    }
    const current = await payload.findByID({ collection: 'subscriptions', id: subscriptionId, depth: 0, overrideAccess: true, req: req as PayloadRequest })
    await payload.update({ collection: 'subscriptions', id: subscriptionId, data: { addOns: [...(current.addOns ?? []), ...added] }, overrideAccess: true, depth: 0, req: req as PayloadRequest })
    return true
  })
}

/**
 * A refunded extras order takes back what it added, inside the refund's transaction: one of each
 * of its add-ons (same kind and location) removed from the subscription, and the next renewal's
 * amount lowered by their renewal amounts in the subscription's compare-and-set. The subscription
 * itself runs on. Nothing when the order attached nothing.
 */
export async function detachExtras(payload: Payload, order: Order, at: Date, run: Run, req: Partial<PayloadRequest>): Promise<boolean> {
  const subscriptionId = typeof order.attachTo === 'object' && order.attachTo ? order.attachTo.id : order.attachTo
  if (!subscriptionId || !order.attachedAt || order.notAttached) return false
  const [locked] = await run<{ id: number; status: Subscription['status'] }>(sql`select id, status from subscriptions where id = ${subscriptionId} for update`)
  if (!locked) return false
  const current = await payload.findByID({ collection: 'subscriptions', id: subscriptionId, depth: 0, overrideAccess: true, req: req as PayloadRequest })
  const kept = [...(current.addOns ?? [])]
  let lower = 0
  for (const line of subscriptionAddOns(order.lines ?? [])) {
    const index = kept.findIndex((held) => held.purchaseId === line.purchaseId && (held.region ?? null) === line.region && (held.ipRegion ?? null) === line.ipRegion)
    if (index === -1) continue
    kept.splice(index, 1)
    lower += line.renewalAmount ?? 0
  }
  if (lower) await transition(payload, subscriptionId, [locked.status], null, { nextRenewalAmount: { add: -lower, base: null } }, { at, run })
  await payload.update({ collection: 'subscriptions', id: subscriptionId, data: { addOns: kept }, overrideAccess: true, depth: 0, req: req as PayloadRequest })
  return true
}
