// The picker URL's selection, parsed and clamped against what is on sale. Pure.
/**
 * What the plan picker's URL holds (`plan`, `slots`, `server`, `region`, `ipRegion`, `bonus`,
 * `method`), parsed and clamped against what is on sale. Pure and light (zod/mini), so the
 * picker's island and the server share it. Rules: an unknown plan → the picker's default; slots
 * other than 0, 1, 5, 10, or a number the plan has no add-on for → 0; an unknown region, or an
 * add-on that does not go with the plan → dropped; a repeated or array parameter → its first valid
 * value; over-long values are invalid. A personal server and a static IP are alternatives (the
 * purchase state's region rule): with both asked, the server stays. The checks are plain type
 * guards, not a schema library: this module ships in the picker's island (the server validates
 * what checkout submits with zod).
 */
import { paymentMethods, type PaymentMethod } from '@/services/catalog/methods'

export const trafficTiers = ['unlimited', '512gb', '1tb', '2tb', '3tb'] as const
export type Traffic = (typeof trafficTiers)[number]
export const slotChoices = [0, 1, 5, 10] as const
export type Slots = (typeof slotChoices)[number]

/** One plan as the picker sells it: the add-on purchase id for each choice that goes with it. */
export type PlanOffer = {
  id: string
  methods: readonly PaymentMethod[]
  slots: Partial<Record<'1' | '5' | '10', string>>
  servers: Partial<Record<Traffic, string>>
  staticIp: string | null
}

export type PickerCatalogue = {
  defaultPlan: string
  plans: readonly PlanOffer[]
  /** Location codes a personal server can be placed in. */
  regions: readonly string[]
  /** Location codes with personal static IPs. */
  ipRegions: readonly string[]
}

export type Selection = {
  plan: string
  slots: Slots
  server: Traffic | null
  region: string | null
  ipRegion: string | null
  bonus: string | null
  method: PaymentMethod | null
}

const MAX_VALUE = 100
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value)
const matching =
  (pattern: RegExp) =>
  (value: string): value is string =>
    pattern.test(value)
const field = {
  plan: matching(/^[a-z0-9][a-z0-9-]{0,63}$/),
  slots: oneOf(['0', '1', '5', '10'] as const),
  server: oneOf(trafficTiers),
  location: matching(/^(?=.{5,64}$)[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/),
  bonus: matching(/^[A-Za-z0-9_-]{3,40}$/),
  method: oneOf(paymentMethods),
}

type Query = URLSearchParams | Record<string, string | string[] | undefined>

function valuesOf(query: Query, key: string): string[] {
  const raw = query instanceof URLSearchParams ? query.getAll(key) : query[key]
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]
  return list.filter((value): value is string => typeof value === 'string' && value.length <= MAX_VALUE)
}

/** The first value of `key` that `valid` accepts and `fits` allows. */
function first<T extends string>(query: Query, key: string, valid: (value: string) => value is T, fits: (value: T) => boolean = () => true): T | null {
  for (const value of valuesOf(query, key)) if (valid(value) && fits(value)) return value
  return null
}

export function parseSelection(query: Query, catalogue: PickerCatalogue): Selection {
  const offers = new Map(catalogue.plans.map((plan) => [plan.id, plan]))
  const planId = first(query, 'plan', field.plan, (id) => offers.has(id)) ?? catalogue.defaultPlan
  const offer = offers.get(planId)
  const slots = Number(first(query, 'slots', field.slots, (n) => n === '0' || Boolean(offer?.slots[n as '1' | '5' | '10'])) ?? '0') as Slots
  let server = first(query, 'server', field.server, (tier) => Boolean(offer?.servers[tier]))
  let region = server ? (first(query, 'region', field.location, (code) => catalogue.regions.includes(code)) ?? catalogue.regions[0] ?? null) : null
  if (!region) server = null
  const ipRegion = server || !offer?.staticIp ? null : first(query, 'ipRegion', field.location, (code) => catalogue.ipRegions.includes(code))
  if (!server) region = null
  const bonus = first(query, 'bonus', field.bonus)
  const method = first(query, 'method', field.method, (m) => !offer || offer.methods.includes(m))
  return { plan: planId, slots, server, region, ipRegion, bonus: bonus?.toUpperCase() ?? null, method }
}

/** The selection as query parameters (only what differs from "nothing extra"). */
export function selectionParams(selection: Selection): URLSearchParams {
  const params = new URLSearchParams({ plan: selection.plan })
  if (selection.slots) params.set('slots', String(selection.slots))
  if (selection.server && selection.region) {
    params.set('server', selection.server)
    params.set('region', selection.region)
  }
  if (selection.ipRegion) params.set('ipRegion', selection.ipRegion)
  if (selection.bonus) params.set('bonus', selection.bonus)
  if (selection.method) params.set('method', selection.method)
  return params
}

/** Re-clamps a changed selection (a new plan may not take the add-ons chosen before). */
export const clampSelection = (selection: Selection, catalogue: PickerCatalogue): Selection => parseSelection(selectionParams(selection), catalogue)

/** The purchase ids of the add-ons chosen, for the plan chosen. */
export function chosenAddOns(selection: Selection, catalogue: PickerCatalogue): string[] {
  const offer = catalogue.plans.find((plan) => plan.id === selection.plan)
  if (!offer) return []
  const ids: (string | null | undefined)[] = [
    selection.slots ? offer.slots[String(selection.slots) as '1' | '5' | '10'] : null,
    selection.server && selection.region ? offer.servers[selection.server] : null,
    selection.ipRegion ? offer.staticIp : null,
  ]
  return ids.filter((id): id is string => Boolean(id))
}
