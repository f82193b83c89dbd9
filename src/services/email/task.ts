// The `sendEmail` task: one queued message handed to the e-mail adapter, with retries.
import type { SendEmailOptions, TaskConfig } from 'payload'
import type { OutboxMeta } from './transport'

/** The finished message a `sendEmail` job carries (rendered when it was queued). */
export type QueuedEmail = {
  template: string
  to: string
  locale: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
}

export const EMAIL_QUEUE = 'email'

/** Error texts may quote an address; logs never show one. */
export const withoutAddresses = (text: string) => text.replace(/[^\s<>"',;:]+@[^\s<>"',;]+/g, '<address>')

/**
 * Task `sendEmail`: hands one queued message to Payload's e-mail adapter (SMTP or the
 * outbox). Five retries with exponential backoff; the job id keys the outbox row, so a retry
 * after a stored message does not store it twice. Logs name the template and the job, never
 * the recipient, the link or the code.
 */
export const sendEmailTask: TaskConfig<{ input: QueuedEmail; output: { messageId: string } }> = {
  slug: 'sendEmail',
  label: 'Send an e-mail',
  retries: { attempts: 5, backoff: { type: 'exponential', delay: 2_000 } },
  inputSchema: [
    { name: 'template', type: 'text', required: true },
    { name: 'to', type: 'text', required: true },
    { name: 'locale', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'html', type: 'textarea', required: true },
    { name: 'headers', type: 'json', required: true },
  ],
  outputSchema: [{ name: 'messageId', type: 'text' }],
  handler: async ({ input, job, req }) => {
    const jobId = String(job.id)
    const veilgate: OutboxMeta = { jobId, template: input.template, locale: input.locale }
    const { 'Message-ID': storedId, ...headers } = input.headers
    try {
      const message: SendEmailOptions & { veilgate: OutboxMeta } = {
        to: input.to,
        subject: input.subject,
        text: input.text,
        html: input.html,
        headers,
        messageId: storedId,
        veilgate,
      }
      const info = (await req.payload.sendEmail(message)) as { messageId?: string } | undefined
      req.payload.logger.info({ msg: 'e-mail sent', template: input.template, job: jobId })
      return { output: { messageId: String(info?.messageId ?? storedId ?? '') } }
    } catch (error) {
      const reason = withoutAddresses(error instanceof Error ? error.message : String(error))
      req.payload.logger.warn({ msg: 'e-mail not sent, will retry', template: input.template, job: jobId, reason })
      throw new Error(`sending failed: ${reason}`)
    }
  },
}
