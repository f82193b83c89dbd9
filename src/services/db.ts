// Raw SQL beside Payload: its connection pool, one-statement queries and shared transactions.
import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

export { sql }

type Pool = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }> }

/** Payload's own PostgreSQL connection pool. */
export function pgPool(payload: Payload): Pool {
  const pool = (payload.db as unknown as { pool?: Pool }).pool
  if (!pool) throw new Error('The database adapter has no connection pool')
  return pool
}

/** How long a request waits for one of the pool's connections before failing as an outage (503). */
export const POOL_CONNECT_TIMEOUT_MS = 10_000

type ErrorSource = { on(event: 'error', listener: (error: Error & { code?: string }) => void): void; listenerCount(event: string): number }

/**
 * Keeps the process up when the database ends a connection (a restart, an operator's shutdown, a
 * network cut). node-postgres reports it as an `error` event: the pool's, for an idle connection,
 * and the connection's own while a request holds it between two statements (a transaction waiting
 * for a payment provider), either of which would end the process unheard. Heard here, the pool
 * drops the connection and opens a new one when next asked; the holder's next statement fails as
 * an outage (503).
 */
export function survivePoolErrors(payload: Payload, warn: (details: Record<string, unknown>, message: string) => void): void {
  const pool = (payload.db as unknown as { pool?: ErrorSource & { on(event: 'connect', listener: (client: ErrorSource) => void): void; _clients?: ErrorSource[] } }).pool
  if (!pool || pool.listenerCount('error') > 0) return
  const lost = (error: Error & { code?: string }) => warn({ code: error.code ?? null }, '[db] a connection was lost; the pool opens another')
  pool.on('error', lost)
  const hear = (client: ErrorSource) => client.on('error', lost)
  pool.on('connect', hear)
  for (const client of pool._clients ?? []) hear(client)
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

type SQL = ReturnType<typeof sql>
type Session = { db: { execute(statement: SQL): Promise<{ rows: unknown[] }> } }

/** One open transaction: for the Local API (`req`) and for raw statements (`run`). */
export type Transaction = { req: Partial<PayloadRequest>; run: <R extends Record<string, unknown>>(statement: SQL) => Promise<R[]> }

/**
 * Runs `work` in one database transaction shared by the Local API (pass `req`) and raw statements
 * (`run`, drizzle's `sql` template): a compare-and-set and the jobs it queues land together or not
 * at all. Given `outer`, `work` joins that transaction instead, which commits or rolls back with
 * everything else in it.
 */
export async function inTransaction<T>(payload: Payload, work: (tx: Transaction) => Promise<T>, outer?: Transaction): Promise<T> {
  if (outer) return work(outer)
  const transactionID = await payload.db.beginTransaction()
  if (!transactionID) throw new Error('The database adapter has transactions turned off')
  const session = (payload.db as unknown as { sessions: Record<string, Session> }).sessions[String(transactionID)]
  if (!session) throw new Error('The transaction has no session')
  const req: Partial<PayloadRequest> = { payload, transactionID, context: {} }
  try {
    const result = await work({ req, run: async <R,>(statement: SQL) => (await session.db.execute(statement)).rows as R[] })
    await payload.db.commitTransaction(transactionID)
    return result
  } catch (error) {
    await payload.db.rollbackTransaction(transactionID)
    throw error
  }
}
