import type { Payload } from 'payload'
import { emailQueueIdle, runEmailQueue } from '@/services/email/queue'

/**
 * Runs the e-mail queue through the process's one runner and waits for it: a second runner beside
 * the background one could take the same job twice.
 */
export async function runEmailJobs(payload: Payload): Promise<void> {
  await runEmailQueue(payload)
  await emailQueueIdle()
}

/** The outbox messages of `template` to an address now, newest first. */
const inOutbox = async (payload: Payload, to: string, template: string) =>
  (await payload.find({ collection: 'outbox', where: { and: [{ to: { equals: to } }, { template: { equals: template } }] }, sort: '-createdAt', overrideAccess: true })).docs

/** The outbox messages of `template` to an address, newest first (the e-mail queue runs in the background). */
export async function mailTo(payload: Payload, to: string, template: string) {
  for (let i = 0; i < 100; i++) {
    await runEmailJobs(payload)
    const found = await inOutbox(payload, to, template)
    if (found.length) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return []
}

/**
 * The outbox messages of `template` to an address once every e-mail already queued has gone out:
 * for a message that must not exist, where `mailTo` would wait ten seconds for nothing.
 */
export async function mailSentTo(payload: Payload, to: string, template: string) {
  await runEmailJobs(payload)
  return inOutbox(payload, to, template)
}

/** The one-time token of a link in a message's text. */
export const tokenIn = (text: string | null | undefined) => /token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1]
