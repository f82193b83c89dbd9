// Stripe behind the `PaymentProvider` interface.
import Stripe from 'stripe'
import { localizePath } from '@/i18n/paths'
import { failedWith, type PaymentProvider, type PaymentResult, type RenewalInvoice } from '@/services/payments/provider'
import { attemptKeyOf, WEBHOOK_TOLERANCE_S } from '@/services/payments/webhooks'
import { createSubscription, findSubscription, PENDING, retrieveSubscription, subscriptionOfRef, subscriptionRef, subscriptionResult } from './billing'
import { endSubscription, paymentOfEvent, paymentToRefund } from './refunds'
import { logger } from '@/lib/log'

/** The Stripe API version this adapter was written against (stripe-node 23.1's own). */
export const STRIPE_API_VERSION = '2026-10-28.endive'


export type StripeOptions = { secretKey: string; siteUrl: string; apiUrl?: string; webhookSecret?: string; log?: (line: string) => void }

/** A client pinned to our API version; `apiUrl` points it at a stand-in (tests, stripe-mock). */
export function stripeClient(options: StripeOptions): Stripe {
  const api = options.apiUrl ? new URL(options.apiUrl) : null
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
  })
}

/** Where Stripe sends the buyer back after 3-D Secure: the order's success page in the order's language, on SITE_URL. */
export const stripeReturnUrl = (siteUrl: string, locale: string, hash: string) => new URL(`${localizePath(locale, '/payment-success')}?hash=${hash}`, siteUrl).toString()

function cardOf(intent: Stripe.PaymentIntent): PaymentResult['card'] {
  const method = intent.payment_method
  const card = method && typeof method === 'object' ? method.card : null
  return card ? { brand: card.brand, last4: card.last4 } : undefined
}

/** A PaymentIntent's state in our terms. */
export function resultOf(intent: Stripe.PaymentIntent): PaymentResult {
  const result = baseResultOf(intent)
  // A card set up for later charges: its PaymentMethod is what a charge without the buyer uses.
  const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id
  if (intent.setup_future_usage === 'off_session' && method && result.status !== 'failed') result.savedMethod = method
  return result
}

function baseResultOf(intent: Stripe.PaymentIntent): PaymentResult {
  const card = cardOf(intent)
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: intent.id, card }
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url
      return url ? { status: 'requires_action', providerRef: intent.id, card, nextAction: { type: 'redirect', url } } : { status: 'processing', providerRef: intent.id, card }
    }
    case 'requires_payment_method':
    case 'canceled': {
      const error = intent.last_payment_error
      return failedWith(intent.id, error?.decline_code ?? error?.code ?? (intent.status === 'canceled' ? 'canceled' : 'card_declined'), card)
    }
    default:
      // processing, requires_confirmation, requires_capture: the outcome comes later.
      return { status: 'processing', providerRef: intent.id, card }
  }
}

/**
 * Card payments through Stripe (Apple Pay and Google Pay are cards to it): one PaymentIntent per
 * attempt, created and confirmed server-side with the PaymentMethod (`pm_…`) Stripe.js made from
 * the checkout's card fields or wallet, keyed
 * `order:{id}:attempt:{n}` so a resent request never charges twice. 3-D Secure comes back as a
 * redirect to the bank's page, which returns to the order's success page in the order's language.
 */
export function stripeProvider(client: Stripe, options: Pick<StripeOptions, 'siteUrl' | 'log' | 'webhookSecret'>): PaymentProvider {
  const log = options.log ?? ((line: string) => logger().warn(line))
  return {
    id: 'stripe',
    methods: ['card', 'apple-pay', 'google-pay'],
    supportsRecurring: true,
    supportsBilling: true,
    acceptsToken: (token) => /^pm_[A-Za-z0-9_]{3,250}$/.test(token),
    async createPayment(input) {
      const pendingRef = `${PENDING}${input.idempotencyKey}`
      try {
        // An auto-renewing order bought by the buyer: a Stripe subscription, which Stripe renews.
        if (input.billing && input.cardToken) return await createSubscription(client, { ...input, billing: input.billing })
        const intent = await client.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            payment_method: input.savedMethod ?? input.cardToken,
            allowed_payment_method_types: ['card'],
            confirm: true,
            // A saved card is charged without the buyer: no page to come back to.
            ...(input.savedMethod
              ? { off_session: true }
              : { return_url: stripeReturnUrl(options.siteUrl, input.locale, input.hash), ...(input.recurring ? { setup_future_usage: 'off_session' as const } : {}) }),
            metadata: { orderId: String(input.orderId), orderHash: input.hash, attempt: String(input.attempt), attemptKey: input.idempotencyKey },
            expand: ['payment_method'],
          },
          { idempotencyKey: input.idempotencyKey },
        )
        return resultOf(intent)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
          if (error.payment_intent) {
            const result = resultOf(error.payment_intent)
            if (result.status === 'failed') return result
          }
          return failedWith(error.payment_intent?.id ?? pendingRef, error.decline_code ?? error.code ?? 'card_declined')
        }
        if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
          // The charge may or may not have happened: ask again later (retrieve, or the webhook).
          log(`[payments] Stripe did not answer for order ${input.orderId} attempt ${input.attempt} (${error.type}); the order waits for the provider`)
          return { status: 'processing', providerRef: pendingRef }
        }
        log(`[payments] Stripe refused the request for order ${input.orderId} attempt ${input.attempt} (${(error as { type?: string })?.type ?? 'unknown error'})`)
        return failedWith(pendingRef, 'processing_error')
      }
    },
    verifyWebhook(raw, headers, now) {
      const signature = headers.get('stripe-signature')
      if (!options.webhookSecret || !signature) return null
      try {
        // `receivedAt` is in milliseconds: an event signed more than 300 s before now is refused.
        return client.webhooks.constructEvent(raw, signature, options.webhookSecret, WEBHOOK_TOLERANCE_S, undefined, now.getTime()) as unknown
      } catch {
        return null
      }
    },
    async renewalInvoice(id) {
      const invoice = await client.invoices.retrieve(id)
      const subscription = invoice.parent?.subscription_details?.subscription
      const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id
      const end = invoice.lines?.data?.[0]?.period?.end
      if (!subscriptionId || !end) return null
      const tried = invoice.status === 'open' && (invoice.attempt_count ?? 0) > 0
      let status: RenewalInvoice['status'] = invoice.status === 'paid' ? 'paid' : tried || invoice.status === 'uncollectible' || invoice.status === 'void' ? 'failed' : 'open'
      // Tried and waiting for the buyer's bank (3-D Secure on a renewal): its PaymentIntent asks for an action.
      if (tried && invoice.id) {
        const payments = await client.invoicePayments.list({ invoice: invoice.id, limit: 1, expand: ['data.payment.payment_intent'] })
        const intent = payments.data[0]?.payment.payment_intent
        if (intent && typeof intent === 'object' && intent.status === 'requires_action') status = 'action_required'
      }
      return {
        id: invoice.id!,
        subscription: subscriptionId,
        status,
        periodEnd: new Date(end * 1000),
        amount: invoice.amount_paid || invoice.total,
        hostedUrl: invoice.hosted_invoice_url ?? null,
        nextAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
      }
    },
    async providerSubscription(id) {
      const subscription = await client.subscriptions.retrieve(id)
      const states: Record<string, 'active' | 'trialing' | 'past_due' | 'ended'> = { active: 'active', trialing: 'trialing', past_due: 'past_due', canceled: 'ended', incomplete_expired: 'ended', unpaid: 'ended' }
      return { status: states[subscription.status] ?? 'incomplete', cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end) }
    },
    async setRenewal(providerRef, renew, idempotencyKey) {
      await client.subscriptions.update(subscriptionOfRef(providerRef), { cancel_at_period_end: !renew }, { idempotencyKey })
    },
    async refund({ providerRef, idempotencyKey }) {
      // All of the payment back (what Stripe charged is the order's total), then the subscription it paid for stops at once.
      const { intent, subscription } = await paymentToRefund(client, providerRef)
      const refund = await client.refunds.create({ payment_intent: intent, reason: 'requested_by_customer' }, { idempotencyKey })
      if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refused the refund (${refund.failure_reason ?? refund.status})`)
      if (subscription) await endSubscription(client, subscription)
      return { refundRef: refund.id }
    },
    paymentOfEvent: (kind, objectId) => paymentOfEvent(client, kind, objectId),
    async cancelRenewal(providerRef) {
      if (providerRef.startsWith(PENDING)) return
      // A Stripe subscription (the account was deleted): canceled now, never billed again; once canceled, nothing more to do.
      if (providerRef.startsWith('sub_')) return endSubscription(client, subscriptionOfRef(providerRef))
      const intent = await client.paymentIntents.retrieve(providerRef, { expand: ['payment_method'] })
      const method = intent.payment_method
      const id = typeof method === 'string' ? method : method?.id
      if (!id) return
      try {
        // A detached PaymentMethod can never be charged off-session again.
        await client.paymentMethods.detach(id)
      } catch (error) {
        // Not attached to a customer (never saved, or detached before): nothing left to stop.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return
        throw error
      }
    },
    async retrieve(providerRef) {
      if (providerRef.startsWith('sub_')) return subscriptionResult(client, await retrieveSubscription(client, subscriptionOfRef(providerRef)), providerRef)
      if (providerRef.startsWith(PENDING)) {
        const key = providerRef.slice(PENDING.length)
        // A subscription whose create call never answered is found by the order's id.
        const order = attemptKeyOf(key)
        const subscription = order ? await findSubscription(client, order.orderId) : null
        if (subscription && order) return subscriptionResult(client, subscription, subscriptionRef(subscription.id, order.attempt))
        const found = await client.paymentIntents.search({ query: `metadata['attemptKey']:'${key.replace(/'/g, '')}'`, limit: 1, expand: ['data.payment_method'] })
        const intent = found.data[0]
        return intent ? resultOf(intent) : { status: 'processing', providerRef }
      }
      return resultOf(await client.paymentIntents.retrieve(providerRef, { expand: ['payment_method'] }))
    },
  }
}
