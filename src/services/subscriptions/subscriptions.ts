// The one way a subscription changes after it is made: a compare-and-set on status and version.
import type { Payload } from 'payload'
import { sql } from '@/services/db'
import { RENEW_AHEAD_MS } from './renewal-rules'
import { canTransition, type SubscriptionStatus } from './states'

type SQL = ReturnType<typeof sql>
/** Runs one statement: Payload's connection by default, or a transaction's (`inTransaction`'s `run`). */
export type Run = <R extends Record<string, unknown>>(statement: SQL) => Promise<R[]>

export type SubscriptionChanges = {
  autoRenew?: boolean
  currentPeriodStart?: Date
  currentPeriodEnd?: Date
  /** The paid period that runs now (1 the first). */
  period?: number
  /** The plan from now on (a trial becomes the plan it rolls into). */
  plan?: string
  /** The method renewals are charged with. */
  savedMethod?: string
  /** The next charge's time; `'periodEnd'` puts it at the current period's end. */
  nextRenewalAt?: Date | null | 'periodEnd'
  /**
   * The next charge's amount in US cents; `{ ifEmpty }` sets it only where none is stored;
   * `{ add, base }` raises it by `add` (extras), from `base` where none is stored.
   */
  nextRenewalAmount?: number | null | { ifEmpty: number | null } | { add: number; base: number | null }
}

/** Further conditions of the compare-and-set, checked in the same UPDATE. */
export type Conditions = {
  /** Only this customer's subscription. */
  customer?: number
  /** Not a lifetime plan (nothing to renew). */
  renewable?: boolean
  /** The current period ends after this time. */
  endsAfter?: Date
  /** The paid period is still this one (another run has not moved it). */
  period?: number
  /** The current period still ends exactly then (nothing extended it meanwhile). */
  periodEnd?: Date
  /** Not locked by the 24-hour rule at this time (`autoRenewLocked()` of `renewal-rules.ts`, in SQL). */
  unlockedAt?: Date
}

function runOn(payload: Payload): Run {
  const db = (payload.db as unknown as { drizzle?: { execute(statement: SQL): Promise<{ rows: unknown[] }> } }).drizzle
  if (!db) throw new Error('The database adapter has no drizzle instance')
  return async <R,>(statement: SQL) => (await db.execute(statement)).rows as R[]
}

const iso = (value: Date) => value.toISOString()

/**
 * Moves subscription `id` from one of `from` to `to` (null: the status stays) and writes
 * `changes`, in one UPDATE that bumps `version`. Returns false when the subscription was no longer
 * in `from` or a condition failed (another request changed it first), so callers never act twice.
 * Throws when the state table allows none of the moves: a programming error, not a race.
 */
export async function transition(
  payload: Payload,
  id: number,
  from: readonly SubscriptionStatus[],
  to: SubscriptionStatus | null,
  changes: SubscriptionChanges,
  options: { at: Date; where?: Conditions; run?: Run },
): Promise<boolean> {
  const allowed = from.filter((status) => canTransition(status, to ?? status))
  if (!allowed.length) throw new Error(`no subscription transition to ${to} from ${from.join(', ')}`)
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = ${iso(options.at)}`]
  if (to) sets.push(sql`status = ${to}::enum_subscriptions_status`)
  if (changes.autoRenew !== undefined) sets.push(sql`auto_renew = ${changes.autoRenew}`)
  if (changes.currentPeriodStart) sets.push(sql`current_period_start = ${iso(changes.currentPeriodStart)}`)
  if (changes.currentPeriodEnd) sets.push(sql`current_period_end = ${iso(changes.currentPeriodEnd)}`)
  if (changes.period !== undefined) sets.push(sql`period = ${changes.period}`)
  if (changes.plan !== undefined) sets.push(sql`plan = ${changes.plan}`)
  if (changes.savedMethod !== undefined) sets.push(sql`saved_method = ${changes.savedMethod}`)
  const at = changes.nextRenewalAt
  if (at === 'periodEnd') sets.push(sql`next_renewal_at = ${changes.currentPeriodEnd ? iso(changes.currentPeriodEnd) : sql`current_period_end`}`)
  else if (at !== undefined) sets.push(sql`next_renewal_at = ${at ? iso(at) : null}`)
  const amount = changes.nextRenewalAmount
  if (amount !== null && typeof amount === 'object' && 'add' in amount) sets.push(sql`next_renewal_amount = coalesce(next_renewal_amount, ${amount.base}) + ${amount.add}`)
  else if (amount !== null && typeof amount === 'object') sets.push(sql`next_renewal_amount = coalesce(next_renewal_amount, ${amount.ifEmpty})`)
  else if (amount !== undefined) sets.push(sql`next_renewal_amount = ${amount}`)

  const where: SQL[] = [sql`id = ${id}`, sql`status::text in (${sql.join(allowed.map((status) => sql`${status}`), sql`, `)})`]
  if (options.where?.customer !== undefined) where.push(sql`customer_id = ${options.where.customer}`)
  if (options.where?.renewable) where.push(sql`lifetime is not true`)
  if (options.where?.endsAfter) where.push(sql`current_period_end > ${iso(options.where.endsAfter)}`)
  if (options.where?.period !== undefined) where.push(sql`coalesce(period, 1) = ${options.where.period}`)
  if (options.where?.periodEnd) where.push(sql`current_period_end = ${iso(options.where.periodEnd)}`)
  if (options.where?.unlockedAt) {
    const lockStarts = new Date(options.where.unlockedAt.getTime() + RENEW_AHEAD_MS)
    where.push(sql`not (auto_renew is true and lifetime is not true and status::text in ('active', 'trialing') and current_period_end <= ${iso(lockStarts)})`)
  }

  const run = options.run ?? runOn(payload)
  const rows = await run<{ id: number }>(sql`update subscriptions set ${sql.join(sets, sql`, `)} where ${sql.join(where, sql` and `)} returning id`)
  return rows.length === 1
}
