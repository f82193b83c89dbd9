// The end of a deleted account's retention: its kept records purged for good.
import type { Payload } from 'payload'
import { inTransaction, query, sql } from '@/services/db'

/** Accounts purged in one sweep at most (the next sweep takes the rest). */
const PURGE_BATCH = 20

/**
 * The end of keeping a deleted account's records. Once its `retainUntil` (ORDER_RETENTION_YEARS
 * after the deletion) has passed, everything still linked to the anonymous record goes, in one
 * transaction per account: code redemptions, subscriptions, the payment attempts and payment
 * events of its orders, the orders, the ended sessions and used tokens, and the record itself;
 * a referral code it owned is switched off and loses its owner. Another instance purging at the
 * same moment skips the account this one holds (`for update skip locked`). Returns how many
 * accounts were purged.
 */
export async function purgeRetained(payload: Payload, at: Date): Promise<number> {
  const due = await query<{ id: number }>(
    payload,
    `select id from customers where deleted_at is not null and retain_until < $1 order by retain_until limit $2`,
    [at.toISOString(), PURGE_BATCH],
  )
  let purged = 0
  for (const { id } of due) {
    const done = await inTransaction(payload, async ({ req, run }) => {
      const held = await run(sql`select id from customers where id = ${id} and deleted_at is not null and retain_until < ${at.toISOString()} for update skip locked`)
      if (!held.length) return false
      const orderIds = (await run<{ id: number }>(sql`select id from orders where customer_id = ${id}`)).map((row) => row.id)
      const remove = async (collection: 'code-redemptions' | 'subscriptions' | 'payment-attempts' | 'webhook-events' | 'orders' | 'customer-sessions' | 'customer-tokens' | 'devices', field: string, ids: number[]) => {
        if (ids.length) await payload.delete({ collection, where: { [field]: { in: ids } }, overrideAccess: true, depth: 0, req })
      }
      await remove('code-redemptions', 'customer', [id])
      await remove('subscriptions', 'customer', [id])
      await remove('webhook-events', 'order', orderIds)
      await remove('payment-attempts', 'order', orderIds)
      await remove('orders', 'id', orderIds)
      await remove('customer-sessions', 'customer', [id])
      await remove('customer-tokens', 'customer', [id])
      await remove('devices', 'customer', [id])
      await run(sql`update bonus_codes set owner_id = null, active = false where owner_id = ${id}`)
      await run(sql`update gift_codes set redeemed_by_id = null where redeemed_by_id = ${id}`)
      await payload.delete({ collection: 'customers', id, overrideAccess: true, depth: 0, req })
      return true
    })
    if (done) purged++
  }
  return purged
}
