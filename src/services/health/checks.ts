// The checks behind `/api/health`: the database on a connection of its own (the pool may be the
// thing that is stuck), Redis's PING on the shared connection, the job runner's last run.
import type { Payload } from 'payload'
import pg from 'pg'
import { realNow } from '@/lib/clock'
import { redis, type RedisClient } from '@/services/security/redis'
import { isDraining } from '../../../scripts/lib/drain.mjs'
import { healthAnswer, jobsState, type HealthAnswer, type PartState } from './status'

export const DATABASE_CHECK_MS = 1_000
export const REDIS_CHECK_MS = 500

/** Rejects after `ms`, so no check waits longer than its cap. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** `select 1` on a new connection, within `ms` from connecting to the answer. */
export async function checkDatabase(connectionString: string | undefined, ms = DATABASE_CHECK_MS): Promise<'ok' | 'fail'> {
  if (!connectionString) return 'fail'
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: ms, query_timeout: ms, application_name: 'veilgate-health' })
  // A connection lost after the answer must not become an uncaught error.
  client.on('error', () => undefined)
  try {
    await within(
      (async () => {
        await client.connect()
        await client.query('select 1')
      })(),
      ms,
    )
    return 'ok'
  } catch {
    return 'fail'
  } finally {
    void client.end().catch(() => undefined)
  }
}

/** PING within `ms` on the site's Redis connection; `disabled` without REDIS_URL. */
export async function checkRedis(client: RedisClient | undefined, ms = REDIS_CHECK_MS): Promise<PartState> {
  if (!client) return 'disabled'
  try {
    return (await within(client.ping(), ms)) === 'PONG' ? 'ok' : 'fail'
  } catch {
    return 'fail'
  }
}

// Kept on globalThis: Payload is started once per process, but route bundles have their own module copies.
const RUNS = Symbol.for('veilgate.job-runs')
type JobRuns = { startedAt?: number; lastRunEndedAt?: number }
const jobRuns = (): JobRuns => ((globalThis as Record<symbol, JobRuns>)[RUNS] ??= {})

/** Notes this process's start and the end of each job run (Payload's queues, its minute ticks included). */
export function watchJobRuns(payload: Payload): void {
  const runs = jobRuns()
  runs.startedAt = realNow().getTime()
  const run = payload.jobs.run.bind(payload.jobs)
  payload.jobs.run = (args) =>
    run(args).finally(() => {
      runs.lastRunEndedAt = realNow().getTime()
    })
}

/** Every check at once (at most a second), and the answer; the site's database and Redis unless others are given. */
export async function health({ databaseUrl, redisClient }: { databaseUrl?: string; redisClient?: RedisClient } = {}): Promise<HealthAnswer> {
  const runs = jobRuns()
  const [database, redisState] = await Promise.all([checkDatabase(databaseUrl ?? process.env.DATABASE_URL), checkRedis(redisClient ?? redis())])
  const jobs = jobsState({ runsJobs: process.env.JOBS_AUTORUN !== 'false', startedAt: runs.startedAt, lastRunEndedAt: runs.lastRunEndedAt, now: realNow().getTime() })
  return healthAnswer({ database, redis: redisState, jobs }, isDraining())
}
