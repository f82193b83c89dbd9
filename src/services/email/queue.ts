// The e-mail queue: running it in the background and releasing jobs a stopped server left.
import type { Payload } from 'payload'
import { realNow } from '@/lib/clock'
import { backgroundRunner } from '@/services/queue-runner'
import { EMAIL_QUEUE } from './task'

const runner = backgroundRunner(EMAIL_QUEUE, 'e-mail')

/** Runs the `email` queue now, in the background (the task logs template, job id and reason, never the address). */
export const runEmailQueue = runner.run

/** Resolves when no run of the `email` queue is under way in this process. */
export const emailQueueIdle = runner.idle

/** A job that has been "processing" this long belongs to a server that stopped. */
export const STUCK_AFTER_MS = 10 * 60_000

/**
 * Payload never runs a job again once a stopped server left it "processing". At start-up such
 * jobs (older than STUCK_AFTER_MS) are released, so the message still goes out, once.
 */
export async function releaseStuckJobs(payload: Payload, olderThanMs = STUCK_AFTER_MS): Promise<number> {
  const cutoff = new Date(realNow().getTime() - olderThanMs).toISOString()
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
