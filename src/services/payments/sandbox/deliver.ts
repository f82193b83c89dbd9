// The sandbox's payment events: signed in each provider's format and delivered to its route by a retried job.
import type { Payload, TaskConfig } from 'payload'
import { now, realNow } from '@/lib/clock'
import { env } from '@/lib/env'
import type { PaymentMethod } from '@/services/catalog/methods'
import { backgroundRunner } from '@/services/queue-runner'
import { PAYMENTWALL_ROUTE, PINGBACK_REFUND, sandboxPingback, signedPingback } from '@/services/payments/paymentwall/pingback'
import { PAYPAL_ROUTE, sandboxPaypalEvent } from '@/services/payments/paypal/events'
import { AMAZON_ROUTE, sandboxAmazonNotice } from '@/services/payments/amazon/notices'
import { BITCOIN_ROUTE, BTCPAY_SIGNATURE_HEADER, btcpaySignature } from '@/services/payments/bitcoin/btcpay'
import { COINPAYMENTS_ROUTE, COINPAYMENTS_SIGNATURE_HEADER, ipnSignature } from '@/services/payments/coinpayments/ipn'
import { sandboxWebhookSecret } from './secret'
import { sandboxEvent, sandboxRefundEvent, SANDBOX_SIGNATURE_HEADER, signPayload, webhookTestOptions } from '@/services/payments/webhooks'

export const WEBHOOK_QUEUE = 'webhooks'
export const CARD_WEBHOOK_PATH = '/api/veilgate/purchase/stripe'

/** The routes the sandbox delivers to: card events (Stripe's shape), PayPal's events, Paymentwall's pingbacks, Amazon Pay's charge notices, BTCPay's invoice deliveries, CoinPayments' IPNs. */
export type SandboxRoute = 'card' | 'paypal' | 'paymentwall' | 'amazon' | 'bitcoin' | 'coinpayments'
const sandboxRoutes: readonly SandboxRoute[] = ['card', 'paypal', 'paymentwall', 'amazon', 'bitcoin', 'coinpayments']

/** How a delivery reaches a route: HTTP by default; tests call the route handler in process. */
export type WebhookTransport = (url: string, init: { method: 'POST' | 'GET'; headers: Record<string, string>; body?: string }) => Promise<{ status: number }>
const overHttp: WebhookTransport = async (url, init) => {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
  await response.body?.cancel()
  return { status: response.status }
}
let transport = overHttp
export function setWebhookTransport(next: WebhookTransport | null): void {
  transport = next ?? overHttp
}

/** One delivery, signed at the moment of sending (so a retry is never stale). */
function signedRequest(route: SandboxRoute, body: string, secret: string): { url: string; init: Parameters<WebhookTransport>[1] } {
  const site = env().SITE_URL
  if (route === 'paymentwall') {
    const query = signedPingback(JSON.parse(body) as Record<string, string>, secret, now())
    return { url: `${new URL(PAYMENTWALL_ROUTE, site).toString()}?${query.toString()}`, init: { method: 'GET', headers: {} } }
  }
  if (route === 'bitcoin') {
    return { url: new URL(BITCOIN_ROUTE, site).toString(), init: { method: 'POST', headers: { 'content-type': 'application/json', [BTCPAY_SIGNATURE_HEADER]: btcpaySignature(secret, body) }, body } }
  }
  if (route === 'coinpayments') {
    const form = new URLSearchParams(JSON.parse(body) as Record<string, string>).toString()
    return { url: new URL(COINPAYMENTS_ROUTE, site).toString(), init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', [COINPAYMENTS_SIGNATURE_HEADER]: ipnSignature(secret, form) }, body: form } }
  }
  const path = route === 'paypal' ? PAYPAL_ROUTE : route === 'amazon' ? AMAZON_ROUTE : CARD_WEBHOOK_PATH
  return { url: new URL(path, site).toString(), init: { method: 'POST', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signPayload(secret, body, now()) }, body } }
}

/**
 * Task `deliverWebhook`: sends one sandbox event to its route (POST for cards, PayPal and Amazon Pay, the
 * pingback's GET for Paymentwall). Anything but a 2xx throws, and the job is retried with
 * backoff, as a real provider retries.
 */
export const deliverWebhookTask: TaskConfig<{ input: { event: string; route?: string }; output: { status: number } }> = {
  slug: 'deliverWebhook',
  label: 'Deliver a sandbox payment event',
  retries: { attempts: 6, backoff: { type: 'exponential', delay: 2_000 } },
  inputSchema: [
    { name: 'event', type: 'textarea', required: true },
    { name: 'route', type: 'text' },
  ],
  outputSchema: [{ name: 'status', type: 'number' }],
  handler: async ({ input, job, req }) => {
    const route = sandboxRoutes.find((known) => known === input.route) ?? 'card'
    const { url, init } = signedRequest(route, input.event, sandboxWebhookSecret(req.payload))
    const { status } = await transport(url, init)
    if (status < 200 || status >= 300) {
      req.payload.logger.warn({ msg: 'sandbox webhook refused, will retry', job: String(job.id), route, status })
      throw new Error(`the ${route} route answered ${status}`)
    }
    return { output: { status } }
  },
}

/** Runs the `webhooks` queue now, in the background; one run at a time per process. */
export const runWebhookQueue = backgroundRunner(WEBHOOK_QUEUE, 'webhook').run

/**
 * Queues one of the sandbox's deliveries (with the test options' delay and copies) and, in a
 * serving process, starts delivering at once; the minute cron picks up delayed and retried ones.
 * A delay counts in real time, as Payload compares `waitUntil` with it: with the sandbox clock a
 * month ahead, a delayed event still goes out after its delay, not a month later. `holdMs` is the
 * processor's own delay (a crypto payment's confirmations): a serving process runs the queue again
 * when it is due, as the minute's run alone would send it up to a minute late.
 */
export async function emitSandboxEvent(payload: Payload, delivery: { route: SandboxRoute; body: unknown }, holdMs = 0): Promise<void> {
  const options = webhookTestOptions(env().SANDBOX_WEBHOOK_TEST)
  const body = JSON.stringify(delivery.body)
  const autorun = process.env.JOBS_AUTORUN !== 'false'
  for (let copy = 0; copy < options.copies; copy++) {
    const delay = holdMs + (options.shuffle ? Math.floor(Math.random() * (options.delayMs + 1)) : options.delayMs)
    await payload.jobs.queue({ task: 'deliverWebhook', queue: WEBHOOK_QUEUE, input: { event: body, route: delivery.route }, ...(delay ? { waitUntil: new Date(realNow().getTime() + delay) } : {}) })
    if (autorun && holdMs > 0) setTimeout(() => void runWebhookQueue(payload), delay + 250).unref()
  }
  if (autorun) void runWebhookQueue(payload)
}

/**
 * The sandbox reports an outcome of one of its payments the way the method's provider does:
 * cards and the device wallets (Apple Pay, Google Pay) as Stripe's `payment_intent.*` events,
 * PayPal as `PAYMENT.CAPTURE.*` events (none while an approval waits), Amazon Pay as charge
 * notices (once captured, declined or canceled), Paymentwall by a pingback once paid (it sends
 * nothing for a cancel or a decline).
 */
export async function reportSandboxOutcome(
  payload: Payload,
  input: Parameters<typeof sandboxEvent>[0] & { method?: PaymentMethod; amount?: number; customer?: string; providerCode?: string | null },
): Promise<void> {
  // A crypto invoice's news goes out as its buyer answers its page (`reportInvoice`), not with the create call.
  if (input.method === 'bitcoin' || input.method === 'coinpayments') return
  if (input.method === 'amazon-pay') {
    const notice = sandboxAmazonNotice(input)
    if (notice) await emitSandboxEvent(payload, { route: 'amazon', body: notice })
    return
  }
  if (input.method === 'paypal') {
    const event = sandboxPaypalEvent({ ...input, amount: input.amount ?? 0 })
    if (event) await emitSandboxEvent(payload, { route: 'paypal', body: event })
    return
  }
  if (input.method === 'paymentwall') {
    if (input.status === 'succeeded') await emitSandboxEvent(payload, { route: 'paymentwall', body: sandboxPingback({ providerRef: input.providerRef, hash: input.hash, customer: input.customer ?? input.hash }) })
    return
  }
  await emitSandboxEvent(payload, { route: 'card', body: sandboxEvent(input) })
}

/**
 * The sandbox reports a refund the way the method's provider does: PayPal's
 * `PAYMENT.CAPTURE.REFUNDED`, Paymentwall's type-2 pingback, a `charge.refunded` for cards and the
 * device wallets. (Amazon Pay's refund notices are not part of its sandbox, nor are crypto refunds: nothing is sent.)
 */
export async function reportSandboxRefund(
  payload: Payload,
  input: { method: PaymentMethod; providerRef: string; orderId: number; hash: string; attempt: number; amount: number; at: Date },
): Promise<void> {
  // Amazon Pay's refund notices are not part of its sandbox; a crypto refund is sent by hand, with no notice.
  if (input.method === 'amazon-pay' || input.method === 'bitcoin' || input.method === 'coinpayments') return
  if (input.method === 'paypal') {
    const event = sandboxPaypalEvent({ ...input, status: 'refunded' })
    if (event) await emitSandboxEvent(payload, { route: 'paypal', body: event })
    return
  }
  if (input.method === 'paymentwall') {
    await emitSandboxEvent(payload, { route: 'paymentwall', body: sandboxPingback({ providerRef: input.providerRef, hash: input.hash, customer: input.hash, type: PINGBACK_REFUND }) })
    return
  }
  await emitSandboxEvent(payload, { route: 'card', body: sandboxRefundEvent(input) })
}
