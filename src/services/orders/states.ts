// The order state table: which status may follow which. Pure.
/**
 * The order state machine (one table, as COMMERCE-NOTES §5 recommends after FxA's cart): which
 * status may follow which. Every change goes through `transition()` in `orders.ts`, which checks
 * this table and bumps `version` in the same UPDATE.
 */
export const orderStatuses = ['pending', 'processing', 'requires_action', 'awaiting_provider', 'paid', 'failed', 'expired', 'canceled', 'refunded'] as const
export type OrderStatus = (typeof orderStatuses)[number]

export const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'expired', 'canceled'],
  processing: ['requires_action', 'awaiting_provider', 'paid', 'failed'],
  requires_action: ['processing', 'awaiting_provider', 'paid', 'failed', 'expired', 'canceled'],
  awaiting_provider: ['paid', 'failed', 'expired', 'canceled'],
  // A retryable failure starts a new attempt on the same order and hash.
  failed: ['processing', 'expired', 'canceled'],
  paid: ['refunded'],
  expired: [],
  canceled: [],
  refunded: [],
}

export const canTransition = (from: OrderStatus, to: OrderStatus) => transitions[from].includes(to)

/** Statuses from which `settle()` may mark an order paid. */
export const settleable: readonly OrderStatus[] = orderStatuses.filter((status) => canTransition(status, 'paid'))
