// When each notice before a subscription's date is due: pure, so the scan and the tests share it.
import { RENEW_AHEAD_MS } from './renewal-rules'
import type { SubscriptionStatus } from './states'

const DAY_MS = 86_400_000
/** A trial's buyer is told this long before it ends. */
export const TRIAL_NOTICE_MS = 2 * DAY_MS
/** A subscription that will not renew is announced this long before it ends (periods longer than that). */
export const ENDING_NOTICE_MS = 7 * DAY_MS
/** The shortest period a renewal reminder is sent for (a month). */
const REMINDED_PERIOD_MS = 28 * DAY_MS

export const noticeKinds = ['renewal-reminder', 'trial-ending', 'plan-ending'] as const
export type NoticeKind = (typeof noticeKinds)[number]

export type NoticeCandidate = {
  status: SubscriptionStatus
  autoRenew?: boolean | null
  lifetime?: boolean | null
  currentPeriodStart: Date | string
  currentPeriodEnd: Date | string
  /** The next charge's amount; none: nothing will be charged. */
  nextRenewalAmount?: number | null
}

/**
 * Whether `kind` is due at `at` (sent at most once per period; the scan records that):
 * - renewal reminder: renewing (on, active) with an amount, a period of a month or longer, from
 *   `reminderDays` before the charge (24 hours before the end) until the charge;
 * - trial ending: a renewing trial, from 2 days before its end until its charge;
 * - plan ending: one that will not renew (off, or canceled), a period longer than 7 days, from 7
 *   days before its end until it ends. Lifetime gets none.
 */
export function noticeDue(kind: NoticeKind, subscription: NoticeCandidate, at: Date, reminderDays: number): boolean {
  if (subscription.lifetime) return false
  const now = at.getTime()
  const start = new Date(subscription.currentPeriodStart).getTime()
  const end = new Date(subscription.currentPeriodEnd).getTime()
  const charge = end - RENEW_AHEAD_MS
  const renewing = Boolean(subscription.autoRenew) && subscription.nextRenewalAmount !== null && subscription.nextRenewalAmount !== undefined
  if (kind === 'renewal-reminder') return renewing && subscription.status === 'active' && end - start >= REMINDED_PERIOD_MS && charge - reminderDays * DAY_MS <= now && now < charge
  if (kind === 'trial-ending') return renewing && subscription.status === 'trialing' && end - TRIAL_NOTICE_MS <= now && now < charge
  const ending = subscription.status === 'canceled' || (!subscription.autoRenew && ['trialing', 'active', 'past_due'].includes(subscription.status))
  return ending && end - start > ENDING_NOTICE_MS && end - ENDING_NOTICE_MS <= now && now < end
}
