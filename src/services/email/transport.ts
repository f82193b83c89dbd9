// The e-mail adapter: SMTP, or the outbox collection when no SMTP server is set.
import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import nodemailer from 'nodemailer'
import type { EmailAdapter, Payload } from 'payload'
import { now } from '@/lib/clock'
import { env, type Env } from '@/lib/env'
import { isUniqueViolation } from '@/services/db'

/**
 * What our send task adds to a message for the outbox (never sent over SMTP: nodemailer
 * ignores keys it does not know). Payload's own messages (an admin's forgot-password) come
 * without it and are kept with the template "payload".
 */
export type OutboxMeta = { jobId?: string; template?: string; locale?: string }

type MailData = {
  to?: unknown
  from?: unknown
  subject?: unknown
  text?: unknown
  html?: unknown
  headers?: unknown
  messageId?: unknown
  veilgate?: OutboxMeta
}
type MailMessage = { data: MailData; message: { getEnvelope(): unknown; messageId(): string } }

/** "a@x, Name <b@y>" from nodemailer's many address shapes. */
export function addressList(value: unknown): string {
  if (!value) return ''
  if (Array.isArray(value)) return value.map(addressList).filter(Boolean).join(', ')
  if (typeof value === 'object' && 'address' in value) return String((value as { address: unknown }).address)
  return String(value)
}

/** `Veilgate <no-reply@veilgate.com>` → name and address (a bare address has no name). */
export function parseFrom(from: string): { name: string; address: string } {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)
  if (match?.[2]) return { name: (match[1] ?? '').replace(/^"|"$/g, ''), address: match[2] }
  return { name: '', address: from.trim() }
}

/** Stores one finished message in `outbox`, once per job id however often the job runs. */
export async function storeInOutbox(payload: Payload, mail: MailMessage): Promise<void> {
  const { data } = mail
  const meta = data.veilgate ?? {}
  const jobId = meta.jobId ? String(meta.jobId) : undefined
  const already = async () =>
    jobId
      ? (await payload.find({ collection: 'outbox', where: { jobId: { equals: jobId } }, limit: 1, depth: 0, overrideAccess: true })).docs.length > 0
      : false
  if (await already()) return
  const headers = { ...((data.headers as Record<string, unknown> | undefined) ?? {}), 'Message-ID': mail.message.messageId() }
  try {
    await payload.create({
      collection: 'outbox',
      overrideAccess: true,
      data: {
        to: addressList(data.to),
        from: addressList(data.from),
        subject: String(data.subject ?? ''),
        text: typeof data.text === 'string' ? data.text : undefined,
        html: typeof data.html === 'string' ? data.html : undefined,
        headers,
        template: meta.template ?? 'payload',
        locale: meta.locale,
        jobId,
        sentAt: now().toISOString(),
      },
    })
  } catch (error) {
    // A second run of the same job raced us to the row: the message is stored once, as wanted.
    if (isUniqueViolation(error) && (await already())) return
    throw error
  }
}

/** A nodemailer transport that keeps each message in the `outbox` collection instead of sending it. */
function outboxTransport(owner: () => Payload | undefined) {
  return {
    name: 'veilgate-outbox',
    version: '1.0.0',
    send(mail: MailMessage, done: (error: Error | null, info?: unknown) => void) {
      const payload = owner()
      if (!payload) return done(new Error('The outbox is not ready yet'))
      storeInOutbox(payload, mail).then(
        () => done(null, { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() }),
        (error: Error) => done(error),
      )
    },
  }
}

/**
 * Payload's e-mail adapter (nodemailer): SMTP when SMTP_URL is set, otherwise the outbox in
 * PostgreSQL, which admins read in the admin and at /cms-api/outbox. Never Ethereal's test
 * account (it needs the network).
 */
export async function emailAdapter(settings: Pick<Env, 'SMTP_URL' | 'EMAIL_FROM'> = env()): Promise<EmailAdapter> {
  const from = parseFrom(settings.EMAIL_FROM)
  const defaults = { defaultFromAddress: from.address, defaultFromName: from.name || 'Veilgate', skipVerify: true }
  if (settings.SMTP_URL) {
    return nodemailerAdapter({ ...defaults, transport: nodemailer.createTransport(settings.SMTP_URL) })
  }
  let owner: Payload | undefined
  const adapter = await nodemailerAdapter({
    ...defaults,
    transport: nodemailer.createTransport(outboxTransport(() => owner) as unknown as Parameters<typeof nodemailer.createTransport>[0]),
  })
  return (args) => {
    owner = args.payload
    return adapter(args)
  }
}
