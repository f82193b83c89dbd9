// Which provider takes which payment method, and whether payments are available here.
import type { Payload } from 'payload'
import { env } from '@/lib/env'
import { apiError } from '@/lib/http'
import { paymentMethods, type PaymentMethod } from '@/services/catalog/methods'
import type { PaymentProvider, ProviderId } from './provider'
import { sandboxProvider, sandboxWebhookSecret } from '@/services/payments/sandbox/provider'
import { readPaypalEvent, readVerifiedPaypalEvent } from '@/services/payments/paypal/events'
import { paypalApi, type PaypalApi } from '@/services/payments/paypal/client'
import { paypalSetup } from '@/services/payments/paypal/config'
import { paypalProvider, verifyPaypalEvent } from '@/services/payments/paypal/provider'
import { SANDBOX_SIGNATURE_HEADER } from './webhooks'
import { readAmazonNotice } from '@/services/payments/amazon/notices'
import { readPingback } from '@/services/payments/paymentwall/pingback'
import { readBtcpayEvent } from '@/services/payments/bitcoin/btcpay'
import { readIpn } from '@/services/payments/coinpayments/ipn'
import type { PaymentEvent } from './webhooks'
import { stripeClient, stripeProvider } from '@/services/payments/stripe/provider'
import { stripeConfigProblem } from '@/services/payments/stripe/config'
import { logger } from '@/lib/log'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * Whether the sandbox card processor may take payments: always outside production; in production
 * only on a loopback SITE_URL, unless PAYMENTS_SANDBOX says `on` (or `off`: never).
 */
export function sandboxAllowed(input: { nodeEnv: string | undefined; siteUrl: string; setting: 'auto' | 'on' | 'off' }): boolean {
  if (input.setting === 'off') return false
  if (input.setting === 'on' || input.nodeEnv !== 'production') return true
  try {
    return LOOPBACK.has(new URL(input.siteUrl).hostname)
  } catch {
    return false
  }
}

const logged = new Set<string>()
function logOnce(line: string) {
  if (logged.has(line)) return
  logged.add(line)
  logger().warn(line)
}

/** Why a provider cannot take payments here (logged once per process), or null when it can. */
function unavailable(id: ProviderId): string | null {
  const settings = env()
  if (id === 'paypal') {
    const setup = paypalState()
    return setup.state === 'ready' ? null : setup.state === 'broken' ? setup.problem : '[payments] PayPal is not set up (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID)'
  }
  if (id === 'stripe') return stripeConfigProblem({ secretKey: settings.STRIPE_SECRET_KEY, publishableKey: settings.STRIPE_PUBLISHABLE_KEY, webhookSecret: settings.STRIPE_WEBHOOK_SECRET })
  if (sandboxAllowed({ nodeEnv: process.env.NODE_ENV, siteUrl: settings.SITE_URL, setting: settings.PAYMENTS_SANDBOX })) return null
  return settings.PAYMENTS_SANDBOX === 'off'
    ? '[payments] the sandbox card processor is off (PAYMENTS_SANDBOX=off): purchases answer 503'
    : '[payments] refusing the sandbox card processor in production on a public SITE_URL (set PAYMENTS_SANDBOX=on to allow it): purchases answer 503'
}

function available(id: ProviderId): boolean {
  const reason = unavailable(id)
  if (reason) logOnce(reason)
  return !reason
}

/** PayPal's REST app as the settings give it: none (the sandbox takes PayPal), all of it, or half (refused). */
function paypalState() {
  const settings = env()
  return paypalSetup({ clientId: settings.PAYPAL_CLIENT_ID, clientSecret: settings.PAYPAL_CLIENT_SECRET, webhookId: settings.PAYPAL_WEBHOOK_ID })
}

/** The API of PayPal's app (only once it is set up). */
function paypalApiNow(): PaypalApi {
  const settings = env()
  return paypalApi({ clientId: settings.PAYPAL_CLIENT_ID!, clientSecret: settings.PAYPAL_CLIENT_SECRET!, webhookId: settings.PAYPAL_WEBHOOK_ID!, environment: settings.PAYPAL_ENVIRONMENT, apiUrl: settings.PAYPAL_API_URL })
}

/** The configured card provider (PAYMENTS_PROVIDER) can take payments now. */
export const paymentsAvailable = () => available(env().PAYMENTS_PROVIDER)

/** The sandbox's own card endpoints (tokenize, 3-D Secure) serve only while it is the configured, allowed card provider. */
export const sandboxAvailable = () => env().PAYMENTS_PROVIDER === 'sandbox' && available('sandbox')

/** The sandbox may take payments here (its approval page serves the methods it takes whatever PAYMENTS_PROVIDER is). */
export const sandboxAllowedHere = () => available('sandbox')

/**
 * Which provider takes a method, by id: cards, Apple Pay and Google Pay go to the configured
 * provider (sandbox or Stripe); PayPal to PayPal's REST app once any of its settings is given
 * (whatever PAYMENTS_SANDBOX says; half set, it answers 503), else to the sandbox; Paymentwall and
 * Amazon Pay and the crypto invoices to the sandbox (a real adapter would take its line here).
 */
export const methodProviders: Record<PaymentMethod, () => ProviderId | null> = {
  card: () => env().PAYMENTS_PROVIDER,
  paypal: () => (paypalState().state === 'off' ? 'sandbox' : 'paypal'),
  paymentwall: () => 'sandbox',
  'amazon-pay': () => 'sandbox',
  // The device wallets come to Stripe as cards do (its Express Checkout Element makes their PaymentMethods), else through the sandbox.
  'apple-pay': () => (env().PAYMENTS_PROVIDER === 'stripe' ? 'stripe' : 'sandbox'),
  'google-pay': () => (env().PAYMENTS_PROVIDER === 'stripe' ? 'stripe' : 'sandbox'),
  // Crypto invoices: the sandbox's, reported as BTCPay and CoinPayments report theirs (a real adapter would take its line here).
  bitcoin: () => 'sandbox',
  coinpayments: () => 'sandbox',
}

/**
 * How the browser makes a card's token here: the sandbox's tokenizer, or Stripe.js with the
 * publishable key (read at run time, so the cached checkout page learns it from `purchase/cost/`).
 */
export function cardSetup(): { provider: ProviderId; publishableKey?: string } {
  const settings = env()
  if (settings.PAYMENTS_PROVIDER === 'stripe' && available('stripe')) return { provider: 'stripe', publishableKey: settings.STRIPE_PUBLISHABLE_KEY }
  return { provider: settings.PAYMENTS_PROVIDER }
}

/** Whether `method` can be paid here now (its provider is configured and allowed). */
export function methodAvailable(method: PaymentMethod): boolean {
  const id = methodProviders[method]()
  return id !== null && available(id)
}

/** Of a plan's methods (empty: every method), those payable here now, in the catalogue's order. */
export const payableMethods = (planMethods: readonly PaymentMethod[] | null | undefined): PaymentMethod[] =>
  paymentMethods.filter((method) => (!planMethods?.length || planMethods.includes(method)) && methodAvailable(method))

/** A provider by id (an attempt's, to ask about a payment it took), or null when it is not usable here. */
export function providerById(payload: Payload, id: string): PaymentProvider | null {
  if (id !== 'sandbox' && id !== 'stripe' && id !== 'paypal') return null
  if (!available(id)) return null
  if (id === 'sandbox') return sandboxProvider(payload)
  if (id === 'paypal') return paypalProvider(paypalApiNow(), { siteUrl: env().SITE_URL })
  const settings = env()
  return stripeProvider(stripeClient({ secretKey: settings.STRIPE_SECRET_KEY!, siteUrl: settings.SITE_URL, apiUrl: settings.STRIPE_API_URL }), {
    siteUrl: settings.SITE_URL,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
  })
}

/** The provider that takes `method` here (`methodProviders`), or 503 SERVER_MAINTENANCE when there is none. */
export function providerFor(payload: Payload, method: PaymentMethod): PaymentProvider {
  const id = methodProviders[method]()
  const provider = id ? providerById(payload, id) : null
  if (!provider || !provider.methods.includes(method)) throw apiError('SERVER_MAINTENANCE')
  return provider
}

/** What a payment route received: the raw body (POST), the query (GET) and the headers. */
export type RouteRequest = { body: string; query: URLSearchParams; headers: Headers; at: Date }

/**
 * The redirect methods' routes, one line each: the request verified and read in its provider's
 * format into the intake's terms. PayPal's own events are vouched for by PayPal (its
 * verify-webhook-signature, once its app is set up); the sandbox's, on every route, by the
 * sandbox's signature (real Paymentwall and Amazon Pay adapters would add their checks here);
 * where neither can verify → 400.
 */
export const eventReaders: Record<'paypal' | 'paymentwall' | 'amazon' | 'bitcoin' | 'coinpayments', (payload: Payload, request: RouteRequest) => PaymentEvent | Promise<PaymentEvent>> = {
  paypal: (payload, request) => {
    if (request.headers.has(SANDBOX_SIGNATURE_HEADER)) return available('sandbox') ? readPaypalEvent(sandboxWebhookSecret(payload), request.body, request.headers, request.at) : refuse()
    if (!available('paypal')) return refuse()
    const api = paypalApiNow()
    return readVerifiedPaypalEvent(() => verifyPaypalEvent(api, request.body, request.headers), request.body)
  },
  amazon: (payload, request) => (available('sandbox') ? readAmazonNotice(sandboxWebhookSecret(payload), request.body, request.headers, request.at) : refuse()),
  paymentwall: (payload, request) => (available('sandbox') ? readPingback(sandboxWebhookSecret(payload), request.query, request.at) : refuse()),
  bitcoin: (payload, request) => (available('sandbox') ? readBtcpayEvent(sandboxWebhookSecret(payload), request.body, request.headers) : refuse()),
  coinpayments: (payload, request) => (available('sandbox') ? readIpn(sandboxWebhookSecret(payload), request.body, request.headers) : refuse()),
}

function refuse(): never {
  throw apiError('INVALID_SIGNATURE')
}
