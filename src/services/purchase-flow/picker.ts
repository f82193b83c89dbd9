// The plan picker's data: plans, add-on prices and regions, for the picker and checkout islands.
import type { Payload } from 'payload'
import { getLocale } from '@/i18n/locales'
import { paymentMethods } from '@/services/catalog/methods'
import { cardFigures, type CardFigures } from '@/services/catalog/card-terms'
import { pricingCards } from '@/services/catalog/cards'
import { sold } from '@/services/catalog/catalog'
import { formatMoney } from '@/services/catalog/priceList'
import { moneyPattern, type MoneyPattern } from '@/lib/money-format'
import { addOnMultiplier } from '@/services/catalog/pricing'
import { serverLocations } from '@/services/content/servers'
import type { PickerCatalogue, PlanOffer } from './selection'

/** The plans `/order/pickup` sells when its CMS page names none. */
export const DEFAULT_PICKER_PLANS = ['vpn-1m', 'vpn-1y', 'vpn-3y', 'vpn-lifetime']

export type PickerPlan = { id: string; title: string; description: string; highlight: boolean; figures: CardFigures; amount: number }
export type PickerRegion = { code: string; label: string }

/** Everything the picker's island needs, computed on the server (figures from the pricing module). */
export type PickerData = {
  catalogue: PickerCatalogue
  plans: PickerPlan[]
  /** Cents and a "+$1.23" label of each add-on for each plan it goes with (N months × monthly price…). */
  addOnPrices: Record<string, Record<string, { amount: number; label: string }>>
  regions: PickerRegion[]
  ipRegions: PickerRegion[]
  currencyTag: string
  /** How the islands write dollar amounts in this locale without building a formatter at hydration. */
  money: MoneyPattern
}

type Translate = Parameters<typeof cardFigures>[1]

export async function pickerData(
  payload: Payload,
  input: { planIds: string[]; defaultPlan?: string | null; locale: string; now: Date; t: Translate },
): Promise<PickerData> {
  const tag = getLocale(input.locale).tag
  const [cards, addOns, locations] = await Promise.all([
    pricingCards(payload, input.planIds, input.locale, input.now),
    payload.find({ collection: 'add-ons', where: sold, locale: input.locale as never, depth: 0, limit: 500, pagination: false }),
    serverLocations(payload),
  ])
  const plans = cards.filter((card) => !card.addOn)
  const offers: PlanOffer[] = []
  const addOnPrices: PickerData['addOnPrices'] = {}
  for (const plan of plans) {
    const offer: PlanOffer = { id: plan.id, methods: plan.methods?.length ? plan.methods : [...paymentMethods], slots: {}, servers: {}, staticIp: null }
    const prices: Record<string, { amount: number; label: string }> = {}
    // A trial takes no add-ons (the pricing module refuses them).
    for (const addOn of plan.trialDays ? [] : addOns.docs) {
      const times = addOnMultiplier({ periodType: plan.info.type, periodCount: plan.info.count }, addOn)
      if (times === null) continue
      const quantity = String(addOn.quantity ?? 1) as '1' | '5' | '10'
      if (addOn.kind === 'device-slots' && ['1', '5', '10'].includes(quantity) && !offer.slots[quantity]) offer.slots[quantity] = addOn.purchaseId
      else if (addOn.kind === 'personal-server' && addOn.traffic && !offer.servers[addOn.traffic]) offer.servers[addOn.traffic] = addOn.purchaseId
      else if (addOn.kind === 'static-ip' && !offer.staticIp) offer.staticIp = addOn.purchaseId
      else continue
      const amount = addOn.cost * times
      prices[addOn.purchaseId] = { amount, label: `+${formatMoney(amount, tag)}` }
    }
    offers.push(offer)
    addOnPrices[plan.id] = prices
  }
  const countries = new Intl.DisplayNames([tag], { type: 'region' })
  const region = (location: (typeof locations)[number]): PickerRegion => ({ code: location.code, label: `${location.city}, ${countries.of(location.countryCode) ?? location.countryCode}` })
  const collator = new Intl.Collator(tag)
  const regions = locations.map(region).sort((a, b) => collator.compare(a.label, b.label))
  const ipCodes = new Set(locations.filter((location) => location.staticIp).map((location) => location.code))
  const ipRegions = regions.filter((entry) => ipCodes.has(entry.code))
  const defaultPlan =
    (input.defaultPlan && plans.some((plan) => plan.id === input.defaultPlan) ? input.defaultPlan : null) ?? plans.find((plan) => plan.highlight)?.id ?? plans[0]?.id ?? ''
  return {
    catalogue: { defaultPlan, plans: offers, regions: regions.map((entry) => entry.code), ipRegions: ipRegions.map((entry) => entry.code) },
    plans: plans.map((plan) => ({
      id: plan.id,
      title: plan.title,
      description: plan.description,
      highlight: plan.highlight,
      figures: cardFigures(plan, input.t, tag),
      amount: plan.quote?.total ?? plan.cost,
    })),
    addOnPrices,
    regions,
    ipRegions,
    currencyTag: tag,
    money: moneyPattern(tag),
  }
}
