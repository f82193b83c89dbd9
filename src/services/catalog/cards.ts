import type { Payload, Where } from 'payload'
import type { PricePlan } from '@/payload-types'
import { priceList, toQuotePlan } from './catalog'
import type { PriceListItem } from './priceList'
import { quote, type Quote } from './pricing'

/** A pricing card: the price-list item, and for a plan its quote (per month, saving, renewal, trial). */
export type Card = PriceListItem & {
  quote: Quote | null
  trialDays: number | null
  firstPeriodMonths: number | null
}

type ReferencePlan = Pick<PricePlan, 'product' | 'tier' | 'audience' | 'members' | 'periodType' | 'periodCount' | 'trialDays' | 'cost'>
export const referenceKey = (plan: Pick<PricePlan, 'product' | 'tier' | 'audience' | 'members'>) =>
  [plan.product, plan.tier ?? 'standard', plan.audience ?? 'personal', plan.members ?? 1].join('|')

/** The first 1-month plan without a trial of each product, tier, audience and size: what "save N %" compares with. */
export function monthlyReferences<P extends ReferencePlan>(plans: readonly P[]): Map<string, P> {
  const references = new Map<string, P>()
  for (const plan of plans) {
    if (plan.periodType === 'month' && plan.periodCount === 1 && !plan.trialDays && !references.has(referenceKey(plan))) references.set(referenceKey(plan), plan)
  }
  return references
}

/**
 * The cards of a pricing block, in the order named: every figure comes from the pricing module
 * (`quote()`), the saving against the 1-month plan of the same product, tier, audience and size.
 */
export async function pricingCards(payload: Payload, ids: string[], locale: string, now: Date): Promise<Card[]> {
  const items = await priceList(payload, ids, locale)
  const planIds = items.filter((item) => item.product !== 'add-on').map((item) => item.id)
  if (!planIds.length) return items.map((item) => ({ ...item, quote: null, trialDays: null, firstPeriodMonths: null }))
  const monthlyWhere: Where = {
    and: [{ periodType: { equals: 'month' } }, { periodCount: { equals: 1 } }, { trialDays: { exists: false } }, { active: { not_equals: false } }],
  }
  const [plans, monthly] = await Promise.all([
    payload.find({ collection: 'price-plans', where: { purchaseId: { in: planIds } }, depth: 1, limit: planIds.length, pagination: false }),
    payload.find({ collection: 'price-plans', where: monthlyWhere, depth: 0, limit: 200, pagination: false }),
  ])
  const references = monthlyReferences(monthly.docs)
  const byId = new Map(plans.docs.map((plan) => [plan.purchaseId, plan]))
  return items.map((item) => {
    const plan = byId.get(item.id)
    if (!plan) return { ...item, quote: null, trialDays: null, firstPeriodMonths: null }
    const result = quote({ plan: toQuotePlan(plan), now, monthlyPlan: references.get(referenceKey(plan)) ?? null })
    return { ...item, quote: 'error' in result ? null : result, trialDays: plan.trialDays ?? null, firstPeriodMonths: plan.firstPeriodMonths ?? null }
  })
}
