// The subscription state table: which status may follow which. Pure, so tests and islands can read it.

/**
 * Every change goes through `transition()` in `subscriptions.ts`, which checks this table and
 * bumps `version` in the same UPDATE. A status may always stay what it is while other fields
 * change (renewal switched off, the period extended by a code); these are the moves.
 */
export const subscriptionStatuses = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]

export const transitions: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  // A trial converts at its first charge, or stops.
  trialing: ['active', 'past_due', 'canceled', 'expired'],
  active: ['past_due', 'canceled', 'expired'],
  // A retried renewal that goes through makes it active again.
  past_due: ['active', 'canceled', 'expired'],
  // Canceled keeps access until the period ends, then expires.
  canceled: ['expired'],
  expired: [],
}

export const canTransition = (from: SubscriptionStatus, to: SubscriptionStatus) => from === to || transitions[from].includes(to)

/** Statuses that still give access and may renew. */
export const live: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due']

/** Statuses a code may extend: everything that has not ended. */
export const extendable: readonly SubscriptionStatus[] = subscriptionStatuses.filter((status) => status !== 'expired')
