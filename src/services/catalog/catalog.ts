// The catalogue in the database: plans and add-ons on sale, looked up and turned into pricing input.
import type { Payload, Where } from 'payload'
import type { AddOn, PricePlan, ServerLocation } from '@/payload-types'
import { getLocale, isLocaleCode } from '@/i18n/locales'
import type { PeriodType, PriceListItem } from './priceList'
import { addOnMultiplier, type QuoteAddOn, type QuotePlan } from './pricing'

/** Sold and shown: `active` unset (rows older than the field) counts as on. */
export const sold: Where = { active: { not_equals: false } }

export function planItem(plan: PricePlan): PriceListItem {
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

/** An add-on's own period: monthly = 1 month, yearly = 1 year, lifetime = 100 years. */
export function addOnPeriod(addOn: Pick<AddOn, 'billing'>): { type: PeriodType; count: number } {
  if (addOn.billing === 'monthly') return { type: 'month', count: 1 }
  if (addOn.billing === 'yearly') return { type: 'year', count: 1 }
  return { type: 'year', count: 100 }
}

export function addOnItem(addOn: AddOn): PriceListItem {
  return {
    id: addOn.purchaseId,
    cost: addOn.cost,
    info: addOnPeriod(addOn),
    description: addOn.description ?? '',
    title: addOn.title,
    product: 'add-on',
    highlight: Boolean(addOn.highlight),
  }
}

/** The price list for purchase ids (plans and add-ons), in the order asked; unknown and inactive ids are left out. */
export async function priceList(payload: Payload, ids: string[], locale: string): Promise<PriceListItem[]> {
  const unique = [...new Set(ids.filter(Boolean))]
  if (!unique.length) return []
  const where: Where = { and: [{ purchaseId: { in: unique } }, sold] }
  const common = { where, locale: locale as never, limit: unique.length, pagination: false, depth: 0 } as const
  const [plans, addOns] = await Promise.all([payload.find({ collection: 'price-plans', ...common }), payload.find({ collection: 'add-ons', ...common })])
  const byId = new Map<string, PriceListItem>([...plans.docs.map((plan) => [plan.purchaseId, planItem(plan)] as const), ...addOns.docs.map((addOn) => [addOn.purchaseId, addOnItem(addOn)] as const)])
  return unique.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
}

/** One plan by purchase id (with the plan its trial rolls into), or null. */
export async function findPlan(payload: Payload, purchaseId: string, locale?: string): Promise<PricePlan | null> {
  const found = await payload.find({ collection: 'price-plans', where: { and: [{ purchaseId: { equals: purchaseId } }, sold] }, depth: 1, limit: 1, locale: locale as never })
  return found.docs[0] ?? null
}

/** One add-on by purchase id, or null. */
export async function findAddOn(payload: Payload, purchaseId: string, locale?: string): Promise<AddOn | null> {
  const found = await payload.find({ collection: 'add-ons', where: { and: [{ purchaseId: { equals: purchaseId } }, sold] }, depth: 0, limit: 1, locale: locale as never })
  return found.docs[0] ?? null
}

/** The 1-month plan of the same product, tier and audience (no trial): the reference for "save N %". */
export async function monthlyPlanFor(payload: Payload, plan: PricePlan): Promise<PricePlan | null> {
  const found = await payload.find({
    collection: 'price-plans',
    where: {
      and: [
        { product: { equals: plan.product } },
        { tier: { equals: plan.tier ?? 'standard' } },
        { audience: { equals: plan.audience ?? 'personal' } },
        { members: { equals: plan.members ?? 1 } },
        { periodType: { equals: 'month' } },
        { periodCount: { equals: 1 } },
        { trialDays: { exists: false } },
        sold,
      ],
    },
    depth: 0,
    limit: 1,
  })
  return found.docs[0] ?? null
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

export const toQuoteAddOn = (addOn: AddOn): QuoteAddOn => ({ purchaseId: addOn.purchaseId, billing: addOn.billing, cost: addOn.cost, renewalCost: addOn.renewalCost ?? null })

/** The spec's service names for the three kinds of add-on. */
export const services = { VPNSERVER: 'personal-server', STATICIP: 'static-ip', SLOTS: 'device-slots' } as const
export type ServiceName = keyof typeof services

export type Tariff = Omit<PriceListItem, 'product'> & { kind: AddOn['kind']; traffic: AddOn['traffic'] | null; quantity: number; billing: AddOn['billing'] }
export type Region = { code: string; country: string; countryCode: string; city: string }
export type ServiceOffer = { service: ServiceName; tariffs: Tariff[]; regions: Region[] }

const billingOrder = { monthly: 0, yearly: 1, lifetime: 2 } as const
const trafficOrder = { '512gb': 0, '1tb': 1, '2tb': 2, '3tb': 3, unlimited: 4 } as const

/** Country names in the reader's language (`DE` → "Deutschland" in German). */
function countryName(countryCode: string, locale: string): string {
  try {
    const tag = isLocaleCode(locale) ? getLocale(locale).tag : 'en'
    return new Intl.DisplayNames([tag], { type: 'region' }).of(countryCode.toUpperCase()) ?? countryCode
  } catch {
    return countryCode
  }
}

function toRegion(location: ServerLocation, locale: string): Region {
  return { code: location.code, country: countryName(location.countryCode, locale), countryCode: location.countryCode.toUpperCase(), city: location.city }
}

/**
 * What one service sells: its active add-ons (only those that go with `plan` when given) and
 * where: a personal server in any location, a static IP where the location offers one, slots
 * anywhere (no region).
 */
export async function serviceOffers(payload: Payload, names: readonly ServiceName[], locale: string, plan?: PricePlan | null): Promise<ServiceOffer[]> {
  const kinds = names.map((name) => services[name])
  const [addOns, locations] = await Promise.all([
    payload.find({ collection: 'add-ons', where: { and: [{ kind: { in: kinds } }, sold] }, locale: locale as never, limit: 500, pagination: false, depth: 0 }),
    names.some((name) => name !== 'SLOTS')
      ? payload.find({ collection: 'server-locations', limit: 1000, pagination: false, depth: 0, sort: 'code' })
      : Promise.resolve({ docs: [] as ServerLocation[] }),
  ])
  const fits = (addOn: AddOn) => !plan || addOnMultiplier(plan, addOn) !== null
  return names.map((service) => {
    const tariffs = addOns.docs
      .filter((addOn) => addOn.kind === services[service] && fits(addOn))
      .sort((a, b) => billingOrder[a.billing] - billingOrder[b.billing] || (a.quantity ?? 1) - (b.quantity ?? 1) || trafficOrder[a.traffic ?? 'unlimited'] - trafficOrder[b.traffic ?? 'unlimited'])
      .map((addOn) => {
        const { product: _product, ...item } = addOnItem(addOn)
        return { ...item, kind: addOn.kind, traffic: addOn.traffic ?? null, quantity: addOn.quantity ?? 1, billing: addOn.billing }
      })
    const regions =
      service === 'SLOTS' ? [] : locations.docs.filter((location) => service === 'VPNSERVER' || location.staticIp).map((location) => toRegion(location, locale))
    return { service, tariffs, regions }
  })
}

/** Whether `code` names a location that can hold the add-on (a static IP only where one is offered). */
export async function regionFits(payload: Payload, code: string, kind: 'personal-server' | 'static-ip'): Promise<boolean> {
  const found = await payload.find({ collection: 'server-locations', where: { code: { equals: code } }, limit: 1, depth: 0 })
  const location = found.docs[0]
  return Boolean(location && (kind === 'personal-server' || location.staticIp))
}
