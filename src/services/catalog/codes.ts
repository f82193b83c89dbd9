// Bonus, referral and gift codes: checking one against a plan and a buyer.
import { createHmac } from 'node:crypto'
import type { Payload, Where } from 'payload'
import { normaliseCode } from '@/collections/BonusCodes'
import { defaultLocale, isLocaleCode } from '@/i18n/locales'
import { apiError } from '@/lib/http'
import type { BonusCode, Customer, PricePlan } from '@/payload-types'
import { toQuotePlan } from './catalog'
import { quote, type Quote } from './pricing'

/** A relationship's id, whether it came populated or not. */
export const idOf = (value: number | { id: number } | null | undefined) => (value && typeof value === 'object' ? value.id : value)

/**
 * Whether a bonus code can be used now, on `plan` when given, by `customer` when signed in.
 * Unknown, inactive, out of its window, used up or not for this plan: INVALID_BONUS_CODE; the
 * customer's own referral code (by account, or by the address typed at checkout): USE_NEW_BONUS_CODE_ON_OWN_ACC; too large a fixed amount for the
 * plan: INVALID_AMOUNT_NEW_BONUS_CODE; a new-customers-only code (WELCOME10, referral codes) for
 * a customer or e-mail address with a paid order: BAD_NEW_BONUS_CODE.
 */
export async function checkBonusCode(
  payload: Payload,
  input: { code: string; plan?: PricePlan | null; customer?: Customer | null; email?: string | null; now: Date },
): Promise<{ bonus: BonusCode; quote: Quote | null }> {
  const found = await payload.find({ collection: 'bonus-codes', where: { code: { equals: normaliseCode(input.code) } }, limit: 1, depth: 0, overrideAccess: true })
  const bonus = found.docs[0]
  const at = input.now.getTime()
  if (!bonus || !bonus.active) throw apiError('INVALID_BONUS_CODE', 'code')
  if ((bonus.validFrom && new Date(bonus.validFrom).getTime() > at) || (bonus.validTo && new Date(bonus.validTo).getTime() < at)) throw apiError('INVALID_BONUS_CODE', 'code')
  if (bonus.maxRedemptions && (bonus.redemptions ?? 0) >= bonus.maxRedemptions) throw apiError('INVALID_BONUS_CODE', 'code')
  const plans = (bonus.plans ?? []).map((plan) => idOf(plan as number | { id: number }))
  if (input.plan && plans.length && !plans.includes(input.plan.id)) throw apiError('INVALID_BONUS_CODE', 'code')
  const ownerId = idOf(bonus.owner as number | { id: number } | null)
  if (ownerId && input.customer && ownerId === input.customer.id) throw apiError('USE_NEW_BONUS_CODE_ON_OWN_ACC', 'code')
  // The owner's own code typed at checkout without signing in: known by the address.
  const address = (input.customer?.email ?? input.email)?.trim().toLowerCase()
  if (ownerId && address) {
    const owner = await payload.findByID({ collection: 'customers', id: ownerId, depth: 0, overrideAccess: true }).catch(() => null)
    if (owner?.email && owner.email.toLowerCase() === address) throw apiError('USE_NEW_BONUS_CODE_ON_OWN_ACC', 'code')
  }
  if (bonus.newCustomersOnly && (await hasBought(payload, { customerId: input.customer?.id, email: input.customer?.email ?? input.email }))) throw apiError('BAD_NEW_BONUS_CODE', 'code')
  if (!input.plan) return { bonus, quote: null }
  const result = quote({ plan: toQuotePlan(input.plan), now: input.now, bonusCode: { code: bonus.code, effect: bonus.effect, value: bonus.value } })
  if ('error' in result) throw apiError(result.error, 'code')
  return { bonus, quote: result }
}

/** Whether a customer (by account or e-mail address) has a paid order: such a customer is not new. */
export async function hasBought(payload: Payload, who: { customerId?: number | null; email?: string | null }): Promise<boolean> {
  const or: Where[] = [
    ...(who.customerId ? [{ customer: { equals: who.customerId } }] : []),
    ...(who.email ? [{ email: { equals: who.email.trim().toLowerCase() } }] : []),
  ]
  if (!or.length) return false
  const found = await payload.count({ collection: 'orders', where: { and: [{ status: { in: ['paid', 'refunded'] } }, { or }] }, overrideAccess: true })
  return found.totalDocs > 0
}

/** A referral code gives a friend this much off their first purchase. */
export const REFERRAL_PERCENT = 10
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/**
 * The customer's referral code, the same on every call and every instance: `VG-` and eight
 * characters of an HMAC of the customer id under the site's secret, so a second, concurrent
 * first call meets the unique index instead of making a second code.
 */
export function referralCodeOf(secret: string, customerId: number): string {
  const digest = createHmac('sha256', secret).update(`referral:${customerId}`).digest()
  let code = 'VG-'
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[digest[i]! % REFERRAL_ALPHABET.length]
  return code
}

/** The customer's referral code row, made on first use (10 % off a new customer's first purchase). */
export async function referralCode(payload: Payload, customer: Customer): Promise<BonusCode> {
  const find = async () =>
    (await payload.find({ collection: 'bonus-codes', where: { owner: { equals: customer.id } }, sort: 'createdAt', limit: 1, depth: 0, overrideAccess: true })).docs[0]
  const existing = await find()
  if (existing) return existing
  try {
    return await payload.create({
      collection: 'bonus-codes',
      data: { code: referralCodeOf(payload.secret, customer.id), effect: 'percent', value: REFERRAL_PERCENT, newCustomersOnly: true, owner: customer.id, active: true },
      overrideAccess: true,
      depth: 0,
    })
  } catch (error) {
    const again = await find()
    if (again) return again
    throw error
  }
}

export type CodeLookup =
  | { code: string; type: 'gift'; plan: string; addOns: string[]; planTitle: string; addOnTitles: string[]; validTo: string | null }
  | { code: string; type: 'bonus'; effect: { type: BonusCode['effect']; value: number }; plans: string[]; newCustomersOnly: boolean; validTo: string | null }

/**
 * What a gift or bonus code gives, without redeeming it. A gift code that is redeemed or past its
 * date, and every bonus code `checkBonusCode` refuses, is INVALID_BONUS_CODE.
 */
export async function lookupCode(payload: Payload, input: { code: string; customer?: Customer | null; now: Date; locale?: string }): Promise<CodeLookup> {
  const code = normaliseCode(input.code)
  // Titles in the reader's language (the plan and add-ons come populated in it).
  const locale = (isLocaleCode(input.locale ?? '') ? input.locale : defaultLocale) as 'en'
  const gift = (await payload.find({ collection: 'gift-codes', where: { code: { equals: code } }, limit: 1, depth: 1, locale, overrideAccess: true })).docs[0]
  if (gift) {
    const plan = typeof gift.plan === 'object' ? gift.plan : null
    if (gift.redeemedAt || gift.redeemedBy || !plan || (gift.validTo && new Date(gift.validTo).getTime() < input.now.getTime())) throw apiError('INVALID_BONUS_CODE', 'code')
    const populated = (gift.addOns ?? []).flatMap((addOn) => (typeof addOn === 'object' ? [addOn] : []))
    return {
      code: gift.code!,
      type: 'gift',
      plan: plan.purchaseId,
      addOns: populated.map((addOn) => addOn.purchaseId),
      planTitle: plan.title,
      addOnTitles: populated.map((addOn) => addOn.title),
      validTo: gift.validTo ?? null,
    }
  }
  const { bonus } = await checkBonusCode(payload, { code, customer: input.customer, now: input.now })
  const plans = await payload.find({
    collection: 'price-plans',
    where: { id: { in: (bonus.plans ?? []).map((plan) => idOf(plan as number | { id: number })) } },
    depth: 0,
    pagination: false,
    limit: 200,
    select: { purchaseId: true },
  })
  return {
    code: bonus.code,
    type: 'bonus',
    effect: { type: bonus.effect, value: bonus.value },
    plans: bonus.plans?.length ? plans.docs.map((plan) => plan.purchaseId) : [],
    newCustomersOnly: Boolean(bonus.newCustomersOnly),
    validTo: bonus.validTo ?? null,
  }
}
