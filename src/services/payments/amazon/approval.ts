// How long an Amazon Pay approval can be captured, and whether one still can.
import type { PaymentAttempt } from '@/payload-types'

/** An approved Amazon Pay payment can be captured ("Pay now") for 30 minutes by the site's clock. */
export const APPROVAL_TTL_MS = 30 * 60 * 1000

/** When an approval given at `at` runs out. */
export const approvalExpiry = (at: Date) => new Date(at.getTime() + APPROVAL_TTL_MS)

/**
 * An attempt's approval at `at`: none given yet, still valid, or expired (its last instant,
 * `approvalExpiresAt` itself, is already past).
 */
export function approvalState(attempt: Pick<PaymentAttempt, 'approvalExpiresAt'>, at: Date): 'none' | 'valid' | 'expired' {
  if (!attempt.approvalExpiresAt) return 'none'
  return new Date(attempt.approvalExpiresAt).getTime() > at.getTime() ? 'valid' : 'expired'
}
