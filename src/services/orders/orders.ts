// Orders: public hashes, lookups, and `transition()`, the one way an order's status changes.
import { randomBytes } from 'node:crypto'
import type { Payload, Where } from 'payload'
import { query } from '@/services/db'
import { canTransition, type OrderStatus } from './states'

/** 128 random bits, base64url: the order's public reference in URLs. */
export const newPublicHash = () => randomBytes(16).toString('base64url')
export const PUBLIC_HASH = /^[A-Za-z0-9_-]{22}$/

/** The order a public hash names, or null. */
export async function findOrderByHash(payload: Payload, hash: string) {
  return (await payload.find({ collection: 'orders', where: { publicHash: { equals: hash } }, limit: 1, depth: 0, overrideAccess: true })).docs[0] ?? null
}

/** An order's latest payment attempt (or its latest successful one), or null. */
export async function latestAttempt(payload: Payload, orderId: number, only?: 'succeeded') {
  const where: Where = only ? { and: [{ order: { equals: orderId } }, { status: { equals: only } }] } : { order: { equals: orderId } }
  return (await payload.find({ collection: 'payment-attempts', where, sort: '-number', limit: 1, depth: 0, overrideAccess: true })).docs[0] ?? null
}

export type Failure = { code: string; providerCode: string; message: string; retryable: boolean }

/**
 * The one way an order's status changes: a compare-and-set UPDATE from the statuses the state
 * table allows, bumping `version`. Returns false when the order was no longer in `from` (another
 * request moved it first), so callers never act twice.
 */
export async function transition(
  payload: Payload,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  /** Set in the same UPDATE: a failure, the payment time, for a new attempt its method, provider and auto-renewal, and a new time to expire (a crypto invoice). */
  extra: { failure?: Failure | null; paidAt?: Date; method?: string; provider?: string; autoRenew?: boolean; expiresAt?: Date } = {},
): Promise<boolean> {
  const allowed = from.filter((status) => canTransition(status, to))
  if (!allowed.length) throw new Error(`no transition to ${to} from ${from.join(', ')}`)
  const failure = extra.failure
  const rows = await query<{ id: number }>(
    payload,
    `update orders set status = $3::enum_orders_status, version = version + 1, updated_at = now(),
        paid_at = coalesce($4::timestamptz, paid_at),
        failure_code = case when $5::boolean then $6 else failure_code end,
        failure_provider_code = case when $5::boolean then $7 else failure_provider_code end,
        failure_message = case when $5::boolean then $8 else failure_message end,
        failure_retryable = case when $5::boolean then $9::boolean else failure_retryable end,
        method = coalesce($10::enum_orders_method, method),
        provider = coalesce($11::varchar, provider),
        auto_renew = coalesce($12::boolean, auto_renew),
        expires_at = coalesce($13::timestamptz, expires_at)
      where id = $1 and status::text = any($2::text[]) returning id`,
    [
      orderId,
      allowed,
      to,
      extra.paidAt?.toISOString() ?? null,
      failure !== undefined,
      failure?.code ?? null,
      failure?.providerCode ?? null,
      failure?.message ?? null,
      failure?.retryable ?? null,
      extra.method ?? null,
      extra.provider ?? null,
      extra.autoRenew ?? null,
      extra.expiresAt?.toISOString() ?? null,
    ],
  )
  return rows.length === 1
}
