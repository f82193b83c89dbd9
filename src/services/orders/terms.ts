// A paid order's subscription terms: status, period, trial, renewal.
import type { Order } from '@/payload-types'

/** A lifetime plan's subscription runs this long. */
export const LIFETIME_YEARS = 100

type StoredQuote = { trialEndsAt?: string | null; periodEndsAt?: string | null; renewal?: { cost: number; at: string } | null }

/**
 * The subscription's dates, from the order's price snapshot moved to when it was paid (the quote
 * was made when the order was): the current period, the trial, the next renewal. Lifetime: a
 * hundred years, one charge. A provider's subscription gives its own period end.
 */
export function subscriptionTerms(order: Pick<Order, 'createdAt' | 'quote' | 'autoRenew'>, paidAt: Date, providerPeriodEnd: Date | null = null) {
  const quote = (order.quote ?? {}) as StoredQuote
  const shift = (iso: string | null | undefined) => (iso ? new Date(new Date(iso).getTime() + (paidAt.getTime() - new Date(order.createdAt).getTime())) : null)
  const periodEnd = quote.periodEndsAt && providerPeriodEnd ? providerPeriodEnd : shift(quote.periodEndsAt)
  if (!periodEnd) {
    const end = new Date(paidAt)
    end.setUTCFullYear(end.getUTCFullYear() + LIFETIME_YEARS)
    return { lifetime: true, status: 'active' as const, currentPeriodEnd: end, trialEndsAt: null, autoRenew: false, nextRenewal: null }
  }
  const trialEndsAt = shift(quote.trialEndsAt)
  const autoRenew = Boolean(order.autoRenew)
  return {
    lifetime: false,
    status: trialEndsAt ? ('trialing' as const) : ('active' as const),
    currentPeriodEnd: periodEnd,
    trialEndsAt,
    autoRenew,
    nextRenewal: autoRenew && quote.renewal ? { amount: quote.renewal.cost, at: periodEnd.toISOString() } : null,
  }
}
