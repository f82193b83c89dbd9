// The e-mail queue, run in the background (jobs a stopped server left are released by src/services/jobs/stuck.ts).
import { backgroundRunner } from '@/services/queue-runner'
import { EMAIL_QUEUE } from './task'

const runner = backgroundRunner(EMAIL_QUEUE, 'e-mail')

/** Runs the `email` queue now, in the background (the task logs template, job id and reason, never the address). */
export const runEmailQueue = runner.run

/** Resolves when no run of the `email` queue is under way in this process. */
export const emailQueueIdle = runner.idle

