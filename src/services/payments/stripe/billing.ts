// Stripe Billing for auto-renewing orders: the customer, products, the subscription and its first invoice in our terms.
import Stripe from 'stripe'
import { failedWith, firstInvoiceDifference, type BillingItem, type BillingPlan, type CreatePayment, type PaymentResult } from '@/services/payments/provider'

/** What a subscription is read with: its first invoice's client secret, the card it is billed to. */
const expand = ['latest_invoice.confirmation_secret', 'default_payment_method', 'pending_setup_intent']

/** What the first invoice differs from the lines by (none for a trial: its first invoice is free). */
const differenceOf = (plan: BillingPlan) => (plan.trialDays ? 0 : firstInvoiceDifference(plan))

const interval = (period: BillingPlan['period']): Stripe.SubscriptionCreateParams.Item.PriceData.Recurring => ({ interval: period.type, interval_count: period.count })

/** A reference for a payment whose create call never answered: `pending_` and the key it was sent with. */
export const PENDING = 'pending_'

const lineMetadata = (item: BillingItem) => ({ purchaseId: item.purchaseId, kind: item.kind, ...(item.region ? { region: item.region } : {}) })

/**
 * The subscription's create parameters (pure, for tests): recurring lines as items at their
 * renewal prices (the editor's Price, else `price_data` on the line's product), one-time lines
 * and any first-period surcharge on the first invoice, a first-period discount (bonus code,
 * introductory price) as a once-only coupon, billed to the checkout's PaymentMethod, left
 * incomplete until the buyer's browser confirms its first invoice.
 */
export function subscriptionParams(input: { plan: BillingPlan; customer: string; paymentMethod: string; products: Record<string, string>; coupon: string | null; orderId: number; hash: string }): Stripe.SubscriptionCreateParams {
  const { plan, products } = input
  const difference = differenceOf(plan)
  const oneTime: Stripe.SubscriptionCreateParams.AddInvoiceItem[] = plan.oneTime.map((item) =>
    item.priceRef ? { price: item.priceRef, metadata: lineMetadata(item) } : { price_data: { currency: 'usd', product: products[item.purchaseId]!, unit_amount: item.amount }, metadata: lineMetadata(item) },
  )
  if (difference > 0) oneTime.push({ price_data: { currency: 'usd', product: products[plan.recurring[0]!.purchaseId]!, unit_amount: difference }, metadata: { purchaseId: plan.recurring[0]!.purchaseId, kind: 'first-period' } })
  return {
    customer: input.customer,
    items: plan.recurring.map((item) =>
      item.priceRef
        ? { price: item.priceRef, metadata: lineMetadata(item) }
        : { price_data: { currency: 'usd', product: products[item.purchaseId]!, unit_amount: item.amount, recurring: interval(plan.period) }, metadata: lineMetadata(item) },
    ),
    ...(oneTime.length ? { add_invoice_items: oneTime } : {}),
    ...(input.coupon ? { discounts: [{ coupon: input.coupon }] } : {}),
    // A free trial: nothing charged now; without a card at its end, the subscription ends.
    ...(plan.trialDays ? { trial_period_days: plan.trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } } : {}),
    default_payment_method: input.paymentMethod,
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
    // A bonus code's extra days, given once the first invoice is paid (`subscriptionResult`).
    metadata: { orderId: String(input.orderId), orderHash: input.hash, ...(plan.extraDays ? { extraDays: String(plan.extraDays) } : {}) },
    expand,
  }
}

/**
 * A longer first period as a subscription schedule (pure, for tests): phase one bills the recurring
 * lines at their first prices once for its months (with the one-time lines and any first-period
 * coupon), phase two at their renewal prices every renewal period; then the schedule lets the
 * subscription go on by itself (`release`). Charged to the checkout's PaymentMethod; our ids on
 * the schedule and, through the phases, on the subscription.
 */
export function scheduleParams(input: { plan: BillingPlan & { firstPhase: NonNullable<BillingPlan['firstPhase']> }; customer: string; paymentMethod: string; products: Record<string, string>; coupon: string | null; orderId: number; hash: string }): Stripe.SubscriptionScheduleCreateParams {
  const { plan, products } = input
  const metadata = { orderId: String(input.orderId), orderHash: input.hash }
  const priced = (item: BillingItem, period: BillingPlan['period']) =>
    item.priceRef && period === plan.period
      ? { price: item.priceRef, metadata: lineMetadata(item) }
      : { price_data: { currency: 'usd', product: products[item.purchaseId]!, unit_amount: item.amount, recurring: interval(period) }, metadata: lineMetadata(item) }
  const first = subscriptionParams({ ...input, plan: { ...plan, recurring: plan.firstPhase.items } })
  return {
    customer: input.customer,
    start_date: 'now',
    end_behavior: 'release',
    default_settings: { default_payment_method: input.paymentMethod, collection_method: 'charge_automatically' },
    metadata,
    phases: [
      {
        items: plan.firstPhase.items.map((item) => priced(item, plan.firstPhase.period)),
        duration: { interval: plan.firstPhase.period.type, interval_count: plan.firstPhase.period.count },
        ...(first.add_invoice_items ? { add_invoice_items: first.add_invoice_items } : {}),
        ...(first.discounts ? { discounts: first.discounts as Stripe.SubscriptionScheduleCreateParams.Phase.Discount[] } : {}),
        metadata,
      },
      { items: plan.recurring.map((item) => priced(item, plan.period)), metadata },
    ],
  }
}

/** The client secret's PaymentIntent: `pi_…_secret_…` names it. */
const intentOfSecret = (secret: string) => /^(pi_[A-Za-z0-9_]+?)_secret_/.exec(secret)?.[1] ?? null

function cardOf(subscription: Stripe.Subscription): PaymentResult['card'] {
  const method = subscription.default_payment_method
  const card = method && typeof method === 'object' ? method.card : null
  return card ? { brand: card.brand, last4: card.last4 } : undefined
}

/**
 * Our reference of an attempt on a subscription: its id for the first, `sub_…/n` for attempt n
 * (a retry pays the same first invoice; each attempt keeps its own reference).
 */
export const subscriptionRef = (id: string, attempt: number) => (attempt > 1 ? `${id}/${attempt}` : id)
/** The subscription a reference names. */
export const subscriptionOfRef = (ref: string) => ref.split('/')[0]!

/**
 * A subscription's first invoice in our terms (under `ref`, the attempt's reference; `retrying`:
 * a new PaymentMethod was just set, so the invoice's last decline is not its): active or trialing → paid (with the end of the
 * period Stripe bills); incomplete → by its invoice's PaymentIntent: declined, waiting for the
 * browser to confirm (its client secret), or processing; expired or canceled → failed.
 */
export async function subscriptionResult(client: Stripe, subscription: Stripe.Subscription, ref: string = subscription.id, retrying = false): Promise<PaymentResult> {
  const card = cardOf(subscription)
  const end = subscription.items.data[0]?.current_period_end
  const base = { providerRef: ref, card, ...(end ? { periodEnd: new Date(end * 1000) } : {}) }
  // A trial's card is saved by the SetupIntent Stripe left for the browser to confirm.
  const setup = typeof subscription.pending_setup_intent === 'object' ? subscription.pending_setup_intent : null
  if (subscription.status === 'trialing' && setup && setup.status !== 'succeeded') {
    if (setup.status === 'requires_payment_method' && setup.last_setup_error && !retrying) return failedWith(ref, setup.last_setup_error.decline_code ?? setup.last_setup_error.code ?? 'card_declined', card)
    if (setup.status === 'processing') return { status: 'processing', ...base }
    if (setup.status === 'canceled') return failedWith(ref, 'payment_canceled', card)
    if (setup.client_secret) {
      // Its events (setup_intent.*) name our order and the subscription, as the subscription's do.
      if (!setup.metadata?.orderId && subscription.metadata?.orderId) {
        await client.setupIntents.update(setup.id, { metadata: { orderId: subscription.metadata.orderId, orderHash: subscription.metadata.orderHash ?? '', subscription: subscription.id } }, { idempotencyKey: `sub:${subscription.id}:setup:${setup.id}` })
      }
      return { status: 'requires_action', ...base, nextAction: { type: 'confirm', clientSecret: setup.client_secret, setup: true } }
    }
  }
  if (subscription.status === 'active' || subscription.status === 'trialing' || subscription.status === 'past_due') {
    const extended = await giveExtraDays(client, subscription)
    const extendedEnd = extended.items.data[0]?.current_period_end
    return { status: 'succeeded', ...base, ...(extendedEnd ? { periodEnd: new Date(extendedEnd * 1000) } : {}) }
  }
  if (subscription.status !== 'incomplete') return failedWith(ref, 'payment_canceled', card)
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : subscription.latest_invoice ? await client.invoices.retrieve(subscription.latest_invoice, { expand: ['confirmation_secret'] }) : null
  const secret = invoice?.confirmation_secret?.client_secret
  const intentId = secret ? intentOfSecret(secret) : null
  if (!secret || !intentId) return { status: 'processing', ...base }
  const intent = await client.paymentIntents.retrieve(intentId)
  if (intent.status === 'succeeded' || intent.status === 'processing') return { status: 'processing', ...base }
  // A retry's new PaymentMethod has not been tried yet: the decline on the invoice is the last one's.
  if (intent.status === 'requires_payment_method' && intent.last_payment_error && !retrying) {
    const error = intent.last_payment_error
    return failedWith(ref, error.decline_code ?? error.code ?? 'card_declined', card)
  }
  if (intent.status === 'canceled') return failedWith(ref, 'payment_canceled', card)
  return { status: 'requires_action', ...base, nextAction: { type: 'confirm', clientSecret: secret } }
}

const DAY_S = 86_400

/**
 * A bonus code's extra days (`extraDays` in the subscription's metadata), once its first invoice is
 * paid: the next invoice moves back by them (`trial_end`, no proration), once however often this
 * runs (key `sub:{id}:extra-days`, and `extraDaysGiven` in the metadata).
 */
async function giveExtraDays(client: Stripe, subscription: Stripe.Subscription): Promise<Stripe.Subscription> {
  const days = Number(subscription.metadata?.extraDays ?? 0)
  const end = subscription.items.data[0]?.current_period_end
  if (!days || !end || subscription.metadata?.extraDaysGiven) return subscription
  return client.subscriptions.update(
    subscription.id,
    { trial_end: end + days * DAY_S, proration_behavior: 'none', metadata: { extraDaysGiven: String(days) }, expand },
    { idempotencyKey: `sub:${subscription.id}:extra-days` },
  )
}

/**
 * An auto-renewing order through Stripe Billing: the buyer's Stripe customer (made once, key
 * `customer:{id}`), the checkout's PaymentMethod attached to it (a declined card fails here, as
 * Stripe refuses to attach it), the lines' products (made once, key `product:{purchaseId}`), a
 * once-only coupon for a first-period discount (key `coupon:order:{id}`), then the subscription
 * (key `order:{id}:sub`), or, on a retry, the order's subscription billed to the new
 * PaymentMethod. Its first invoice is confirmed by the buyer's browser.
 */
export async function createSubscription(client: Stripe, input: CreatePayment & { billing: BillingPlan }): Promise<PaymentResult> {
  const { billing } = input
  const paymentMethod = input.cardToken!
  let customer = billing.customer.ref
  if (!customer) {
    customer = (await client.customers.create({ ...(billing.customer.email ? { email: billing.customer.email } : {}), ...(billing.customer.name ? { name: billing.customer.name } : {}), metadata: { key: billing.customer.key } }, { idempotencyKey: billing.customer.key })).id
    await billing.remember({ kind: 'customer', ref: customer })
  }
  await client.paymentMethods.attach(paymentMethod, { customer }, { idempotencyKey: `${input.idempotencyKey}:attach` })
  const ref = (id: string) => subscriptionRef(id, input.attempt)
  if (billing.subscriptionRef) {
    const id = subscriptionOfRef(billing.subscriptionRef)
    const existing = await retrieveSubscription(client, id)
    const saving = existing.status === 'trialing' && typeof existing.pending_setup_intent === 'object' && existing.pending_setup_intent?.status !== 'succeeded'
    if (existing.status !== 'incomplete' && !saving) return subscriptionResult(client, existing, ref(id))
    const updated = await client.subscriptions.update(id, { default_payment_method: paymentMethod, expand }, { idempotencyKey: `${input.idempotencyKey}:update` })
    return subscriptionResult(client, updated, ref(id), true)
  }
  const products: Record<string, string> = {}
  for (const item of [...billing.recurring, ...billing.oneTime]) {
    if (item.priceRef) continue
    let product = item.productRef
    if (!product) {
      product = (await client.products.create({ name: item.name, metadata: { purchaseId: item.purchaseId, kind: item.kind } }, { idempotencyKey: `product:${item.purchaseId}` })).id
      await billing.remember({ kind: 'product', purchaseId: item.purchaseId, itemKind: item.kind, ref: product })
    }
    products[item.purchaseId] = product
  }
  const discount = -differenceOf(billing)
  const coupon =
    discount > 0
      ? (await client.coupons.create({ amount_off: discount, currency: 'usd', duration: 'once', name: (billing.bonusCode ?? 'First period').slice(0, 40), metadata: { orderId: String(input.orderId) } }, { idempotencyKey: `coupon:order:${input.orderId}` })).id
      : null
  const request = { customer, paymentMethod, products, coupon, orderId: input.orderId, hash: input.hash }
  if (billing.firstPhase) {
    // "15 months, then every 12": a schedule, whose subscription's first invoice is charged at once (or left for the browser to confirm).
    const schedule = await client.subscriptionSchedules.create(scheduleParams({ ...request, plan: { ...billing, firstPhase: billing.firstPhase } }), { idempotencyKey: `order:${input.orderId}:schedule` })
    const id = typeof schedule.subscription === 'string' ? schedule.subscription : schedule.subscription?.id
    if (!id) return { status: 'processing', providerRef: `${PENDING}${input.idempotencyKey}` }
    return subscriptionResult(client, await retrieveSubscription(client, id), ref(id))
  }
  const subscription = await client.subscriptions.create(subscriptionParams({ ...request, plan: billing }), { idempotencyKey: `order:${input.orderId}:sub` })
  return subscriptionResult(client, subscription, ref(subscription.id))
}

/** One subscription read with what `subscriptionResult` needs. */
export const retrieveSubscription = (client: Stripe, id: string) => client.subscriptions.retrieve(id, { expand })

/** The order's subscription when the create call's answer was lost: found by our order id. */
export async function findSubscription(client: Stripe, orderId: number): Promise<Stripe.Subscription | null> {
  const found = await client.subscriptions.search({ query: `metadata['orderId']:'${orderId}'`, limit: 1, expand: expand.map((path) => `data.${path}`) })
  return found.data[0] ?? null
}
