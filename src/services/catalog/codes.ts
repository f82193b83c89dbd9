import type { Payload } from 'payload'
import { normaliseCode } from '@/collections/BonusCodes'
import { apiError } from '@/lib/http'
import type { BonusCode, Customer, PricePlan } from '@/payload-types'
import { toQuotePlan } from './catalog'
import { quote, type Quote } from './pricing'

const idOf = (value: number | { id: number } | null | undefined) => (value && typeof value === 'object' ? value.id : value)

/**
 * Whether a bonus code can be used now, on `plan` when given, by `customer` when signed in.
 * Unknown, inactive, out of its window, used up or not for this plan: INVALID_BONUS_CODE; the
 * customer's own referral code: USE_NEW_BONUS_CODE_ON_OWN_ACC; too large a fixed amount for the
 * plan: INVALID_AMOUNT_NEW_BONUS_CODE. (Whether a customer has bought before, for
 * newCustomersOnly, comes with orders; until then every customer is new.)
 */
export async function checkBonusCode(
  payload: Payload,
  input: { code: string; plan?: PricePlan | null; customer?: Customer | null; now: Date },
): Promise<{ bonus: BonusCode; quote: Quote | null }> {
  const found = await payload.find({ collection: 'bonus-codes', where: { code: { equals: normaliseCode(input.code) } }, limit: 1, depth: 0, overrideAccess: true })
  const bonus = found.docs[0]
  const at = input.now.getTime()
  if (!bonus || !bonus.active) throw apiError('INVALID_BONUS_CODE', 'code')
  if ((bonus.validFrom && new Date(bonus.validFrom).getTime() > at) || (bonus.validTo && new Date(bonus.validTo).getTime() < at)) throw apiError('INVALID_BONUS_CODE', 'code')
  if (bonus.maxRedemptions && (bonus.redemptions ?? 0) >= bonus.maxRedemptions) throw apiError('INVALID_BONUS_CODE', 'code')
  const plans = (bonus.plans ?? []).map((plan) => idOf(plan as number | { id: number }))
  if (input.plan && plans.length && !plans.includes(input.plan.id)) throw apiError('INVALID_BONUS_CODE', 'code')
  if (input.customer && idOf(bonus.owner as number | { id: number } | null) === input.customer.id) throw apiError('USE_NEW_BONUS_CODE_ON_OWN_ACC', 'code')
  if (!input.plan) return { bonus, quote: null }
  const result = quote({ plan: toQuotePlan(input.plan), now: input.now, bonusCode: { code: bonus.code, effect: bonus.effect, value: bonus.value } })
  if ('error' in result) throw apiError(result.error, 'code')
  return { bonus, quote: result }
}
