// When an unpaid order runs out: the statuses that expire and the check made on reading one.
import type { Payload } from 'payload'
import { transition } from './orders'
import type { OrderStatus } from './states'

/** How long an unpaid order may be paid (a crypto invoice's order: the invoice's 30 minutes, then 24 hours once its coins are seen). */
export const ORDER_TTL_MS = 24 * 60 * 60 * 1000

/** Unpaid statuses an order leaves for `expired` once its 24 hours are over. */
export const expirable: readonly OrderStatus[] = ['pending', 'failed', 'requires_action', 'awaiting_provider']

/** Expires one order if it is unpaid and past `expiresAt`; true when it is (now) expired. */
export async function expireIfDue(payload: Payload, order: { id: number; status: OrderStatus; expiresAt: string }, at: Date): Promise<boolean> {
  if (!expirable.includes(order.status) || new Date(order.expiresAt).getTime() > at.getTime()) return false
  return transition(payload, order.id, [order.status], 'expired')
}
