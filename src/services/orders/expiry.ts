import type { Payload } from 'payload'
import { query } from '@/services/db'
import { purgeRetained } from '@/services/account/retention'
import { forgetExpiredSolutions } from '@/services/human-check/altcha'
import { fulfil } from './fulfil'
import { transition } from './orders'
import type { OrderStatus } from './states'

/** Unpaid statuses an order leaves for `expired` once its 24 hours are over. */
export const expirable: readonly OrderStatus[] = ['pending', 'failed', 'requires_action', 'awaiting_provider']

/** Expires one order if it is unpaid and past `expiresAt`; true when it is (now) expired. */
export async function expireIfDue(payload: Payload, order: { id: number; status: OrderStatus; expiresAt: string }, at: Date): Promise<boolean> {
  if (!expirable.includes(order.status) || new Date(order.expiresAt).getTime() > at.getTime()) return false
  return transition(payload, order.id, [order.status], 'expired')
}

/**
 * The periodic clean-up: unpaid orders past their 24 hours become `expired` (each through
 * `transition()`, so a payment settling at the same moment wins or loses cleanly), and
 * idempotency keys older than 24 hours are dropped, and paid orders left unfulfilled are fulfilled.
 */
export async function sweepCheckout(payload: Payload, at: Date): Promise<{ expired: number; keys: number; fulfilled: number }> {
  const due = await query<{ id: number; status: OrderStatus }>(
    payload,
    `select id, status::text as status from orders where status::text = any($1::text[]) and expires_at <= $2 order by id limit 500`,
    [expirable, at.toISOString()],
  )
  let expired = 0
  for (const order of due) if (await transition(payload, order.id, [order.status], 'expired')) expired++
  const keys = await query<{ id: number }>(payload, `delete from idempotency_keys where expires_at <= $1 returning id`, [at.toISOString()])
  // Paid orders whose fulfilment a crash or an error interrupted (a minute's grace for one under way).
  const unfulfilled = await query<{ id: number }>(payload, `select id from orders where status = 'paid' and fulfilled_at is null and paid_at <= $1 order by id limit 100`, [new Date(at.getTime() - 60_000).toISOString()])
  let fulfilled = 0
  for (const order of unfulfilled) if (await fulfil(payload, order.id, at)) fulfilled++
  return { expired, keys: keys.length, fulfilled }
}

export const SWEEP_INTERVAL_MS = 10 * 60 * 1000
let timer: NodeJS.Timeout | undefined

/** Runs the sweep (and the human check's clean-up) at start and every ten minutes in a serving process (idempotent across instances). */
export function startCheckoutSweeper(payload: Payload, clock: () => Date): void {
  if (timer) return
  const run = () =>
    // Answered human-check challenges are forgotten once they can no longer be replayed.
    forgetExpiredSolutions(payload, clock())
      .catch(() => 0)
      // Deleted accounts whose records were kept long enough (ORDER_RETENTION_YEARS) go for good.
      .then(() => purgeRetained(payload, clock()))
      .then((purged) => {
        if (purged) payload.logger.info({ msg: 'retention purge', purgedAccounts: purged })
      })
      .catch((error: unknown) => payload.logger.warn({ msg: 'retention purge failed', reason: error instanceof Error ? error.message : String(error) }))
      .then(() => sweepCheckout(payload, clock()))
      .then(({ expired, keys, fulfilled }) => {
        if (expired || keys || fulfilled) payload.logger.info({ msg: 'checkout sweep', expiredOrders: expired, droppedIdempotencyKeys: keys, fulfilledOrders: fulfilled })
      })
      .catch((error: unknown) => payload.logger.warn({ msg: 'checkout sweep failed', reason: error instanceof Error ? error.message : String(error) }))
  void run()
  timer = setInterval(run, SWEEP_INTERVAL_MS)
  timer.unref()
}
