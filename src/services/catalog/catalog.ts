import type { Payload } from 'payload'
import type { PricePlan } from '@/payload-types'
import type { PriceListItem } from './priceList'
import type { QuotePlan } from './pricing'

function toItem(plan: PricePlan): PriceListItem {
  return {
    id: plan.purchaseId,
    cost: plan.cost,
    info: { type: plan.periodType, count: plan.periodCount },
    description: plan.description ?? '',
    title: plan.title,
    product: plan.product,
    highlight: Boolean(plan.highlight),
  }
}

/** The price list for purchase ids, in the order asked; unknown ids are left out. */
export async function priceList(payload: Payload, ids: string[], locale: string): Promise<PriceListItem[]> {
  const unique = [...new Set(ids.filter(Boolean))]
  if (!unique.length) return []
  const result = await payload.find({
    collection: 'price-plans',
    where: { purchaseId: { in: unique } },
    locale: locale as never,
    limit: unique.length,
    pagination: false,
    depth: 0,
  })
  const byId = new Map(result.docs.map((plan) => [plan.purchaseId, toItem(plan)]))
  return unique.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
}

/** Purchase ids named by the pricing blocks of a page's layout. */
export function purchaseIdsOf(layout: unknown): string[] {
  if (!Array.isArray(layout)) return []
  return layout.flatMap((block: { blockType?: string; purchaseIds?: { id?: string }[] }) =>
    block?.blockType === 'pricingCards' ? (block.purchaseIds ?? []).map((entry) => entry.id ?? '').filter(Boolean) : [],
  )
}

/** A stored plan in the pricing module's terms (an empty list of methods means every method). */
export function toQuotePlan(plan: PricePlan): QuotePlan {
  const rolls = plan.rollsInto && typeof plan.rollsInto === 'object' ? plan.rollsInto : null
  return {
    purchaseId: plan.purchaseId,
    periodType: plan.periodType,
    periodCount: plan.periodCount,
    cost: plan.cost,
    renewalCost: plan.renewalCost ?? null,
    firstPeriodMonths: plan.firstPeriodMonths ?? null,
    trialDays: plan.trialDays ?? null,
    rollsInto: rolls ? { purchaseId: rolls.purchaseId, periodType: rolls.periodType, periodCount: rolls.periodCount, cost: rolls.cost, renewalCost: rolls.renewalCost ?? null } : null,
    methods: plan.methods?.length ? plan.methods : undefined,
  }
}
