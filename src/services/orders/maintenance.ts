// The orders' scheduled upkeep: unpaid orders expire, interrupted fulfilments finish, old idempotency keys go.
import type { Payload } from 'payload'
import { query } from '@/services/db'
import { maintenanceTask } from '@/services/maintenance'
import { expirable } from './expiry'
import { fulfil } from './fulfil'
import { transition } from './orders'
import type { OrderStatus } from './states'
import { reconcileOrders } from './reconcile'

/**
 * Unpaid orders past their 24 hours become `expired`, each through `transition()`, so a payment
 * settling at the same moment wins or loses cleanly. Returns how many this run expired.
 */
export async function expireDueOrders(payload: Payload, at: Date): Promise<number> {
  const due = await query<{ id: number; status: OrderStatus }>(
    payload,
    `select id, status::text as status from orders where status::text = any($1::text[]) and expires_at <= $2 order by id limit 500`,
    [expirable, at.toISOString()],
  )
  let expired = 0
  for (const order of due) if (await transition(payload, order.id, [order.status], 'expired')) expired++
  return expired
}

/** Idempotency keys past their 24 hours are dropped; returns how many. */
export async function dropExpiredIdempotencyKeys(payload: Payload, at: Date): Promise<number> {
  return (await query<{ id: number }>(payload, `delete from idempotency_keys where expires_at <= $1 returning id`, [at.toISOString()])).length
}

/**
 * Paid orders whose fulfilment a crash or an error interrupted are fulfilled (a minute's grace for
 * one under way); `fulfil()` does its work once per order however often it is asked.
 */
export async function finishUnfulfilled(payload: Payload, at: Date): Promise<number> {
  const unfulfilled = await query<{ id: number }>(payload, `select id from orders where status = 'paid' and fulfilled_at is null and paid_at <= $1 order by id limit 100`, [new Date(at.getTime() - 60_000).toISOString()])
  let fulfilled = 0
  for (const order of unfulfilled) if (await fulfil(payload, order.id, at)) fulfilled++
  return fulfilled
}

/** The three at once (tests and one-off repairs). */
export async function sweepCheckout(payload: Payload, at: Date): Promise<{ expired: number; keys: number; fulfilled: number }> {
  const expired = await expireDueOrders(payload, at)
  const keys = await dropExpiredIdempotencyKeys(payload, at)
  const fulfilled = await finishUnfulfilled(payload, at)
  return { expired, keys, fulfilled }
}

export const expireOrdersTask = maintenanceTask('expireOrders', 'Expire unpaid orders past their 24 hours', '*/5 * * * *', async (payload, at) => ({ expired: await expireDueOrders(payload, at) }))
export const finishFulfilmentTask = maintenanceTask('finishFulfilment', 'Finish fulfilling paid orders', '*/5 * * * *', async (payload, at) => ({ fulfilled: await finishUnfulfilled(payload, at) }))
export const dropIdempotencyKeysTask = maintenanceTask('dropIdempotencyKeys', 'Drop idempotency keys past their 24 hours', '7 * * * *', async (payload, at) => ({ dropped: await dropExpiredIdempotencyKeys(payload, at) }))
export const reconcileOrdersTask = maintenanceTask('reconcileOrders', 'Ask providers about orders left open', '* * * * *', async (payload, at) => ({ ...(await reconcileOrders(payload, at)) }))
