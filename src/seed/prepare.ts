import type { Migration, Payload } from 'payload'
import { migrations } from '@/migrations'

/** Any number; every app instance takes the same lock so only one migrates and seeds at a time. */
const PREPARE_LOCK = 7_331_001

/** Runs `work` while holding the prepare lock, so instances and commands started together wait for each other. */
async function withPrepareLock(payload: Payload, work: () => Promise<void>): Promise<void> {
  const pool = (payload.db as unknown as { pool?: { connect(): Promise<PoolClient> } }).pool
  const client = pool ? await pool.connect() : undefined
  try {
    await client?.query('select pg_advisory_lock($1)', [PREPARE_LOCK])
    await work()
  } finally {
    await client?.query('select pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => undefined)
    client?.release()
  }
}

/** Applies the committed migrations that are still pending (none when the database is prepared). */
async function migrate(payload: Payload): Promise<void> {
  // Generated migrations type their arguments more narrowly than the adapter's `migrate` does.
  await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
}

/** For one-off commands (`npm run email:sample`): migrate a database that was never prepared. */
export function migrateDatabase(payload: Payload): Promise<void> {
  return withPrepareLock(payload, () => migrate(payload))
}

/**
 * Runs on every Payload start: applies committed migrations, then seeds the
 * first content once. Instances started together wait for each other.
 */
export async function prepareDatabase(payload: Payload): Promise<void> {
  if (process.env.NEXT_PHASE === 'phase-production-build' || process.env.PAYLOAD_SKIP_PREPARE === 'true') return
  await withPrepareLock(payload, async () => {
    await migrate(payload)
    // Seed content is loaded only when a database is being prepared, never at config load.
    const { seed } = await import('./index')
    await seed(payload)
  })
}

type PoolClient = { query(sql: string, params?: unknown[]): Promise<unknown>; release(): void }
