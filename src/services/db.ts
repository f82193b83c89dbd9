import type { Payload } from 'payload'

type Pool = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }> }

/** Payload's own PostgreSQL connection pool. */
export function pgPool(payload: Payload): Pool {
  const pool = (payload.db as unknown as { pool?: Pool }).pool
  if (!pool) throw new Error('The database adapter has no connection pool')
  return pool
}

/**
 * One SQL statement on Payload's pool, for the compare-and-set updates that the Local API cannot
 * express atomically (use a one-time token once, send one notice per lock) and table upkeep.
 */
export async function query<T extends Record<string, unknown>>(payload: Payload, text: string, params: unknown[] = []): Promise<T[]> {
  return (await pgPool(payload).query(text, params)).rows as T[]
}

/** A write refused by a unique index (PostgreSQL 23505, or Payload's validation error saying so). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string; data?: unknown; cause?: { code?: string } } | undefined
  if (e?.code === '23505' || e?.cause?.code === '23505') return true
  return /unique|duplicate|already/i.test(`${e?.message ?? ''} ${JSON.stringify(e?.data ?? '')}`)
}
