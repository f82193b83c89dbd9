// Sign-in's scheduled upkeep: one-time customer tokens that were used or ran out are deleted.
import type { Payload } from 'payload'
import { securityNow } from '@/lib/clock'
import { query } from '@/services/db'
import { maintenanceTask } from '@/services/maintenance'

/**
 * How long a used or expired one-time token is kept: a link opened again within the week still
 * gets "used" or "expired" rather than "unknown", then nothing of it stays.
 */
export const TOKEN_KEEP_MS = 7 * 24 * 60 * 60 * 1000

/** Deletes one-time tokens used, or expired, more than `TOKEN_KEEP_MS` before `at`; returns how many. */
export async function dropSpentTokens(payload: Payload, at: Date): Promise<number> {
  const before = new Date(at.getTime() - TOKEN_KEEP_MS).toISOString()
  return (await query<{ id: number }>(payload, `delete from customer_tokens where used_at < $1 or expires_at < $1 returning id`, [before])).length
}

// Tokens expire and are used by security time: the sandbox clock moved on drops none early.
export const dropCustomerTokensTask = maintenanceTask(
  'dropCustomerTokens',
  'Delete used and expired one-time tokens',
  '41 * * * *',
  async (payload, at) => ({ dropped: await dropSpentTokens(payload, at) }),
  securityNow,
)
