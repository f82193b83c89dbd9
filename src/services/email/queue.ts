import type { Payload } from 'payload'
import { now } from '@/lib/clock'
import { EMAIL_QUEUE } from './task'

let running: Promise<void> | undefined
let again = false

/**
 * Runs the `email` queue now, in the background of whoever asked. One run at a time per
 * process; a request during a run makes it go round once more. Errors are logged by the task
 * (template, job id, reason), never by Payload, whose messages print the whole job input.
 */
export function runEmailQueue(payload: Payload): Promise<void> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    try {
      do {
        again = false
        await payload.jobs.run({ queue: EMAIL_QUEUE, limit: 50, silent: { error: true } })
      } while (again)
    } catch (error) {
      payload.logger.warn({ msg: 'e-mail queue run failed', reason: error instanceof Error ? error.message : String(error) })
    } finally {
      running = undefined
    }
  })()
  return running
}

/** Resolves when no run of the `email` queue is under way in this process. */
export async function emailQueueIdle(): Promise<void> {
  while (running) await running
}

/** A job that has been "processing" this long belongs to a server that stopped. */
export const STUCK_AFTER_MS = 10 * 60_000

/**
 * Payload never runs a job again once a stopped server left it "processing". At start-up such
 * jobs (older than STUCK_AFTER_MS) are released, so the message still goes out, once.
 */
export async function releaseStuckJobs(payload: Payload, olderThanMs = STUCK_AFTER_MS): Promise<number> {
  const cutoff = new Date(now().getTime() - olderThanMs).toISOString()
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
