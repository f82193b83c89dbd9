import type { Payload } from 'payload'
import { emailQueueIdle, runEmailQueue } from '@/services/email/queue'

/** The outbox messages of `template` to an address, newest first (the e-mail queue runs in the background). */
export async function mailTo(payload: Payload, to: string, template: string) {
  for (let i = 0; i < 100; i++) {
    // Through the process's one e-mail runner: a second runner beside a background one could take
    // the same job twice.
    await runEmailQueue(payload)
    await emailQueueIdle()
    const found = await payload.find({ collection: 'outbox', where: { and: [{ to: { equals: to } }, { template: { equals: template } }] }, sort: '-createdAt', overrideAccess: true })
    if (found.docs.length) return found.docs
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return []
}

/** The one-time token of a link in a message's text. */
export const tokenIn = (text: string | null | undefined) => /token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1]
