// Redeeming a gift or extra-days code for the signed-in customer: a new subscription or more time on one.
import type { Payload, PayloadRequest } from 'payload'
import { normaliseCode } from '@/collections/BonusCodes'
import { env } from '@/lib/env'
import { apiError } from '@/lib/http'
import type { AddOn, Customer, GiftCode, Order, PricePlan, Subscription } from '@/payload-types'
import type { RegisterInput } from '@/lib/validation/auth'
import { register, siteUrl } from '@/services/auth/accounts'
import { sendEmail } from '@/services/email/send'
import { checkBonusCode, idOf } from '@/services/catalog/codes'
import { subscriptionAddOn } from '@/services/catalog/lines'
import { addPeriod, isLifetimePlan } from '@/services/catalog/pricing'
import { LIFETIME_YEARS } from '@/services/orders/terms'
import { inTransaction, isUniqueViolation, sql, type Transaction } from '@/services/db'
import { extendable } from '@/services/subscriptions/states'
import { transition, type Run } from '@/services/subscriptions/subscriptions'

const DAY_MS = 86_400_000

export type Redemption = {
  code: string
  /** The plan a gift code gave (its purchase id), and the days it or an extra-days code added. */
  added: { plan?: string; days: number }
  subscription: { id: number; currentPeriodEnd: string }
}

type Target = { id: number; plan: string; current_period_end: string | Date; next_renewal_at: string | Date | null }

const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS)

/**
 * The customer's subscription a code extends, locked for the rest of the transaction: one that
 * still gives access and has an end (not lifetime), on one of `plans` (purchase ids), the one
 * that runs longest. Two redemptions at once extend it one after the other, never from the same
 * old date.
 */
async function lockTarget(run: Run, customerId: number, plans: string[] | null, at: Date): Promise<Target | null> {
  const rows = await run<Target>(sql`
    select id, plan, current_period_end, next_renewal_at from subscriptions
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

async function redeemGift(payload: Payload, customer: Customer, gift: GiftCode, at: Date, outer?: Transaction): Promise<Redemption> {
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
  }, outer)
}

/** A gift's add-on: given, so nothing renews it; a gift names no location. */
const addOnLine = (addOn: AddOn) => subscriptionAddOn({ purchaseId: addOn.purchaseId, kind: addOn.kind, region: null })

async function redeemBonus(payload: Payload, customer: Customer, code: string, at: Date, outer?: Transaction): Promise<Redemption> {
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
  }, outer)
}

/**
 * Redeems a gift or bonus code for the signed-in customer. A gift code adds its plan: it extends
 * the customer's current subscription of the same product by the plan's period (with the gift's
 * add-ons), or makes a new subscription; a lifetime gift always makes its own. An extra-days bonus
 * code adds its days to the current subscription, once per customer. Everything happens in one
 * transaction behind a compare-and-set on the code, so of two redemptions at once one wins and
 * the other answers INVALID_BONUS_CODE. Refusals use `check-new-bonus-code/`'s codes. Given
 * `outer`, all of it joins that transaction (an account made with it, `registerAndRedeem`).
 */
export async function redeemCode(payload: Payload, customer: Customer, rawCode: string, at: Date, outer?: Transaction): Promise<Redemption> {
  const code = normaliseCode(rawCode)
  const gift = (await payload.find({ collection: 'gift-codes', where: { code: { equals: code } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
  if (gift) return redeemGift(payload, customer, gift, at, outer)
  return redeemBonus(payload, customer, code, at, outer)
}

/**
 * `purchase/redeem/`: a new account (`register/`'s rules) and the code redeemed on it, in one
 * transaction: a refused code leaves no account, no session and no e-mail. Returns the session
 * token with what the code added.
 */
export async function registerAndRedeem(payload: Payload, input: RegisterInput, rawCode: string, meta: { userAgent?: string | null }, at: Date): Promise<Redemption & { token: string }> {
  return inTransaction(payload, async (tx) => {
    const { customer, token } = await register(payload, input, meta, tx)
    return { token, ...(await redeemCode(payload, customer, rawCode, at, tx)) }
  })
}

/** The referral reward's e-mail to the code's owner: the days, the plan they went to and its new end. */
async function queueRewardEmail(payload: Payload, req: Partial<PayloadRequest>, ownerId: number, days: number, subscription: { plan: string; end: Date }) {
  const owner = await payload.findByID({ collection: 'customers', id: ownerId, depth: 0, overrideAccess: true, req }).catch(() => null)
  // A deleted account's address is a placeholder: nobody to write to.
  if (!owner || owner.deletedAt) return
  const plan = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: subscription.plan } }, locale: owner.locale as 'en', limit: 1, depth: 0, overrideAccess: true, req })).docs[0]?.title ?? subscription.plan
  await sendEmail(
    { template: 'referral-reward', to: owner.email, locale: owner.locale, timezone: owner.timezone ?? undefined, data: { days, plan, date: subscription.end, url: siteUrl(owner.locale, '/my-account') } },
    { payload, req: req as PayloadRequest },
  )
}

/**
 * A friend's paid order carried a referral code (a bonus code with an `owner`): its owner gets
 * REFERRAL_REWARD_DAYS on their live subscription (the renewal date moves too) and an e-mail, once
 * per order however often fulfilment runs: the order's `referralRewardedAt` is claimed by
 * compare-and-set in the same transaction that records the reward in `code-redemptions` (kind
 * `referral`, with the order). An owner with nothing live keeps the reward recorded, without a
 * subscription, until `applyWaitingRewards` runs for their next paid order. The buyer's own code
 * (by account or address, refused at checkout) rewards nobody.
 */
export async function rewardReferrer(payload: Payload, order: Pick<Order, 'id' | 'bonusCode' | 'email'>, buyerId: number, at: Date): Promise<boolean> {
  if (!order.bonusCode) return false
  const bonus = (await payload.find({ collection: 'bonus-codes', where: { code: { equals: order.bonusCode } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]
  const ownerId = idOf(bonus?.owner as number | { id: number } | null | undefined)
  const days = env().REFERRAL_REWARD_DAYS
  return inTransaction(payload, async ({ req, run }) => {
    const claimed = await run(sql`update orders set referral_rewarded_at = ${at.toISOString()} where id = ${order.id} and referral_rewarded_at is null returning id`)
    if (!claimed.length || !bonus || !ownerId || ownerId === buyerId) return false
    const target = await lockTarget(run, ownerId, null, at)
    let end: Date | null = null
    if (target) {
      end = addPeriod(new Date(target.current_period_end), { type: 'day', count: days })
      await extendTo(payload, run, target, end, at)
    }
    await payload.create({
      collection: 'code-redemptions',
      data: { customer: ownerId, code: bonus.code, kind: 'referral', days, order: order.id, subscription: target?.id ?? null, redeemedAt: at.toISOString() },
      overrideAccess: true,
      depth: 0,
      req,
    })
    if (target && end) await queueRewardEmail(payload, req, ownerId, days, { plan: target.plan, end })
    return true
  })
}

/**
 * Referral rewards a customer earned while nothing of theirs was live, given now to their live
 * subscription (after their next paid order made one): all waiting days at once, each reward
 * marked with the subscription in the same transaction, one e-mail.
 */
export async function applyWaitingRewards(payload: Payload, customerId: number, at: Date): Promise<number> {
  return inTransaction(payload, async ({ req, run }) => {
    const waiting = await run<{ id: number; days: string | number }>(sql`
      select id, days from code_redemptions where customer_id = ${customerId} and kind = 'referral' and subscription_id is null for update`)
    if (!waiting.length) return 0
    const target = await lockTarget(run, customerId, null, at)
    if (!target) return 0
    const days = waiting.reduce((sum, row) => sum + Number(row.days), 0)
    const end = addPeriod(new Date(target.current_period_end), { type: 'day', count: days })
    await extendTo(payload, run, target, end, at)
    await run(sql`update code_redemptions set subscription_id = ${target.id}, updated_at = ${at.toISOString()} where id in (${sql.join(waiting.map((row) => sql`${row.id}`), sql`, `)})`)
    await queueRewardEmail(payload, req, customerId, days, { plan: target.plan, end })
    return days
  })
}
