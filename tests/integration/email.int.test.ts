import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { getPayload, type Payload } from 'payload'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import config from '@payload-config'
import { emailQueueIdle } from '@/services/email/queue'
import { releaseStuckJobs } from '@/services/jobs/stuck'
import { messageId, sendEmail } from '@/services/email/send'
import { sendEmailTask } from '@/services/email/task'
import { renderEmail } from '@/services/email/templates'
import { emailAdapter } from '@/services/email/transport'
import { runEmailJobs } from '../support/mail'

let payload: Payload

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(async () => {
  await emailQueueIdle()
})

const outboxFor = async (to: string) =>
  (await payload.find({ collection: 'outbox', where: { to: { equals: to } }, overrideAccess: true, limit: 10 })).docs

/** Runs the email queue until `done` holds (retries wait out their backoff). */
async function runUntil(done: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    await runEmailJobs(payload)
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the email queue did not finish in time')
}

describe('sendEmail and the outbox', () => {
  it('queues a job and stores exactly one outbox document with every field', async () => {
    const to = 'first@example.com'
    const { jobId } = await sendEmail(
      { template: 'password-reset', to, locale: 'de', timezone: '+0100', data: { url: '/reset-password?token=t1', minutes: 60 } },
      { payload },
    )
    const job = await payload.findByID({ collection: 'payload-jobs', id: jobId!, overrideAccess: true })
    expect(job.queue).toBe('email')
    expect(job.taskSlug).toBe('sendEmail')
    await runUntil(async () => (await outboxFor(to)).length > 0)
    await runEmailJobs(payload)
    const docs = await outboxFor(to)
    expect(docs).toHaveLength(1)
    const doc = docs[0]!
    expect(doc.subject).toBe('Setzen Sie Ihr Veilgate-Passwort zurück')
    expect(doc.template).toBe('password-reset')
    expect(doc.locale).toBe('de')
    expect(doc.jobId).toBe(jobId)
    expect(doc.from).toBe('Veilgate <no-reply@veilgate.com>')
    expect(doc.text).toContain('http://localhost:3000/reset-password?token=t1')
    expect(doc.html).toContain('lang="de"')
    expect(doc.sentAt).toBeTruthy()
    const headers = doc.headers as Record<string, string>
    expect(headers['Auto-Submitted']).toBe('auto-generated')
    expect(headers['Message-ID']).toMatch(/^<[0-9a-f-]+@localhost>$/)
    // A finished job is removed; only failed ones stay for admins to see.
    expect((await payload.find({ collection: 'payload-jobs', where: { id: { equals: jobId } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('stores one document when the transport fails once and the job is retried', async () => {
    const to = 'retry@example.com'
    const spy = vi.spyOn(payload, 'sendEmail').mockRejectedValueOnce(new Error('connection refused by retry@example.com'))
    const warn = vi.spyOn(payload.logger, 'warn')
    const { jobId } = await sendEmail({ template: 'confirm-address', to, locale: 'en', data: { url: '/confirm-email?token=c1' } }, { payload })
    await runUntil(async () => (await outboxFor(to)).length > 0)
    expect(spy).toHaveBeenCalledTimes(2)
    spy.mockRestore()
    const logged = JSON.stringify(warn.mock.calls)
    warn.mockRestore()
    expect(logged).toContain(jobId)
    expect(logged).not.toContain('retry@example.com')
    expect(logged).not.toContain('token=c1')
    expect(await outboxFor(to)).toHaveLength(1)
  })

  it('stores a message once even if the same job runs twice', async () => {
    const to = 'same-job-twice@example.com'
    const mail = await renderEmail('confirm-address', { url: '/c?t=2' }, { locale: 'en' })
    const input = { template: 'confirm-address', to, locale: 'en', subject: mail.subject, text: mail.text, html: mail.html, headers: { 'Message-ID': messageId() } }
    // A server stopped after storing the message but before marking the job done: the job runs again.
    const handler = sendEmailTask.handler as (args: unknown) => Promise<unknown>
    const run = () => handler({ input, job: { id: 'job-twice' }, req: { payload } })
    await run()
    await run()
    expect(await outboxFor(to)).toHaveLength(1)
  })

  it('sends a job a stopped server left processing, after the next start', async () => {
    const to = 'stuck@example.com'
    const { jobId } = await sendEmail({ template: 'confirm-address', to, locale: 'fr', data: { url: '/c?t=3' } }, { payload })
    await emailQueueIdle()
    const before = await outboxFor(to)
    if (before.length === 0) {
      await payload.update({ collection: 'payload-jobs', id: jobId!, data: { processing: true }, overrideAccess: true })
      await payload.jobs.run({ queue: 'email' })
      expect(await outboxFor(to)).toHaveLength(0)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(await releaseStuckJobs(payload, 10)).toBeGreaterThanOrEqual(1)
      await runUntil(async () => (await outboxFor(to)).length > 0)
    }
    expect(await outboxFor(to)).toHaveLength(1)
  })

  it('refuses an address that is not an e-mail before queueing anything', async () => {
    const jobs = async () => (await payload.count({ collection: 'payload-jobs', overrideAccess: true })).totalDocs
    const before = await jobs()
    await expect(
      sendEmail({ template: 'confirm-address', to: 'not-an-address', locale: 'en', data: { url: '/c' } }, { payload }),
    ).rejects.toThrow(/not an e-mail/)
    expect(await jobs()).toBe(before)
  })

  it('puts Payload’s own messages (an admin’s forgot-password) in the outbox, without a job', async () => {
    await payload.forgotPassword({ collection: 'admins', data: { email: 'admin@veilgate.local' }, disableEmail: false })
    const [doc] = await outboxFor('admin@veilgate.local')
    expect(doc?.template).toBe('payload')
    expect(doc?.jobId ?? null).toBeNull()
    expect(doc?.html).toContain('reset')
  })
})

describe('outbox access', () => {
  it('lets admins read and nobody else; nobody creates or updates through the API', async () => {
    const admin = (await payload.find({ collection: 'admins', overrideAccess: true, limit: 1 })).docs[0]!
    const asAdmin = await payload.find({ collection: 'outbox', overrideAccess: false, user: { ...admin, collection: 'admins' } })
    expect(asAdmin.totalDocs).toBeGreaterThan(0)
    await expect(payload.find({ collection: 'outbox', overrideAccess: false })).rejects.toThrow()
    await expect(
      payload.find({ collection: 'outbox', overrideAccess: false, user: { id: 1, email: 'c@example.com', collection: 'customers' } as never }),
    ).rejects.toThrow()
    const data = { to: 'x@example.com', subject: 'x', sentAt: new Date().toISOString() }
    await expect(payload.create({ collection: 'outbox', data, overrideAccess: false, user: { ...admin, collection: 'admins' } })).rejects.toThrow()
    const id = asAdmin.docs[0]!.id
    await expect(payload.update({ collection: 'outbox', id, data: { subject: 'y' }, overrideAccess: false, user: { ...admin, collection: 'admins' } })).rejects.toThrow()
  })

  it('shows the jobs collection (failed messages included) to admins only', async () => {
    const admin = (await payload.find({ collection: 'admins', overrideAccess: true, limit: 1 })).docs[0]!
    // A job nobody runs here (another queue), standing for a message that failed for good.
    const input = { template: 'confirm-address', to: 'held@example.com', locale: 'en', subject: 's', text: 't', html: '<p>h</p>', headers: {} }
    await payload.jobs.queue({ task: 'sendEmail', queue: 'held', input })
    const jobs = await payload.find({ collection: 'payload-jobs', overrideAccess: false, user: { ...admin, collection: 'admins' } })
    expect(jobs.totalDocs).toBeGreaterThan(0)
    await expect(payload.find({ collection: 'payload-jobs', overrideAccess: false })).rejects.toThrow()
  })
})

describe('SMTP mode', () => {
  it('sends over SMTP to a server on loopback, not into the outbox', async () => {
    const received: { from: string; to: string[]; data: string }[] = []
    const server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username })
      },
      logger: false,
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')))
        stream.on('end', () => {
          received.push({ from: String(session.envelope.mailFrom && session.envelope.mailFrom.address), to: session.envelope.rcptTo.map((r) => r.address), data })
          callback()
        })
      },
    })
    server.listen(0, '127.0.0.1')
    await once(server.server, 'listening')
    const port = (server.server.address() as AddressInfo).port
    const original = { email: payload.email, sendEmail: payload.sendEmail }
    const smtp = await emailAdapter({ SMTP_URL: `smtp://user:pass@127.0.0.1:${port}`, EMAIL_FROM: 'Veilgate <no-reply@veilgate.com>' })
    payload.email = smtp({ payload })
    payload.sendEmail = payload.email.sendEmail
    try {
      const to = 'smtp@example.com'
      await sendEmail({ template: 'fast-login', to, locale: 'ar', data: { url: '/sign-in/fast?t=9', code: '424242', minutes: 15 } }, { payload })
      await runUntil(async () => received.length > 0)
      expect(received[0]!.to).toEqual([to])
      expect(received[0]!.from).toBe('no-reply@veilgate.com')
      expect(received[0]!.data).toMatch(/Auto-Submitted: auto-generated/)
      expect(received[0]!.data).toMatch(/Message-ID: <[0-9a-f-]+@localhost>/)
      expect(received[0]!.data).not.toContain('veilgate:')
      expect(await outboxFor(to)).toHaveLength(0)
    } finally {
      Object.assign(payload, original)
      await new Promise((resolve) => server.close(() => resolve(null)))
    }
  })
})
