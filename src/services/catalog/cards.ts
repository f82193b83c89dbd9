// Price cards for the picker and the pricing blocks, from the stored plans and their monthly references.
import type { Payload, Where } from 'payload'
import type { AddOn, PricePlan } from '@/payload-types'
import { addOnItem, planItem, sold, toQuotePlan } from './catalog'
import type { PriceListItem } from './priceList'
import type { PaymentMethod } from './methods'
import { quote, type Quote } from './pricing'

/** A pricing card: the price-list item, and for a plan its quote (per month, saving, renewal, trial). */
export type Card = PriceListItem & {
  quote: Quote | null
  trialDays: number | null
  firstPeriodMonths: number | null
  /** Plans only: the payment methods it takes (empty: every method). */
  methods?: PaymentMethod[]
  /** Add-ons only: what it is, for the picker link that pre-selects it. */
  addOn?: Pick<AddOn, 'kind' | 'billing'> & { quantity: number; traffic: AddOn['traffic'] | null }
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
  const unique = [...new Set(ids.filter(Boolean))]
  if (!unique.length) return []
  const named: Where = { and: [{ purchaseId: { in: unique } }, sold] }
  const monthlyWhere: Where = { and: [{ periodType: { equals: 'month' } }, { periodCount: { equals: 1 } }, { trialDays: { exists: false } }, sold] }
  // One round trip: the plans named (with the plan a trial rolls into), the add-ons named, the references.
  const [plans, addOns, monthly] = await Promise.all([
    payload.find({ collection: 'price-plans', where: named, locale: locale as never, depth: 1, limit: unique.length, pagination: false }),
    payload.find({ collection: 'add-ons', where: named, locale: locale as never, depth: 0, limit: unique.length, pagination: false }),
    payload.find({ collection: 'price-plans', where: monthlyWhere, depth: 0, limit: 200, pagination: false }),
  ])
  const references = monthlyReferences(monthly.docs)
  const cards = new Map<string, Card>()
  for (const plan of plans.docs) {
    const result = quote({ plan: toQuotePlan(plan), now, monthlyPlan: references.get(referenceKey(plan)) ?? null })
    cards.set(plan.purchaseId, {
      ...planItem(plan),
      quote: 'error' in result ? null : result,
      trialDays: plan.trialDays ?? null,
      firstPeriodMonths: plan.firstPeriodMonths ?? null,
      methods: plan.methods ?? [],
    })
  }
  for (const addOn of addOns.docs) {
    const details = { kind: addOn.kind, billing: addOn.billing, quantity: addOn.quantity ?? 1, traffic: addOn.traffic ?? null }
    cards.set(addOn.purchaseId, { ...addOnItem(addOn), quote: null, trialDays: null, firstPeriodMonths: null, addOn: details })
  }
  return unique.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []))
}

/** The plan an add-on card pre-selects in the picker: the seeded plan billed like the add-on. */
const planForBilling = { monthly: 'vpn-1m', yearly: 'vpn-1y', lifetime: 'vpn-lifetime' } as const

/**
 * Where a card's button leads: a plan to checkout; an add-on to the plan picker with it chosen
 * (a static IP in `ipRegion`, the first location that has them).
 */
export function cardHref(card: Card, ipRegion: string | null): string {
  if (!card.addOn) return `/order/checkout?plan=${encodeURIComponent(card.id)}`
  const params = new URLSearchParams({ plan: planForBilling[card.addOn.billing] })
  if (card.addOn.kind === 'device-slots') params.set('slots', String(card.addOn.quantity))
  if (card.addOn.kind === 'personal-server' && card.addOn.traffic) params.set('server', card.addOn.traffic)
  if (card.addOn.kind === 'static-ip' && ipRegion) params.set('ipRegion', ipRegion)
  return `/order/pickup?${params}`
}
