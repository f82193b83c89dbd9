import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A small stand-in for Stripe's PaymentIntents API (create with confirm, retrieve, search, confirm,
 * and detaching a saved PaymentMethod) and the Billing objects a subscription needs (customers,
 * attaching a PaymentMethod, products, coupons, subscriptions with their first invoice), its
 * renewals, refunds and disputes, as its test mode answers for the test PaymentMethods: enough to
 * drive the Stripe adapter through its real client, HTTP and all. It keeps idempotency keys like
 * Stripe (same key → the same answer), records each request, and keeps the events Stripe would
 * send (`emitted`), signed on demand with the account's webhook secret (`signed`).
 */
type Intent = Record<string, unknown> & { id: string; status: string; metadata: Record<string, string> }
type Subscription = Record<string, unknown> & { id: string; status: string; metadata: Record<string, string>; latest_invoice: Invoice; customer: string }
type Invoice = Record<string, unknown> & { id: string; status: string; total: number; confirmation_secret: { client_secret: string; type: string } | null }

/** A form body as nested objects: `items[0][price_data][unit_amount]=1` → `{ items: { 0: { price_data: { unit_amount: '1' } } } }`. */
export function nested(form: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of form) {
    const path = key.replace(/\]/g, '').split('[')
    let node = root
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value
      else node = (node[part] ??= {}) as Record<string, unknown>
    })
  }
  return root
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a form's nested fields, read as loosely as Stripe reads them
const list = (value: unknown) => Object.values((value ?? {}) as Record<string, unknown>) as Record<string, any>[]

const cards: Record<string, { brand: string; last4: string; outcome: 'succeed' | 'three-d-secure' | 'unreachable' | { code: string; decline_code?: string }; attaches?: true }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: { code: 'card_declined', decline_code: 'generic_decline' } },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: { code: 'card_declined', decline_code: 'insufficient_funds' } },
  pm_card_chargeDeclinedLostCard: { brand: 'visa', last4: '9987', outcome: { code: 'card_declined', decline_code: 'lost_card' } },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', outcome: { code: 'expired_card' } },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'three-d-secure' },
  /** Attaches to a customer, then every charge is declined. */
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', outcome: { code: 'card_declined', decline_code: 'generic_decline' }, attaches: true },
  /** Not Stripe's: the charge happens but no answer (nor a resent request's) arrives. */
  pm_card_unreachable: { brand: 'visa', last4: '4242', outcome: 'unreachable' },
}

/** An event as Stripe sends it: its id, type and the object as it was then. */
export type FakeEvent = { id: string; object: 'event'; type: string; created: number; data: { object: Record<string, unknown> } }

export type FakeStripe = {
  url: string
  /** The events Stripe would have sent so far, oldest first (renewals, failed renewals, cancels, refunds, disputes). */
  emitted: FakeEvent[]
  /** An event's body and its `Stripe-Signature` header, signed now with the account's webhook secret (or another). */
  signed(event: FakeEvent, secret?: string): { body: string; signature: string }
  /** The buyer disputes a PaymentIntent's charge with their bank: a dispute, and its `charge.dispute.created`. */
  dispute(intentId: string): Record<string, unknown> & { id: string }
  /** Charges, by id (`refunded` once all of it was given back). */
  charges: Map<string, Record<string, unknown> & { id: string; payment_intent: string; amount: number; amount_refunded: number; refunded: boolean }>
  requests: { method: string; path: string; idempotencyKey: string | undefined; authorization: string | undefined; form: URLSearchParams }[]
  intents: Map<string, Intent>
  subscriptions: Map<string, Subscription>
  schedules: Map<string, Record<string, unknown>>
  setupIntents: Map<string, Record<string, unknown> & { id: string; status: string; client_secret: string }>
  customers: Map<string, Record<string, unknown>>
  /** PaymentMethod → the customer it is attached to. */
  attached: Map<string, string>
  /** What the buyer's browser does with a first invoice's client secret (Stripe.js `confirmPayment`), or a trial's SetupIntent's (`confirmSetup`). */
  confirm(clientSecret: string, paymentMethod?: string): { status: number; body: unknown }
  /** The buyer finishes (or fails) 3-D Secure at the bank. */
  authenticate(id: string, ok: boolean): void
  /** Set: Stripe cannot be reached (each connection is dropped). */
  down: boolean
  /**
   * Stripe charges the subscription's next period (as a test clock reaching its period end does):
   * a `subscription_cycle` invoice, paid by the saved card, or (`fail`, or a card that fails at
   * renewal) left open with a next try, or (`action`) left open until the buyer confirms it with
   * their bank on its page; paid, the subscription's period moves on. Returns the invoice.
   */
  renew(subscriptionId: string, options?: { fail?: boolean; action?: boolean }): Record<string, unknown> & { id: string }
  /** A renewal invoice left open is paid (Stripe's retry, or the buyer on its page). */
  payInvoice(invoiceId: string): Record<string, unknown> & { id: string }
  close(): Promise<void>
}

/** A request's whole body as text. */
export const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
  })

export async function startFakeStripe(options: { webhookSecret?: string } = {}): Promise<FakeStripe> {
  const intents = new Map<string, Intent>()
  const charges: FakeStripe['charges'] = new Map()
  const disputes = new Map<string, Record<string, unknown> & { id: string }>()
  /** Invoice → the PaymentIntent that pays it (its invoice payment). */
  const invoicePayments = new Map<string, string>()
  const emitted: FakeEvent[] = []
  const emit = (type: string, object: Record<string, unknown>) => emitted.push({ id: `evt_fake_${++counter}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: structuredClone(object) } })
  /** A PaymentIntent paid: its charge made (once), as Stripe makes one per successful payment. */
  function succeed(intent: Intent) {
    intent.status = 'succeeded'
    if (intent.latest_charge) return
    const charge = { id: `ch_fake_${++counter}`, object: 'charge', payment_intent: intent.id, amount: Number(intent.amount), amount_refunded: 0, refunded: false, metadata: { ...intent.metadata } }
    charges.set(charge.id, charge)
    intent.latest_charge = charge.id
  }
  const replies = new Map<string, { status: number; body: unknown; drop?: boolean }>()
  const requests: FakeStripe['requests'] = []
  const detached = new Set<string>()
  const subscriptions = new Map<string, Subscription>()
  const invoices = new Map<string, Invoice>()
  const customers = new Map<string, Record<string, unknown>>()
  const attached = new Map<string, string>()
  const coupons = new Map<string, { amount_off: number }>()
  /** A schedule's request as nested objects, by the subscription it made. */
  const schedules = new Map<string, Record<string, unknown>>()
  const setupIntents = new Map<string, Record<string, unknown> & { id: string; status: string; client_secret: string }>()
  // Stripe's ids are unique across accounts: each stand-in numbers its objects from its own start, so
  // two stand-ins in one test run never give the same id (our references to them are unique).
  let counter = Date.now() % 1_000_000_000
  const fake = { down: false } as FakeStripe
  const stripeError = (status: number, message: string, extra: Record<string, unknown> = {}) => ({ status, body: { error: { type: 'invalid_request_error', message, ...extra } } })
  const cardOf = (pm: string) => cards[pm.replace(/__\w+$/, '')]
  const methodObject = (pm: string) => ({ id: pm, object: 'payment_method', card: { brand: cardOf(pm)?.brand ?? 'visa', last4: cardOf(pm)?.last4 ?? '0000' } })

  function periodEnd(interval: string, count: number): number {
    const end = new Date()
    if (interval === 'day') end.setUTCDate(end.getUTCDate() + count)
    if (interval === 'week') end.setUTCDate(end.getUTCDate() + 7 * count)
    if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + count)
    if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + count)
    return Math.floor(end.getTime() / 1000)
  }

  function createSubscription(form: URLSearchParams): { status: number; body: unknown } {
    const body = nested(form)
    const customer = String(body.customer ?? '')
    if (!customers.has(customer)) return stripeError(400, `No such customer: '${customer}'`, { code: 'resource_missing' })
    const pm = String(body.default_payment_method ?? '')
    if (attached.get(pm) !== customer) return stripeError(400, `The customer does not have a payment method with the ID ${pm}.`, { code: 'resource_missing' })
    const items = list(body.items).map((item, index) => {
      const price = item.price ? { id: item.price, unit_amount: 1000, recurring: { interval: 'month', interval_count: '1' } } : { id: `price_fake_${++counter}`, ...item.price_data }
      return { id: `si_fake_${counter}_${index}`, object: 'subscription_item', quantity: Number(item.quantity ?? 1), price, metadata: item.metadata ?? {}, current_period_end: periodEnd(price.recurring.interval, Number(price.recurring.interval_count)) }
    })
    const extra = list(body.add_invoice_items).map((item) => ({ amount: Number(item.price_data?.unit_amount ?? 1000) * Number(item.quantity ?? 1), metadata: item.metadata ?? {} }))
    const off = list(body.discounts).reduce((sum, discount) => sum + (coupons.get(discount.coupon)?.amount_off ?? 0), 0)
    const total = Math.max(0, items.reduce((sum, item) => sum + Number(item.price.unit_amount) * item.quantity, 0) + extra.reduce((sum, item) => sum + item.amount, 0) - off)
    const id = `sub_fake_${++counter}`
    const metadata = (body.metadata ?? {}) as Record<string, string>
    const trialDays = Number(body.trial_period_days ?? 0)
    if (trialDays) {
      // A free trial: a paid $0 invoice, the period running to the trial's end, and the card to be saved by the browser.
      for (const item of items) item.current_period_end = periodEnd('day', trialDays)
      const setup = { id: `seti_fake_${++counter}`, object: 'setup_intent', status: 'requires_confirmation', client_secret: `seti_fake_${counter}_secret_${counter}y`, payment_method: pm, last_setup_error: null as unknown }
      setupIntents.set(setup.id, setup)
      const invoice: Invoice = { id: `in_fake_${++counter}`, object: 'invoice', status: 'paid', billing_reason: 'subscription_create', total: 0, confirmation_secret: null, parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata } } }
      invoices.set(invoice.id, invoice)
      const subscription: Subscription = { id, object: 'subscription', status: 'trialing', customer, metadata, default_payment_method: methodObject(pm), items: { object: 'list', data: items }, latest_invoice: invoice, pending_setup_intent: setup, trial_settings: body.trial_settings, discounts: [] }
      subscriptions.set(id, subscription)
      return { status: 200, body: subscription }
    }
    const intent: Intent = { id: `pi_fake_${++counter}`, object: 'payment_intent', amount: total, currency: 'usd', metadata: {}, payment_method: null, status: 'requires_payment_method', next_action: null, last_payment_error: null }
    intents.set(intent.id, intent)
    const invoice: Invoice = {
      id: `in_fake_${++counter}`,
      object: 'invoice',
      status: 'open',
      billing_reason: 'subscription_create',
      total,
      invoice_items: extra,
      discount_total: off,
      confirmation_secret: { client_secret: `${intent.id}_secret_${counter}x`, type: 'payment_intent' },
      parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata } },
    }
    invoices.set(invoice.id, invoice)
    invoicePayments.set(invoice.id, intent.id)
    const subscription: Subscription = { id, object: 'subscription', status: 'incomplete', customer, metadata, default_payment_method: methodObject(pm), items: { object: 'list', data: items }, latest_invoice: invoice, discounts: list(body.discounts).map((discount) => discount.coupon) }
    subscriptions.set(id, subscription)
    return { status: 200, body: subscription }
  }

  /** A trial's SetupIntent confirmed with a PaymentMethod (Stripe.js `confirmSetup`): the card saved, or refused. */
  function confirmSetup(id: string, pmGiven: string | undefined): { status: number; body: unknown } {
    const setup = setupIntents.get(id)
    if (!setup) return stripeError(404, 'No such setupintent', { code: 'resource_missing' })
    const subscription = [...subscriptions.values()].find((candidate) => (candidate.pending_setup_intent as { id?: string } | null)?.id === id)
    const pm = pmGiven ?? String(setup.payment_method ?? '')
    const card = cardOf(pm)
    if (!card) return stripeError(400, `No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' })
    setup.payment_method = pm
    setup.last_setup_error = null
    if (typeof card.outcome === 'object') {
      setup.status = 'requires_payment_method'
      setup.last_setup_error = { type: 'card_error', ...card.outcome }
      return { status: 402, body: { error: { type: 'card_error', message: 'Your card was declined.', ...card.outcome, setup_intent: setup } } }
    }
    setup.status = 'succeeded'
    if (subscription) {
      subscription.pending_setup_intent = null
      subscription.default_payment_method = methodObject(pm)
    }
    return { status: 200, body: setup }
  }

  /** The first invoice's PaymentIntent confirmed with a PaymentMethod (Stripe.js `confirmPayment` in the buyer's browser). */
  function confirmIntent(id: string, pmGiven: string | undefined): { status: number; body: unknown } {
    const intent = intents.get(id)
    if (!intent) return stripeError(404, 'No such payment_intent', { code: 'resource_missing' })
    const invoice = [...invoices.values()].find((candidate) => candidate.confirmation_secret?.client_secret.startsWith(`${id}_secret_`))
    const subscription = invoice ? [...subscriptions.values()].find((candidate) => candidate.latest_invoice.id === invoice.id) : undefined
    const pm = pmGiven ?? (subscription?.default_payment_method as { id: string } | undefined)?.id ?? ''
    const card = cardOf(pm)
    if (!card) return stripeError(400, `No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' })
    intent.payment_method = methodObject(pm)
    intent.last_payment_error = null
    if (card.outcome === 'three-d-secure') {
      intent.status = 'requires_action'
      intent.next_action = { type: 'use_stripe_sdk' }
      return { status: 200, body: intent }
    }
    if (typeof card.outcome === 'object') {
      intent.status = 'requires_payment_method'
      intent.last_payment_error = { type: 'card_error', ...card.outcome }
      return { status: 402, body: { error: { type: 'card_error', message: 'Your card was declined.', ...card.outcome, payment_intent: intent } } }
    }
    succeed(intent)
    if (invoice) invoice.status = 'paid'
    if (subscription) {
      subscription.status = 'active'
      subscription.default_payment_method = methodObject(pm)
    }
    return { status: 200, body: intent }
  }

  function create(form: URLSearchParams): { status: number; body: unknown; drop?: boolean } {
    const pm = form.get('payment_method') ?? ''
    // `pm_card_visa__2`: another PaymentMethod of the same test card.
    const card = cards[pm.replace(/__\w+$/, '')]
    if (!card) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${pm}'`, param: 'payment_method' } } }
    const metadata: Record<string, string> = {}
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key)
      if (match) metadata[match[1]!] = value
    }
    const intent: Intent = {
      id: `pi_fake_${++counter}`,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      metadata,
      payment_method: { id: pm, object: 'payment_method', card: { brand: card.brand, last4: card.last4 } },
      status: 'succeeded',
      next_action: null,
      last_payment_error: null,
    }
    intents.set(intent.id, intent)
    if (card.outcome === 'succeed' || card.outcome === 'unreachable') succeed(intent)
    if (card.outcome === 'three-d-secure') {
      intent.status = 'requires_action'
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.test/3d_secure_2/${intent.id}`, return_url: form.get('return_url') } }
    } else if (typeof card.outcome === 'object') {
      intent.status = 'requires_payment_method'
      intent.last_payment_error = { type: 'card_error', ...card.outcome }
      return { status: 402, body: { error: { type: 'card_error', message: 'Your card was declined.', ...card.outcome, payment_intent: intent } } }
    }
    return { status: 200, body: intent, drop: card.outcome === 'unreachable' }
  }

  const server: Server = createServer(async (request, response) => {
    // Stripe out of reach: every connection dropped, nothing recorded.
    if (fake.down) return request.socket.destroy()
    const url = new URL(request.url ?? '/', 'http://fake')
    const form = new URLSearchParams(request.method === 'POST' ? await read(request) : url.search)
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined
    requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, authorization: request.headers.authorization, form })
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` })
      response.end(JSON.stringify(body))
    }
    // Every POST with a key: the first answer, again (Stripe keeps keys like this).
    const replay = (request.method === 'POST' || request.method === 'DELETE') && idempotencyKey ? replies.get(idempotencyKey) : undefined
    if (replay) return replay.drop ? request.socket.destroy() : send(replay.status, replay.body)
    const answering = (answer: { status: number; body: unknown; drop?: boolean }) => {
      if (idempotencyKey) replies.set(idempotencyKey, answer)
      if (answer.drop) return request.socket.destroy()
      return send(answer.status, answer.body)
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') return answering(create(form))
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = { id: `cus_fake_${++counter}`, object: 'customer', email: form.get('email'), metadata: nested(form).metadata ?? {} }
      customers.set(customer.id, customer)
      return answering({ status: 200, body: customer })
    }
    if (request.method === 'POST' && url.pathname === '/v1/products') return answering({ status: 200, body: { id: `prod_fake_${++counter}`, object: 'product', name: form.get('name'), metadata: nested(form).metadata ?? {} } })
    if (request.method === 'POST' && url.pathname === '/v1/coupons') {
      const coupon = { id: `cpn_fake_${++counter}`, object: 'coupon', amount_off: Number(form.get('amount_off')), currency: form.get('currency'), duration: form.get('duration'), name: form.get('name') }
      coupons.set(coupon.id, coupon)
      return answering({ status: 200, body: coupon })
    }
    const attach = /^\/v1\/payment_methods\/([A-Za-z0-9_]+)\/attach$/.exec(url.pathname)
    if (request.method === 'POST' && attach) {
      const pm = attach[1]!
      const card = cardOf(pm)
      if (!card) return answering(stripeError(400, `No such PaymentMethod: '${pm}'`, { code: 'resource_missing' }))
      // Like Stripe: a card that declines cannot be attached to a customer.
      if (typeof card.outcome === 'object' && !card.attaches) return answering({ status: 402, body: { error: { type: 'card_error', message: 'Your card was declined.', ...card.outcome } } })
      if (attached.has(pm) && attached.get(pm) !== form.get('customer')) return answering(stripeError(400, 'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.'))
      attached.set(pm, form.get('customer') ?? '')
      return answering({ status: 200, body: { ...methodObject(pm), customer: form.get('customer') } })
    }
    if (request.method === 'POST' && url.pathname === '/v1/subscriptions') return answering(createSubscription(form))
    if (request.method === 'POST' && url.pathname === '/v1/subscription_schedules') {
      // The schedule's subscription starts on its first phase, and its first invoice is charged at once with the default method.
      const phase = new URLSearchParams({ customer: form.get('customer') ?? '', default_payment_method: form.get('default_settings[default_payment_method]') ?? '' })
      for (const [key, value] of form) if (key.startsWith('phases[0][') && !key.startsWith('phases[0][duration]')) phase.append(key.slice('phases[0]['.length).replace(']', ''), value)
      const made = createSubscription(phase)
      if (made.status !== 200) return answering(made)
      const subscription = made.body as Subscription
      const secret = subscription.latest_invoice.confirmation_secret?.client_secret ?? ''
      confirmIntent(/^(pi_[A-Za-z0-9_]+?)_secret_/.exec(secret)?.[1] ?? '', undefined)
      schedules.set(subscription.id, nested(form))
      return answering({ status: 200, body: { id: `sub_sched_fake_${++counter}`, object: 'subscription_schedule', subscription: subscription.id, end_behavior: form.get('end_behavior'), metadata: nested(form).metadata ?? {} } })
    }
    if (request.method === 'GET' && url.pathname === '/v1/subscriptions/search') {
      const orderId = /metadata\['orderId'\]:'([^']*)'/.exec(form.get('query') ?? '')?.[1]
      const data = [...subscriptions.values()].filter((subscription) => subscription.metadata.orderId === orderId)
      return send(200, { object: 'search_result', data, has_more: false, url: '/v1/subscriptions/search' })
    }
    const subscription = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (subscription) {
      const found = subscriptions.get(subscription[1]!)
      if (!found) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } })
      if (request.method === 'DELETE') {
        // Canceled at once; like Stripe, a canceled subscription cannot be canceled (or changed) again.
        if (found.status === 'canceled') return answering(stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.'))
        found.status = 'canceled'
        found.canceled_at = Math.floor(Date.now() / 1000)
        emit('customer.subscription.deleted', found)
        return answering({ status: 200, body: found })
      }
      if (request.method === 'POST') {
        if (found.status === 'canceled' && form.get('cancel_at_period_end')) return answering(stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.'))
        const pm = form.get('default_payment_method')
        if (pm) {
          if (attached.get(pm) !== found.customer) return answering(stripeError(400, `The customer does not have a payment method with the ID ${pm}.`))
          found.default_payment_method = methodObject(pm)
        }
        if (form.get('cancel_at_period_end')) found.cancel_at_period_end = form.get('cancel_at_period_end') === 'true'
        // A trial_end on an active subscription: the next invoice waits until then.
        const trialEnd = Number(form.get('trial_end') ?? 0)
        if (trialEnd) {
          for (const item of (found.items as { data: { current_period_end: number }[] }).data) item.current_period_end = trialEnd
          found.status = 'trialing'
          found.trial_end = trialEnd
        }
        found.metadata = { ...found.metadata, ...((nested(form).metadata ?? {}) as Record<string, string>) }
        if (form.get('cancel_at_period_end')) emit('customer.subscription.updated', found)
        return answering({ status: 200, body: found })
      }
      return send(200, found)
    }
    const notFound = (what: string) => send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } })
    if (request.method === 'GET' && url.pathname === '/v1/invoices') {
      // Newest first, as Stripe lists them.
      const data = [...invoices.values()].filter((candidate) => (candidate.parent as { subscription_details?: { subscription?: string } } | undefined)?.subscription_details?.subscription === form.get('subscription')).reverse()
      return send(200, { object: 'list', data, has_more: false, url: '/v1/invoices' })
    }
    if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
      const byIntent = form.get('payment[payment_intent]')
      const data = [...invoicePayments]
        .filter(([invoiceId, intentId]) => (byIntent ? intentId === byIntent : invoiceId === form.get('invoice')))
        .map(([invoiceId, intentId]) => ({
          id: `inpay_${invoiceId}`,
          object: 'invoice_payment',
          invoice: invoiceId,
          is_default: true,
          status: intents.get(intentId)?.status === 'succeeded' ? 'paid' : 'open',
          payment: { type: 'payment_intent', payment_intent: [...form].some(([key, value]) => key.startsWith('expand[') && value === 'data.payment.payment_intent') ? intents.get(intentId) : intentId },
        }))
        .filter((payment) => !form.get('status') || payment.status === form.get('status'))
      return send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' })
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '')
      const charge = intent?.latest_charge ? charges.get(String(intent.latest_charge)) : undefined
      if (!intent) return answering(stripeError(400, `No such payment_intent: '${form.get('payment_intent')}'`, { code: 'resource_missing' }))
      if (!charge) return answering(stripeError(400, 'This PaymentIntent does not have a successful charge to refund.'))
      if (charge.refunded) return answering(stripeError(400, `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' }))
      const amount = Number(form.get('amount') ?? charge.amount - charge.amount_refunded)
      charge.amount_refunded += amount
      charge.refunded = charge.amount_refunded >= charge.amount
      const refund = { id: `re_fake_${++counter}`, object: 'refund', amount, charge: charge.id, payment_intent: intent.id, status: 'succeeded', reason: form.get('reason') }
      emit('charge.refunded', charge)
      return answering({ status: 200, body: refund })
    }
    const chargePath = /^\/v1\/charges\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (request.method === 'GET' && chargePath) {
      const found = charges.get(chargePath[1]!)
      return found ? send(200, found) : notFound('charge')
    }
    const disputePath = /^\/v1\/disputes\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (request.method === 'GET' && disputePath) {
      const found = disputes.get(disputePath[1]!)
      return found ? send(200, found) : notFound('dispute')
    }
    const invoice = /^\/v1\/invoices\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (request.method === 'GET' && invoice) {
      const found = invoices.get(invoice[1]!)
      return found ? send(200, found) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such invoice' } })
    }
    const confirm = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/confirm$/.exec(url.pathname)
    if (request.method === 'POST' && confirm) return answering(confirmIntent(confirm[1]!, form.get('payment_method') ?? undefined))
    const setupPath = /^\/v1\/setup_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (request.method === 'POST' && setupPath) {
      const setup = setupIntents.get(setupPath[1]!)
      if (!setup) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setupintent' } })
      setup.metadata = { ...((setup.metadata ?? {}) as Record<string, string>), ...((nested(form).metadata ?? {}) as Record<string, string>) }
      return answering({ status: 200, body: setup })
    }
    const confirmSetupPath = /^\/v1\/setup_intents\/([A-Za-z0-9_]+)\/confirm$/.exec(url.pathname)
    if (request.method === 'POST' && confirmSetupPath) return answering(confirmSetup(confirmSetupPath[1]!, form.get('payment_method') ?? undefined))
    if (request.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      const key = /metadata\['attemptKey'\]:'([^']*)'/.exec(form.get('query') ?? '')?.[1]
      const data = [...intents.values()].filter((intent) => intent.metadata.attemptKey === key)
      return send(200, { object: 'search_result', data, has_more: false, url: '/v1/payment_intents/search' })
    }
    const detach = /^\/v1\/payment_methods\/([A-Za-z0-9_]+)\/detach$/.exec(url.pathname)
    if (request.method === 'POST' && detach) {
      // Like Stripe: a PaymentMethod no customer holds cannot be detached (again).
      if (detached.has(detach[1]!)) return send(400, { error: { type: 'invalid_request_error', message: 'The payment method you provided is not attached to a customer so detachment is impossible.' } })
      detached.add(detach[1]!)
      return send(200, { id: detach[1], object: 'payment_method', customer: null })
    }
    const one = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (request.method === 'GET' && one) {
      const intent = intents.get(one[1]!)
      return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } })
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  /** The subscription's items' period: every item's end, and the interval to the next. */
  function nextRenewalPeriod(subscription: Subscription) {
    const item = (subscription.items as { data: { current_period_end: number; price: { recurring: { interval: string; interval_count: string } } }[] }).data[0]!
    const start = item.current_period_end
    const end = new Date(start * 1000)
    const count = Number(item.price.recurring.interval_count)
    const interval = item.price.recurring.interval
    if (interval === 'day') end.setUTCDate(end.getUTCDate() + count)
    if (interval === 'week') end.setUTCDate(end.getUTCDate() + 7 * count)
    if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + count)
    if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + count)
    return { start, end: Math.floor(end.getTime() / 1000) }
  }
  function movePeriod(subscription: Subscription, end: number) {
    for (const item of (subscription.items as { data: { current_period_end: number }[] }).data) item.current_period_end = end
    subscription.status = 'active'
  }
  const parts: Omit<FakeStripe, 'down'> = {
    renew(subscriptionId, options = {}) {
      const subscription = subscriptions.get(subscriptionId)!
      const period = nextRenewalPeriod(subscription)
      const pm = (subscription.default_payment_method as { id?: string } | null)?.id ?? ''
      const fails = Boolean(options.fail || options.action || cardOf(pm)?.last4 === '0341')
      const amount = (subscription.items as { data: { price: { unit_amount: string | number }; quantity: number }[] }).data.reduce((sum, item) => sum + Number(item.price.unit_amount) * item.quantity, 0)
      const id = `in_fake_${++counter}`
      // Its payment: a PaymentIntent charged with the saved card, paid or declined.
      const intent: Intent = {
        id: `pi_fake_${++counter}`,
        object: 'payment_intent',
        amount,
        currency: 'usd',
        metadata: {},
        payment_method: pm ? methodObject(pm) : null,
        status: options.action ? 'requires_action' : 'requires_payment_method',
        next_action: options.action ? { type: 'use_stripe_sdk' } : null,
        last_payment_error: options.action ? { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required' } : fails ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } : null,
      }
      intents.set(intent.id, intent)
      if (!fails) succeed(intent)
      invoicePayments.set(id, intent.id)
      const invoice: Invoice = {
        id,
        object: 'invoice',
        status: fails ? 'open' : 'paid',
        billing_reason: 'subscription_cycle',
        total: amount,
        amount_paid: fails ? 0 : amount,
        attempt_count: 1,
        next_payment_attempt: fails ? period.start + 3 * 86_400 : null,
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/${id}`,
        confirmation_secret: null,
        lines: { object: 'list', data: [{ id: `il_fake_${counter}`, amount, period }] },
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: subscription.metadata } },
      }
      invoices.set(id, invoice)
      subscription.latest_invoice = invoice
      if (fails) subscription.status = 'past_due'
      else movePeriod(subscription, period.end)
      emit(fails ? 'invoice.payment_failed' : 'invoice.paid', invoice)
      // Stripe sends both when the bank asks the buyer to confirm the charge.
      if (options.action) emit('invoice.payment_action_required', invoice)
      return invoice
    },
    payInvoice(invoiceId) {
      const invoice = invoices.get(invoiceId)!
      invoice.status = 'paid'
      invoice.amount_paid = invoice.total
      invoice.next_payment_attempt = null
      const intent = intents.get(invoicePayments.get(invoiceId) ?? '')
      if (intent) {
        intent.last_payment_error = null
        intent.next_action = null
        succeed(intent)
      }
      emit('invoice.paid', invoice)
      const subscription = subscriptions.get(String((invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription))!
      movePeriod(subscription, (invoice.lines as { data: { period: { end: number } }[] }).data[0]!.period.end)
      return invoice
    },
    url: `http://127.0.0.1:${port}`,
    emitted,
    charges,
    signed(event, secret = options.webhookSecret) {
      if (!secret) throw new Error('the stand-in was started without a webhook secret')
      const body = JSON.stringify(event)
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) }
    },
    dispute(intentId) {
      const intent = intents.get(intentId)!
      const charge = charges.get(String(intent.latest_charge))!
      const dispute = { id: `dp_fake_${++counter}`, object: 'dispute', amount: charge.amount, charge: charge.id, payment_intent: intent.id, reason: 'fraudulent', status: 'needs_response' }
      disputes.set(dispute.id, dispute)
      emit('charge.dispute.created', dispute)
      return dispute
    },
    requests,
    intents,
    subscriptions,
    schedules,
    setupIntents,
    customers,
    attached,
    confirm: (clientSecret, paymentMethod) =>
      clientSecret.startsWith('seti_') ? confirmSetup(/^(seti_[A-Za-z0-9_]+?)_secret_/.exec(clientSecret)?.[1] ?? '', paymentMethod) : confirmIntent(/^(pi_[A-Za-z0-9_]+?)_secret_/.exec(clientSecret)?.[1] ?? '', paymentMethod),
    authenticate(id, ok) {
      const intent = intents.get(id)!
      intent.next_action = null
      if (ok) {
        succeed(intent)
        // A subscription's first invoice: paid, and the subscription active.
        const invoice = [...invoices.values()].find((candidate) => candidate.confirmation_secret?.client_secret.startsWith(`${id}_secret_`))
        const subscription = invoice ? [...subscriptions.values()].find((candidate) => candidate.latest_invoice.id === invoice.id) : undefined
        if (invoice) invoice.status = 'paid'
        if (subscription) subscription.status = 'active'
      } else {
        intent.status = 'requires_payment_method'
        intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure' }
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return Object.assign(fake, parts)
}
