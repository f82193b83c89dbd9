// Sending e-mail: render in the customer's language, queue a job, start the queue.
import { randomUUID } from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { z } from 'zod'
import { localizePath } from '@/i18n/paths'
import { env } from '@/lib/env'
import { runEmailQueue } from './queue'
import { EMAIL_QUEUE, type QueuedEmail } from './task'
import { renderEmail, type TemplateData, type TemplateName } from './templates'

export type EmailRequest<T extends TemplateName> = {
  template: T
  /** None for an account bought without an e-mail: nothing is sent (see `sendEmail`). */
  to: string | null | undefined
  /** One of the 32 locale codes; anything else gets English. */
  locale: string
  /** The customer's offset from UTC, `+0200` form. */
  timezone?: string
  data: TemplateData[T]
  /**
   * A newsletter subscriber's unsubscribe token: the message gets `List-Unsubscribe` (our one-click
   * endpoint), `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058) and a line linking to
   * the unsubscribe page in the subscriber's language.
   */
  unsubscribe?: { token: string; locale: string }
}

const address = z.email()

/** `<uuid@host-of-SITE_URL>`: set once when queued, so a retried job keeps its Message-ID. */
export function messageId(): string {
  return `<${randomUUID()}@${new URL(env().SITE_URL).hostname}>`
}

/**
 * The one way our code sends e-mail. It renders the message in the customer's language,
 * stores a `sendEmail` job (inside the caller's transaction when `req` has one) and returns
 * once the job row is written: a crash or restart after that loses nothing. Then it starts the
 * `email` queue in the background, so the message is out within seconds; the per-minute
 * runner picks up anything left. Throws before queueing when the address is not an e-mail.
 * Without a recipient (an account bought with a number instead of an address) nothing is
 * queued and `jobId` is null: every sender passes here, so none of them has to ask, and no
 * caller's work (a fulfilment, a lockout) fails for want of an address.
 */
export async function sendEmail<T extends TemplateName>(
  request: EmailRequest<T>,
  options: { req?: PayloadRequest; payload: Payload },
): Promise<{ jobId: string | null }> {
  if (request.to === null || request.to === undefined || request.to === '') {
    ;(options.req?.payload ?? options.payload).logger.info({ msg: 'e-mail not sent: the account has no address', template: request.template })
    return { jobId: null }
  }
  const to = address.safeParse(request.to)
  if (!to.success) throw new Error('sendEmail: the recipient is not an e-mail address')
  const unsubscribe = request.unsubscribe
  const rendered = await renderEmail(request.template, request.data, {
    locale: request.locale,
    timezone: request.timezone ?? '+0000',
    unsubscribeUrl: unsubscribe ? `${localizePath(unsubscribe.locale, '/blog-unsubscribe')}?token=${encodeURIComponent(unsubscribe.token)}` : undefined,
  })
  const payload = options.req?.payload ?? options.payload
  const input: QueuedEmail = {
    template: request.template,
    to: to.data,
    locale: rendered.locale.code,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: {
      'Auto-Submitted': 'auto-generated',
      'Message-ID': messageId(),
      'Content-Language': rendered.locale.tag,
      ...(unsubscribe
        ? {
            'List-Unsubscribe': `<${new URL(`/api/coms/unsubscribe/?token=${encodeURIComponent(unsubscribe.token)}`, env().SITE_URL).toString()}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {}),
    },
  }
  const job = await payload.jobs.queue({ task: 'sendEmail', queue: EMAIL_QUEUE, input, req: options.req })
  const jobId = String(job.id)
  payload.logger.info({ msg: 'e-mail queued', template: request.template, job: jobId })
  kick(payload, Boolean(options.req?.transactionID))
  return { jobId }
}

/**
 * Starts the queue now; inside a transaction the job is invisible until the caller commits,
 * so the queue is also started a moment later.
 */
function kick(payload: Payload, inTransaction: boolean) {
  const later = (ms: number) => setTimeout(() => void runEmailQueue(payload), ms).unref()
  if (inTransaction) {
    later(500)
    later(5_000)
  } else {
    void runEmailQueue(payload)
  }
}
