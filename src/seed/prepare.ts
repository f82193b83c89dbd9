import type { Migration, Payload } from 'payload'
import { migrations } from '@/migrations'

/** Any number; every app instance takes the same lock so only one migrates and seeds at a time. */
const PREPARE_LOCK = 7_331_001

/**
 * Runs on every Payload start: applies committed migrations, then seeds the
 * first content once. Instances started together wait for each other.
 */
export async function prepareDatabase(payload: Payload): Promise<void> {
  if (process.env.NEXT_PHASE === 'phase-production-build' || process.env.PAYLOAD_SKIP_PREPARE === 'true') return
  const pool = (payload.db as unknown as { pool?: { connect(): Promise<PoolClient> } }).pool
  const client = pool ? await pool.connect() : undefined
  try {
    await client?.query('select pg_advisory_lock($1)', [PREPARE_LOCK])
    // Generated migrations type their arguments more narrowly than the adapter's `migrate` does.
    await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
    // Seed content is loaded only when a database is being prepared, never at config load.
    const { seed } = await import('./index')
    await seed(payload)
  } finally {
    await client?.query('select pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => undefined)
    client?.release()
  }
}

type PoolClient = { query(sql: string, params?: unknown[]): Promise<unknown>; release(): void }
