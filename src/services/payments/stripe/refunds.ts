// Refunds and disputes through Stripe: the payment behind one of our references, given back, and read again from its events.
import Stripe from 'stripe'
import { subscriptionOfRef } from './billing'

const idOf = (value: string | { id?: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

/** The PaymentIntent that paid an invoice (its paid invoice payment), or null when nothing paid it. */
async function intentOfInvoice(client: Stripe, invoice: string): Promise<string | null> {
  const payments = await client.invoicePayments.list({ invoice, status: 'paid', limit: 1 })
  return idOf(payments.data[0]?.payment.payment_intent)
}

/** The subscription an invoice bills. */
const subscriptionOfInvoice = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription)

/**
 * What a refund of our payment reference gives back and what it stops: a one-off payment's
 * PaymentIntent (`pi_…`); for a subscription bought through Stripe (`sub_…`, `sub_…/n`) the
 * PaymentIntent that paid its first invoice, and the subscription; for a renewal (`in_…/n`) the
 * PaymentIntent that paid that invoice, and its subscription.
 */
export async function paymentToRefund(client: Stripe, providerRef: string): Promise<{ intent: string; subscription: string | null }> {
  const ref = subscriptionOfRef(providerRef)
  if (ref.startsWith('pi_')) return { intent: ref, subscription: null }
  let invoice: Stripe.Invoice | undefined
  if (ref.startsWith('sub_')) {
    const invoices = await client.invoices.list({ subscription: ref, limit: 100 })
    invoice = invoices.data.find((candidate) => candidate.billing_reason === 'subscription_create') ?? invoices.data.at(-1)
  } else if (ref.startsWith('in_')) {
    invoice = await client.invoices.retrieve(ref)
  }
  const intent = invoice?.id ? await intentOfInvoice(client, invoice.id) : null
  if (!invoice || !intent) throw new Error(`Stripe holds no paid payment for ${ref}`)
  return { intent, subscription: ref.startsWith('sub_') ? ref : subscriptionOfInvoice(invoice) }
}

/**
 * A subscription canceled now (never billed again), once: a subscription already ended is left
 * alone, and the key makes a repeat of the same request one cancel.
 */
export async function endSubscription(client: Stripe, id: string): Promise<void> {
  const subscription = await client.subscriptions.retrieve(id)
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return
  await client.subscriptions.cancel(id, {}, { idempotencyKey: `sub:${id}:cancel` })
}

/**
 * A refund's charge (`ch_…`) or a dispute (`dp_…`) read again from Stripe: the payment it is
 * about as our attempts name it (a one-off PaymentIntent; a subscription's first invoice → the
 * subscription; a renewal invoice → the invoice), and whether the charge was wholly given back.
 */
export async function paymentOfEvent(client: Stripe, kind: 'refund' | 'dispute', objectId: string): Promise<{ ref: string; refunded: boolean } | null> {
  let intent: string | null
  let refunded = false
  try {
    if (kind === 'refund') {
      const charge = await client.charges.retrieve(objectId)
      intent = idOf(charge.payment_intent)
      refunded = charge.refunded
    } else {
      intent = idOf((await client.disputes.retrieve(objectId)).payment_intent)
    }
  } catch (error) {
    // Not this account's object (a forged or foreign event that still carried our signature): nothing to apply.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
    throw error
  }
  if (!intent) return null
  const payments = await client.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent }, limit: 1 })
  const invoiceId = idOf(payments.data[0]?.invoice)
  if (!invoiceId) return { ref: intent, refunded }
  const invoice = await client.invoices.retrieve(invoiceId)
  const subscription = subscriptionOfInvoice(invoice)
  if (invoice.billing_reason === 'subscription_create' && subscription) return { ref: subscription, refunded }
  return { ref: invoiceId, refunded }
}
