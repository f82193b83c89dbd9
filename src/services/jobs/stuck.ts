// Jobs a stopped server left "processing": Payload never runs them again by itself, and a stuck run
// of a scheduled task keeps its next run from being queued on every instance. Every instance that
// runs jobs releases them at start and then each minute, by a timer of its own (a job doing it
// could itself be stuck). A released job runs again; each job's effect is idempotent (an outbox
// row per job id, a charge per renewal key, an event per event id).
import type { Payload } from 'payload'
import { realNow } from '@/lib/clock'
import { env } from '@/lib/env'
import { logger } from '@/lib/log'

/** How often each instance looks for stuck jobs. */
export const STUCK_CHECK_EVERY_MS = 60_000

type JobState = { processing?: boolean | null; completedAt?: string | null; updatedAt?: string | null }

/** The rule: still processing, never completed, and untouched for longer than `afterMs`. */
export function isStuck(job: JobState, now: Date, afterMs: number): boolean {
  if (!job.processing || job.completedAt) return false
  const touched = job.updatedAt ? Date.parse(job.updatedAt) : Number.NaN
  return Number.isFinite(touched) && touched < now.getTime() - afterMs
}

/** JOB_STUCK_AFTER (seconds, default 600) in milliseconds. */
export const stuckAfterMs = (): number => env().JOB_STUCK_AFTER * 1000

/**
 * Releases the jobs `isStuck` names, in every queue, in one compare-and-set update (a job finished
 * meanwhile no longer matches); answers how many.
 */
export async function releaseStuckJobs(payload: Payload, olderThanMs = stuckAfterMs(), now = realNow()): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMs).toISOString()
  const result = await payload.update({
    collection: 'payload-jobs',
    where: { and: [{ processing: { equals: true } }, { updatedAt: { less_than: cutoff } }, { completedAt: { exists: false } }] },
    data: { processing: false },
    overrideAccess: true,
    depth: 0,
  })
  const released = result.docs.length
  if (released) payload.logger.warn({ msg: 'released jobs left processing by a stopped server', count: released })
  return released
}

/** Releases stuck jobs now and then every `everyMs` while the process runs; answers a stop function. */
export function releaseStuckJobsEvery(payload: Payload, { everyMs = STUCK_CHECK_EVERY_MS, afterMs }: { everyMs?: number; afterMs?: number } = {}): () => void {
  let running = false
  const check = async () => {
    if (running) return
    running = true
    try {
      await releaseStuckJobs(payload, afterMs ?? stuckAfterMs())
    } catch (error) {
      logger().error({ err: error }, '[jobs] releasing stuck jobs failed')
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void check(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
