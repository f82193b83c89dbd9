// Redeeming a gift or extra-days code for the signed-in customer: a new subscription or more time on one.
import type { Payload, PayloadRequest } from 'payload'
import { normaliseCode } from '@/collections/BonusCodes'
import { apiError } from '@/lib/http'
import type { AddOn, Customer, GiftCode, PricePlan, Subscription } from '@/payload-types'
import { checkBonusCode, idOf } from '@/services/catalog/codes'
import { subscriptionAddOn } from '@/services/catalog/lines'
import { addPeriod, isLifetimePlan } from '@/services/catalog/pricing'
import { LIFETIME_YEARS } from '@/services/orders/terms'
import { inTransaction, isUniqueViolation, sql } from '@/services/db'
import { extendable } from '@/services/subscriptions/states'
import { transition, type Run } from '@/services/subscriptions/subscriptions'

const DAY_MS = 86_400_000

export type Redemption = {
  code: string
  /** The plan a gift code gave (its purchase id), and the days it or an extra-days code added. */
  added: { plan?: string; days: number }
  subscription: { id: number; currentPeriodEnd: string }
}

type Target = { id: number; current_period_end: string | Date; next_renewal_at: string | Date | null }

const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS)

/**
 * The customer's subscription a code extends, locked for the rest of the transaction: one that
 * still gives access and has an end (not lifetime), on one of `plans` (purchase ids), the one
 * that runs longest. Two redemptions at once extend it one after the other, never from the same
 * old date.
 */
async function lockTarget(run: Run, customerId: number, plans: string[] | null, at: Date): Promise<Target | null> {
  const rows = await run<Target>(sql`
    select id, current_period_end, next_renewal_at from subscriptions
     where customer_id = ${customerId}
       and lifetime is not true
       and status <> 'expired'
       and current_period_end > ${at.toISOString()}
       ${plans ? sql`and plan in (${sql.join(plans.map((plan) => sql`${plan}`), sql`, `)})` : sql``}
     order by current_period_end desc, id
     limit 1
     for update`)
  return rows[0] ?? null
}

/** Moves the subscription's end (and a planned renewal with it) to `end`; the row is locked, so it cannot lose. */
async function extendTo(payload: Payload, run: Run, target: Target, end: Date, at: Date) {
  const moved = await transition(payload, target.id, extendable, null, { currentPeriodEnd: end, nextRenewalAt: target.next_renewal_at ? 'periodEnd' : null }, { at, run })
  if (!moved) throw new Error(`subscription ${target.id} changed while locked`)
}

async function record(
  payload: Payload,
  req: Partial<PayloadRequest>,
  data: { customer: number; code: string; kind: 'gift' | 'bonus'; plan?: string; days: number; subscription: number; redeemedAt: string },
) {
  try {
    await payload.create({ collection: 'code-redemptions', data, overrideAccess: true, depth: 0, req })
  } catch (error) {
    // The same customer redeemed the same code a moment ago: that one counts, this one does not.
    if (isUniqueViolation(error)) throw apiError('INVALID_BONUS_CODE', 'code')
    throw error
  }
}

async function redeemGift(payload: Payload, customer: Customer, gift: GiftCode, at: Date): Promise<Redemption> {
  const plan = typeof gift.plan === 'object' ? (gift.plan as PricePlan) : null
  if (gift.redeemedAt || gift.redeemedBy || !plan || (gift.validTo && new Date(gift.validTo) < at)) throw apiError('INVALID_BONUS_CODE', 'code')
  const addOns = (gift.addOns ?? []).filter((addOn): addOn is AddOn => typeof addOn === 'object' && addOn !== null)
  const period = { type: plan.periodType, count: plan.periodCount }
  const lifetime = isLifetimePlan(plan)
  // Plans of the same product: a VPN gift extends a VPN subscription, never a password manager's.
  const sameProduct = lifetime
    ? []
    : (await payload.find({ collection: 'price-plans', where: { product: { equals: plan.product } }, limit: 500, pagination: false, depth: 0, overrideAccess: true, select: { purchaseId: true } })).docs.map(
        (doc) => doc.purchaseId,
      )

  return inTransaction(payload, async ({ req, run }) => {
    // Compare-and-set: of two redemptions at once, only the first finds the code unredeemed.
    const claimed = await run(sql`
      update gift_codes set redeemed_at = ${at.toISOString()}, redeemed_by_id = ${customer.id}, updated_at = ${at.toISOString()}
       where id = ${gift.id} and redeemed_at is null and redeemed_by_id is null
         and (valid_to is null or valid_to >= ${at.toISOString()})
       returning id`)
    if (!claimed.length) throw apiError('INVALID_BONUS_CODE', 'code')

    const target = lifetime ? null : await lockTarget(run, customer.id, sameProduct, at)
    let subscription: { id: number; currentPeriodEnd: string }
    let days: number
    if (target) {
      const from = new Date(target.current_period_end)
      const end = addPeriod(from, period)
      await extendTo(payload, run, target, end, at)
      const current = await payload.findByID({ collection: 'subscriptions', id: target.id, depth: 0, overrideAccess: true, req })
      const owned = new Set((current.addOns ?? []).map((line) => line.purchaseId))
      const extra = addOns.filter((addOn) => !owned.has(addOn.purchaseId))
      if (extra.length) {
        await payload.update({
          collection: 'subscriptions',
          id: target.id,
          data: { addOns: [...(current.addOns ?? []), ...extra.map(addOnLine)] },
          overrideAccess: true,
          depth: 0,
          req,
        })
      }
      subscription = { id: target.id, currentPeriodEnd: end.toISOString() }
      days = daysBetween(from, end)
    } else {
      const end = lifetime ? addPeriod(at, { type: 'year', count: LIFETIME_YEARS }) : addPeriod(at, period)
      const data: Omit<Subscription, 'id' | 'createdAt' | 'updatedAt'> = {
        customer: customer.id,
        order: null,
        giftCode: gift.id,
        plan: plan.purchaseId,
        addOns: addOns.map(addOnLine),
        status: 'active',
        version: 0,
        lifetime,
        currentPeriodStart: at.toISOString(),
        currentPeriodEnd: end.toISOString(),
        trialEndsAt: null,
        autoRenew: false,
        nextRenewal: { amount: null, at: null },
        provider: 'gift',
        providerRef: null,
      }
      const created = await payload.create({ collection: 'subscriptions', data, overrideAccess: true, depth: 0, req })
      subscription = { id: created.id, currentPeriodEnd: created.currentPeriodEnd }
      days = daysBetween(at, end)
    }
    await record(payload, req, { customer: customer.id, code: gift.code!, kind: 'gift', plan: plan.purchaseId, days, subscription: subscription.id, redeemedAt: at.toISOString() })
    return { code: gift.code!, added: { plan: plan.purchaseId, days }, subscription }
  })
}

/** A gift's add-on: given, so nothing renews it; a gift names no location. */
const addOnLine = (addOn: AddOn) => subscriptionAddOn({ purchaseId: addOn.purchaseId, kind: addOn.kind, region: null })

async function redeemBonus(payload: Payload, customer: Customer, code: string, at: Date): Promise<Redemption> {
  const { bonus } = await checkBonusCode(payload, { code, customer, now: at })
  // Discounts belong to a purchase; only extra days can be added to what the customer owns.
  if (bonus.effect !== 'days') throw apiError('BAD_NEW_BONUS_CODE', 'code')
  const planIds = (bonus.plans ?? []).map((plan) => idOf(plan as number | { id: number })).filter((id): id is number => typeof id === 'number')
  const plans = planIds.length
    ? (await payload.find({ collection: 'price-plans', where: { id: { in: planIds } }, limit: 500, pagination: false, depth: 0, overrideAccess: true, select: { purchaseId: true } })).docs.map((doc) => doc.purchaseId)
    : null

  return inTransaction(payload, async ({ req, run }) => {
    // Compare-and-set on the count: a code with a limit is never used once too often.
    const counted = await run(sql`
      update bonus_codes set redemptions = coalesce(redemptions, 0) + 1, updated_at = ${at.toISOString()}
       where id = ${bonus.id} and active is not false
         and (max_redemptions is null or coalesce(redemptions, 0) < max_redemptions)
       returning id`)
    if (!counted.length) throw apiError('INVALID_BONUS_CODE', 'code')
    const target = await lockTarget(run, customer.id, plans, at)
    // Nothing to add the days to: the code is kept for later.
    if (!target) throw apiError('BAD_NEW_BONUS_CODE', 'code')
    const from = new Date(target.current_period_end)
    const end = addPeriod(from, { type: 'day', count: bonus.value })
    await extendTo(payload, run, target, end, at)
    await record(payload, req, { customer: customer.id, code: bonus.code, kind: 'bonus', days: bonus.value, subscription: target.id, redeemedAt: at.toISOString() })
    return { code: bonus.code, added: { days: bonus.value }, subscription: { id: target.id, currentPeriodEnd: end.toISOString() } }
  })
}

/**
 * Redeems a gift or bonus code for the signed-in customer. A gift code adds its plan: it extends
 * the customer's current subscription of the same product by the plan's period (with the gift's
 * add-ons), or makes a new subscription; a lifetime gift always makes its own. An extra-days bonus
 * code adds its days to the current subscription, once per customer. Everything happens in one
 * transaction behind a compare-and-set on the code, so of two redemptions at once one wins and
 * the other answers INVALID_BONUS_CODE. Refusals use `check-new-bonus-code/`'s codes.
 */
export async function redeemCode(payload: Payload, customer: Customer, rawCode: string, at: Date): Promise<Redemption> {
  const code = normaliseCode(rawCode)
  const gift = (await payload.find({ collection: 'gift-codes', where: { code: { equals: code } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
  if (gift) return redeemGift(payload, customer, gift, at)
  return redeemBonus(payload, customer, code, at)
}
