// The renewal rules as pure functions: when a subscription falls due, its next period, the retries.
import { addPeriod, type Period } from '@/services/catalog/pricing'
import type { SubscriptionStatus } from './states'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** A renewal is charged this long before the period ends (spec section 9: the 24-hour rule). */
export const RENEW_AHEAD_MS = 24 * HOUR_MS

/** Statuses whose next period is charged; a past-due one already has its renewal order. */
export const renewing: readonly SubscriptionStatus[] = ['active', 'trialing']

export type RenewalCandidate = {
  autoRenew?: boolean | null
  status: SubscriptionStatus
  lifetime?: boolean | null
  provider: string
  /** The paying attempt's reference (`stripe:sub_…`: a Stripe subscription, which Stripe renews). */
  providerRef?: string | null
  currentPeriodEnd: Date | string
}

/** A subscription Stripe Billing renews by itself: its reference is a Stripe subscription. */
export const billedByStripe = (providerRef: string | null | undefined) => (providerRef ?? '').startsWith('stripe:sub_')

/**
 * Whether the next period is charged now: renewing, on, not lifetime, not billed by a Stripe
 * subscription (Stripe renews those), and within 24 hours of the period's end (or past it).
 */
export function renewalDue(subscription: RenewalCandidate, at: Date): boolean {
  if (!subscription.autoRenew || subscription.lifetime || billedByStripe(subscription.providerRef)) return false
  if (!renewing.includes(subscription.status)) return false
  return new Date(subscription.currentPeriodEnd).getTime() - RENEW_AHEAD_MS <= at.getTime()
}

/**
 * The 24-hour rule (spec section 9): auto-renewal must be turned off at least 24 hours before the
 * period ends. From `currentPeriodEnd − 24 h` a renewing subscription (on, active or trialing, not
 * lifetime) is locked: its renewal is due, being charged or paid, so switching it off or canceling
 * is refused. Past due (a charge failed), off, or lifetime: nothing to lock.
 */
export function autoRenewLocked(subscription: Omit<RenewalCandidate, 'provider'>, at: Date): boolean {
  if (!subscription.autoRenew || subscription.lifetime || !renewing.includes(subscription.status)) return false
  return new Date(subscription.currentPeriodEnd).getTime() - RENEW_AHEAD_MS <= at.getTime()
}

/** The idempotency key of the order that pays period `period` of subscription `id`: one order, one charge. */
export const renewalKey = (id: number, period: number) => `sub:${id}:period:${period}`

/** The period the renewal pays: it starts when the current one ends and runs one renewal period (month ends by `addPeriod`). */
export function nextPeriod(currentPeriodEnd: Date, period: Period): { start: Date; end: Date } {
  return { start: currentPeriodEnd, end: addPeriod(currentPeriodEnd, period) }
}

/**
 * When the saved method is charged again after a failure at `failedAt`: `days` after it, one per
 * retry. `retriesDone` retries have been made; null when none is left.
 */
export function nextRetryAt(failedAt: Date, days: readonly number[], retriesDone: number): Date | null {
  const day = days[retriesDone]
  return day === undefined ? null : new Date(failedAt.getTime() + day * DAY_MS)
}

/** A renewal order can be paid (by its link, or a retry) until a day after its last retry. */
export function renewalExpiresAt(at: Date, days: readonly number[]): Date {
  return new Date(at.getTime() + ((days.at(-1) ?? 0) + 2) * DAY_MS)
}

/** The renewal period kept in an order's quote (`renewal.period`), or null. */
export function renewalPeriodOf(quote: unknown): Period | null {
  const period = (quote as { renewal?: { period?: Period } } | null)?.renewal?.period
  if (!period || !['day', 'week', 'month', 'year'].includes(period.type) || !Number.isInteger(period.count) || period.count < 1) return null
  return { type: period.type, count: period.count }
}
