import type { Payload } from 'payload'

type Pool = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }> }

/**
 * One SQL statement on Payload's own connection pool, for the compare-and-set updates that the
 * Local API cannot express atomically (use a one-time token once, send one notice per lock).
 */
export async function query<T extends Record<string, unknown>>(payload: Payload, text: string, params: unknown[] = []): Promise<T[]> {
  const pool = (payload.db as unknown as { pool?: Pool }).pool
  if (!pool) throw new Error('The database adapter has no connection pool')
  return (await pool.query(text, params)).rows as T[]
}
