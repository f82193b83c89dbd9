// One builder for add-on lines: a plan's add-ons with their locations, as order lines and as a subscription's add-ons.
import type { addOnKinds } from '@/collections/AddOns'
import type { QuoteLine } from './pricing'

export type AddOnKind = (typeof addOnKinds)[number]

/** An add-on chosen with a plan: a personal server's location, or a static IP's, in `region`. */
export type AddOnChoice = { purchaseId: string; kind: AddOnKind; region: string | null }

/** One line of an order, as stored: the plan or an add-on, what it costs now and at renewal. */
export type OrderLine = {
  purchaseId: string
  kind: 'plan' | 'add-on'
  addOnKind: AddOnKind | null
  amount: number
  renewalAmount: number | null
  region: string | null
}

/** One add-on a subscription holds: a server's location in `region`, a static IP's in `ipRegion`. */
export type SubscriptionAddOn = { purchaseId: string; kind: AddOnKind; region: string | null; ipRegion: string | null; renewalAmount: number | null }

/** The add-on as a subscription holds it; `renewalAmount` null for one bought once (or given). */
export function subscriptionAddOn(choice: AddOnChoice, renewalAmount: number | null = null): SubscriptionAddOn {
  return {
    purchaseId: choice.purchaseId,
    kind: choice.kind,
    region: choice.kind === 'personal-server' ? choice.region : null,
    ipRegion: choice.kind === 'static-ip' ? choice.region : null,
    renewalAmount,
  }
}

/** The order's lines from its quote: each add-on line keeps its kind and location. */
export function orderLines(lines: readonly QuoteLine[], choices: readonly AddOnChoice[]): OrderLine[] {
  return lines.map((line) => {
    const choice = line.kind === 'add-on' ? choices.find((candidate) => candidate.purchaseId === line.id) : undefined
    if (line.kind === 'add-on' && !choice) throw new Error(`the add-on ${line.id} was priced but not chosen`)
    return { purchaseId: line.id, kind: line.kind, addOnKind: choice?.kind ?? null, amount: line.amount, renewalAmount: line.renewalAmount, region: choice?.region ?? null }
  })
}

/** An order line as read back from the database (optional fields may be missing). */
export type StoredLine = { purchaseId: string; kind: OrderLine['kind']; addOnKind?: AddOnKind | null; region?: string | null; renewalAmount?: number | null }

/** A paid order's add-ons as its subscription holds them. */
export function subscriptionAddOns(lines: readonly StoredLine[]): SubscriptionAddOn[] {
  return lines.flatMap((line) => {
    if (line.kind !== 'add-on') return []
    if (!line.addOnKind) throw new Error(`the order line ${line.purchaseId} has no add-on kind`)
    return [subscriptionAddOn({ purchaseId: line.purchaseId, kind: line.addOnKind, region: line.region ?? null }, line.renewalAmount ?? null)]
  })
}
