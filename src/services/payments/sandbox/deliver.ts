// The sandbox's payment events: signed and delivered to our webhook route by a retried job.
import type { Payload, TaskConfig } from 'payload'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { backgroundRunner } from '@/services/queue-runner'
import { sandboxWebhookSecret } from './provider'
import { sandboxEvent, SANDBOX_SIGNATURE_HEADER, signPayload, webhookTestOptions, type WebhookEvent } from '@/services/payments/webhooks'

export const WEBHOOK_QUEUE = 'webhooks'
export const CARD_WEBHOOK_PATH = '/api/veilgate/purchase/stripe'

/** How a delivery reaches the card route: HTTP by default; tests call the route handler in process. */
export type WebhookTransport = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<{ status: number }>
const overHttp: WebhookTransport = async (url, init) => {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
  await response.body?.cancel()
  return { status: response.status }
}
let transport = overHttp
export function setWebhookTransport(next: WebhookTransport | null): void {
  transport = next ?? overHttp
}

/**
 * Task `deliverWebhook`: POSTs one sandbox event to the card route, signed at the moment of
 * sending (so a retry is never stale). Anything but a 2xx throws, and the job is retried with
 * backoff, as a real provider retries.
 */
export const deliverWebhookTask: TaskConfig<{ input: { event: string }; output: { status: number } }> = {
  slug: 'deliverWebhook',
  label: 'Deliver a sandbox payment event',
  retries: { attempts: 6, backoff: { type: 'exponential', delay: 2_000 } },
  inputSchema: [{ name: 'event', type: 'textarea', required: true }],
  outputSchema: [{ name: 'status', type: 'number' }],
  handler: async ({ input, job, req }) => {
    const url = new URL(CARD_WEBHOOK_PATH, env().SITE_URL).toString()
    const signature = signPayload(sandboxWebhookSecret(req.payload), input.event, now())
    const { status } = await transport(url, { method: 'POST', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature }, body: input.event })
    if (status < 200 || status >= 300) {
      req.payload.logger.warn({ msg: 'sandbox webhook refused, will retry', job: String(job.id), status })
      throw new Error(`the card route answered ${status}`)
    }
    return { output: { status } }
  },
}

/** Runs the `webhooks` queue now, in the background; one run at a time per process. */
export const runWebhookQueue = backgroundRunner(WEBHOOK_QUEUE, 'webhook').run

/**
 * Queues the sandbox's event for delivery (with the test options' delay and copies) and, in a
 * serving process, starts delivering at once; the minute cron picks up delayed and retried ones.
 */
export async function emitSandboxEvent(payload: Payload, event: WebhookEvent, at: Date): Promise<void> {
  const options = webhookTestOptions(env().SANDBOX_WEBHOOK_TEST)
  const body = JSON.stringify(event)
  for (let copy = 0; copy < options.copies; copy++) {
    const delay = options.shuffle ? Math.floor(Math.random() * (options.delayMs + 1)) : options.delayMs
    await payload.jobs.queue({ task: 'deliverWebhook', queue: WEBHOOK_QUEUE, input: { event: body }, ...(delay ? { waitUntil: new Date(at.getTime() + delay) } : {}) })
  }
  if (process.env.JOBS_AUTORUN !== 'false') void runWebhookQueue(payload)
}

/** The sandbox reports an outcome of one of its payments, as Stripe sends `payment_intent.*` events. */
export function reportSandboxOutcome(payload: Payload, input: Parameters<typeof sandboxEvent>[0]): Promise<void> {
  return emitSandboxEvent(payload, sandboxEvent(input), input.at)
}
