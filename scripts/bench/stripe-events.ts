// `npm run bench:stripe-events`: how long `POST /api/veilgate/purchase/stripe` takes per Stripe
// event when each comes ten times at once (Stripe's retries, several endpoints, a replay), against
// the Stripe stand-in: renewal invoices paid, subscriptions changed in the dashboard, refunds.
// The buyers it makes stay in the database as test orders. A measurement, never a test assertion.
import configPromise from '@payload-config'
import { getPayload } from 'payload'
import { resetEnv } from '@/lib/env'
import { prepareDatabase } from '@/seed/prepare'
import { POST as webhookRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { forgetStripeIds } from '../../tests/support/stripe-account'
import { startFakeStripe, type FakeEvent } from '../../tests/support/fake-stripe'
import { callRoute } from '../../tests/support/routes'
import { realMs } from '../lib/clock.mjs'

const BUYERS = Number(process.argv[2] ?? 20)
const COPIES = 10
const secret = 'whsec_bench0123456789abcdef'
const stripe = await startFakeStripe({ webhookSecret: secret })
Object.assign(process.env, { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_bench0123456789', STRIPE_PUBLISHABLE_KEY: 'pk_test_bench0123456789', STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: secret, JOBS_AUTORUN: 'false', CHECKOUT_RATE_LIMIT: '0' })
resetEnv()

const payload = await getPayload({ config: configPromise })
// Migrated and seeded (the plans it buys), as `npm start` leaves it.
delete process.env.PAYLOAD_SKIP_PREPARE
await prepareDatabase(payload)
await forgetStripeIds(payload)
const run = realMs()

/** A buyer with a yearly plan billed by Stripe: Stripe's subscription. */
async function subscriber(n: number) {
  const body = { email: `bench-stripe-${run}-${n}@example.com`, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: `pm_card_visa__bench${n}`, country: 'DE', locale: 'en' }
  const started = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `bench-stripe-${run}-${n}` } })
  if (!started.body.clientSecret) throw new Error(`purchase answered ${JSON.stringify(started.body)}`)
  stripe.confirm(String(started.body.clientSecret))
  await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: String(started.body.hash) } })
  return [...stripe.subscriptions.values()].find((candidate) => candidate.metadata.orderHash === started.body.hash)!
}

const deliver = (event: FakeEvent) => {
  const { body, signature } = stripe.signed(event)
  return callRoute(webhookRoute, { path: '/api/veilgate/purchase/stripe', body, headers: { 'stripe-signature': signature } })
}

/** Each event ten times at once (the same id: one applies, nine are duplicates); the time per event and per delivery. */
async function measure(label: string, events: FakeEvent[]) {
  const statuses: Record<number, number> = {}
  const started = performance.now()
  for (const event of events) {
    for (const answer of await Promise.all(Array.from({ length: COPIES }, () => deliver(event)))) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
  }
  const ms = performance.now() - started
  console.log(`[bench] ${label}: ${events.length} events × ${COPIES}: ${(ms / events.length).toFixed(1)} ms per event, ${(ms / (events.length * COPIES)).toFixed(1)} ms per delivery; answers ${JSON.stringify(statuses)}`)
}

const made = performance.now()
const subscriptions = []
for (let n = 1; n <= BUYERS; n++) subscriptions.push(await subscriber(n))
console.log(`[bench] ${BUYERS} Stripe subscriptions bought in ${((performance.now() - made) / 1000).toFixed(1)} s`)

let mark = stripe.emitted.length
for (const subscription of subscriptions) stripe.renew(subscription.id)
await measure('invoice.paid (renewal)', stripe.emitted.slice(mark))

mark = stripe.emitted.length
for (const subscription of subscriptions) {
  subscription.cancel_at_period_end = true
  stripe.emitted.push({ id: `evt_bench_updated_${subscription.id}`, object: 'event', type: 'customer.subscription.updated', created: Math.floor(realMs() / 1000), data: { object: structuredClone(subscription) } })
}
await measure('customer.subscription.updated', stripe.emitted.slice(mark))

mark = stripe.emitted.length
const client = new (await import('stripe')).default('sk_test_bench0123456789', { host: '127.0.0.1', port: Number(new URL(stripe.url).port), protocol: 'http' })
for (const charge of [...stripe.charges.values()].slice(0, BUYERS)) await client.refunds.create({ payment_intent: charge.payment_intent })
await measure('charge.refunded', stripe.emitted.slice(mark).filter((event) => event.type === 'charge.refunded'))

await stripe.close()
await payload.destroy()
process.exit(0)
