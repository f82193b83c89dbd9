// Background upkeep as Payload scheduled tasks: one helper that makes each domain's clean-up a task.
import type { Payload, TaskConfig } from 'payload'
import { now } from '@/lib/clock'
import { loadClock } from '@/services/payments/sandbox/clock'

/**
 * The queue of the scheduled upkeep tasks. Only instances that run jobs (`JOBS_AUTORUN` not
 * `false`) schedule and run it; Payload queues a task's next run only when none of its scheduled
 * runs is waiting or running, so two such instances do not sweep twice, and every task is an
 * idempotent compare-and-set or delete in any case.
 */
export const MAINTENANCE_QUEUE = 'maintenance'

/** What one run did, by count (for the job's output in the admin and the log). */
export type Counts = Record<string, number>

/**
 * A scheduled task in the `maintenance` queue: `work` runs at each `cron` (UTC, five fields), with
 * the time of `clock` (src/lib/clock.ts): business time by default, `securityNow` for security
 * lifetimes, `realNow` for times the database or a library wrote. Runs that change something log
 * their counts; errors are logged by the task (the job keeps the message) and the next scheduled
 * run tries again.
 */
export function maintenanceTask(
  slug: string,
  label: string,
  cron: string,
  work: (payload: Payload, at: Date) => Promise<Counts>,
  clock: () => Date = now,
): TaskConfig<{ input: object; output: { counts: Counts } }> {
  return {
    slug,
    label,
    schedule: [{ cron, queue: MAINTENANCE_QUEUE }],
    retries: 0,
    outputSchema: [{ name: 'counts', type: 'json', required: true }],
    handler: async ({ req }) => {
      try {
        // Every instance takes the sandbox clock's time from the database before each run.
        await loadClock(req.payload)
        const counts = await work(req.payload, clock())
        if (Object.values(counts).some(Boolean)) req.payload.logger.info({ msg: label, task: slug, ...counts })
        return { output: { counts } }
      } catch (error) {
        req.payload.logger.warn({ msg: `${label} failed`, task: slug, reason: error instanceof Error ? error.message : String(error) })
        throw error
      }
    },
  }
}
