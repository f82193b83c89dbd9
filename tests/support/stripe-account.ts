import type { Payload } from 'payload'
import { resetEnv } from '@/lib/env'
import { query } from '@/services/db'
import { POST as webhookRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { startFakeStripe, type FakeEvent, type FakeStripe } from './fake-stripe'
import { callRoute } from './routes'

/**
 * Each test file's Stripe stand-in is a new Stripe account: the Stripe ids another file's stand-in
 * gave (products kept on plans and add-ons, customers kept on accounts) mean nothing to it, as they
 * would mean nothing to another real account. Forgotten before the file starts.
 */
export async function forgetStripeIds(payload: Payload): Promise<void> {
  await query(payload, `update price_plans set stripe_product_id = null where stripe_product_id is not null`)
  await query(payload, `update add_ons set stripe_product_id = null where stripe_product_id is not null`)
  await query(payload, `update customers set stripe_customer_id = null where stripe_customer_id is not null`)
}

/** Sets environment variables for this process (undefined removes one) and reads the settings again. */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete (process.env as Record<string, string | undefined>)[key]
    else (process.env as Record<string, string>)[key] = value
  }
  resetEnv()
}

const stripeSettings = ['PAYMENTS_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET'] as const

/**
 * A test file's Stripe: a new stand-in, the other files' Stripe ids forgotten, and this process
 * taking cards through it (test keys named by `label`, `webhookSecret` signing its events).
 * `restore()` puts the settings back and stops the stand-in.
 */
export async function useStripeStandIn(payload: Payload, label: string, webhookSecret: string): Promise<{ stripe: FakeStripe; restore: () => Promise<void> }> {
  const saved = Object.fromEntries(stripeSettings.map((key) => [key, process.env[key]]))
  const stripe = await startFakeStripe({ webhookSecret })
  await forgetStripeIds(payload)
  setEnv({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: `sk_test_${label}0123456789`, STRIPE_PUBLISHABLE_KEY: `pk_test_${label}0123456789`, STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: webhookSecret })
  return {
    stripe,
    async restore() {
      setEnv(saved)
      await stripe.close()
    },
  }
}

/** An event delivered to the card route as Stripe delivers it, signed with the stand-in's webhook secret (or another). */
export function deliverStripeEvent(stripe: FakeStripe, event: FakeEvent, secret?: string) {
  const { body, signature } = stripe.signed(event, secret)
  return callRoute(webhookRoute, { path: '/api/veilgate/purchase/stripe', body, headers: { 'stripe-signature': signature } })
}

/** Ten copies of each event under new ids, reversed, all at once: what a retrying, reordering sender can do. */
export const stormStripeEvents = (stripe: FakeStripe, events: FakeEvent[]) =>
  Promise.all(events.flatMap((event) => Array.from({ length: 10 }, (_, copy) => ({ ...event, id: `${event.id}_copy${copy}` }))).reverse().map((event) => deliverStripeEvent(stripe, event)))
