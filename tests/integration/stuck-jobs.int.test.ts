// Jobs a stopped server left "processing" are released while the site runs (each instance's own
// timer, not a job), and run again with one effect.
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { messageId } from '@/services/email/send'
import { renderEmail } from '@/services/email/templates'
import { releaseStuckJobsEvery } from '@/services/jobs/stuck'

let payload: Payload

beforeAll(async () => {
  payload = await getPayload({ config })
})

const outboxFor = async (to: string) => (await payload.find({ collection: 'outbox', where: { to: { equals: to } }, overrideAccess: true, depth: 0 })).docs

describe('stuck jobs', () => {
  let stop: (() => void) | undefined
  afterAll(() => stop?.())

  it('are released by the running instance’s timer, and the message still goes out once', async () => {
    const to = `stuck-while-running-${process.pid}@example.com`
    const mail = await renderEmail('confirm-address', { url: '/c?t=9' }, { locale: 'de' })
    // Queued as sendEmail() queues it, but left as a server killed mid-run leaves it: processing, nothing stored.
    // It is queued for later first: other files' runners work the same e-mail queue, and one of them
    // would run it in the moment between queueing and marking it processing.
    const job = await payload.jobs.queue({ task: 'sendEmail', queue: 'email', waitUntil: new Date(Date.now() + 3_600_000), input: { template: 'confirm-address', to, locale: 'de', subject: mail.subject, text: mail.text, html: mail.html, headers: { 'Message-ID': messageId() } } })
    const jobId = job.id
    await payload.update({ collection: 'payload-jobs', id: jobId, data: { processing: true, waitUntil: null }, overrideAccess: true })
    await payload.jobs.run({ queue: 'email' })
    expect(await outboxFor(to)).toHaveLength(0)

    stop = releaseStuckJobsEvery(payload, { everyMs: 50, afterMs: 1 })
    await expect
      .poll(async () => (await payload.find({ collection: 'payload-jobs', where: { id: { equals: jobId } }, overrideAccess: true, depth: 0 })).docs[0]?.processing, { timeout: 10_000, interval: 50 })
      .not.toBe(true)
    stop()
    await expect
      .poll(
        async () => {
          await payload.jobs.run({ queue: 'email' })
          return (await outboxFor(to)).length
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(1)
    // Run once more: still one message for the job.
    await payload.jobs.run({ queue: 'email' })
    expect(await outboxFor(to)).toHaveLength(1)
  })
})
