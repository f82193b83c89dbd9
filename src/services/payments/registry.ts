// Which provider takes which payment method, and whether payments are available here.
import type { Payload } from 'payload'
import { env } from '@/lib/env'
import { apiError } from '@/lib/http'
import type { PaymentMethod } from '@/services/catalog/methods'
import type { PaymentProvider, ProviderId } from './provider'
import { sandboxProvider } from '@/services/payments/sandbox/provider'
import { stripeClient, stripeProvider } from '@/services/payments/stripe/provider'

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
  console.warn(line)
}

/** Why a provider cannot take payments here (logged once per process), or null when it can. */
function unavailable(id: ProviderId): string | null {
  const settings = env()
  if (id === 'stripe') return settings.STRIPE_SECRET_KEY ? null : '[payments] PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY: purchases answer 503'
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

/** The configured provider (PAYMENTS_PROVIDER) can take payments now. */
export const paymentsAvailable = () => available(env().PAYMENTS_PROVIDER)

/** The sandbox's own endpoints (tokenize, 3-D Secure) serve only while it is the configured, allowed provider. */
export const sandboxAvailable = () => env().PAYMENTS_PROVIDER === 'sandbox' && available('sandbox')

/** A provider by id (an attempt's, to ask about a payment it took), or null when it is not usable here. */
export function providerById(payload: Payload, id: string): PaymentProvider | null {
  if (id !== 'sandbox' && id !== 'stripe') return null
  if (!available(id)) return null
  if (id === 'sandbox') return sandboxProvider(payload)
  const settings = env()
  return stripeProvider(stripeClient({ secretKey: settings.STRIPE_SECRET_KEY!, siteUrl: settings.SITE_URL, apiUrl: settings.STRIPE_API_URL }), {
    siteUrl: settings.SITE_URL,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
  })
}

/**
 * The registry from payment method to provider: the configured provider when it takes `method`
 * (today every provider takes cards); otherwise 503 SERVER_MAINTENANCE.
 */
export function providerFor(payload: Payload, method: PaymentMethod): PaymentProvider {
  const provider = providerById(payload, env().PAYMENTS_PROVIDER)
  if (!provider || !provider.methods.includes(method)) throw apiError('SERVER_MAINTENANCE')
  return provider
}
