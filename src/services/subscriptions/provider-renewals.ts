// Renewals a provider charges itself (Stripe Billing): its renewal invoices turned into our renewal orders.
import type { Payload } from 'payload'
import type { Order } from '@/payload-types'
import { idOf } from '@/services/catalog/codes'
import { isUniqueViolation, query } from '@/services/db'
import { fulfil } from '@/services/orders/fulfil'
import { transition as orderTransition } from '@/services/orders/orders'
import { applyResult } from '@/services/payments/outcome'
import type { PaymentProvider } from '@/services/payments/provider'
import { noteFailure, openRenewal } from './renewals'
import { canTransition, type SubscriptionStatus } from './states'
import { transition as moveSubscription } from './subscriptions'
import { renewalKey } from './renewal-rules'

/** Our subscription billed by the provider's subscription `id` (its reference is `provider:sub_…`, or `…/n` when attempt n paid it). */
async function subscriptionOfProviderRef(payload: Payload, provider: PaymentProvider, id: string): Promise<{ id: number } | undefined> {
  const ref = `${provider.id}:${id}`
  const [row] = await query<{ id: number }>(payload, `select id from subscriptions where provider_ref = $1 or provider_ref like $2 order by id limit 1`, [ref, `${ref.replace(/[\\%_]/g, '\\$&')}/%`])
  return row
}

const orderByKey = async (payload: Payload, key: string) => (await payload.find({ collection: 'orders', where: { idempotencyKey: { equals: key } }, limit: 1, depth: 0, overrideAccess: true })).docs[0] ?? null

/** A `renewal` attempt for the invoice's payment, written before the order moves (one per invoice and outcome tried). */
async function renewalAttempt(payload: Payload, order: Order, provider: PaymentProvider, invoiceId: string, amount: number) {
  const [last] = await query<{ number: number }>(payload, `select coalesce(max(number), 0)::int as number from payment_attempts where order_id = $1`, [order.id])
  const number = Number(last?.number ?? 0) + 1
  return payload.create({
    collection: 'payment-attempts',
    overrideAccess: true,
    depth: 0,
    data: { order: order.id, number, provider: provider.id, providerRef: `${provider.id}:${invoiceId}/${number}`, kind: 'renewal', status: 'processing', amount },
  })
}

/**
 * A renewal invoice event of a subscription the provider bills (`invoice.paid` or
 * `invoice.payment_failed` with `billing_reason: subscription_cycle`): the invoice is read again
 * from the provider, then applied to the renewal order of the period it pays, the one the scan
 * would make (`openRenewal`, key `sub:{id}:period:{n}`, so an event and a scan, or ten events,
 * make one order). Paid → a `renewal` attempt and `settle()` (pending or failed → processing →
 * paid, by compare-and-set), whose fulfilment moves the period to the provider's end and sends
 * the renewal receipt once. Failed → the order failed and, once, the subscription past due with
 * the "payment failed" e-mail linking to the provider's invoice page; waiting for the buyer's bank
 * (`invoice.payment_action_required`, and the `invoice.payment_failed` Stripe sends with it) → the
 * same, with the e-mail asking to confirm the payment on that page instead. An invoice of a period
 * already behind ours changes nothing. Returns the order's id, or null when the subscription is
 * not ours.
 */
export async function applyProviderRenewal(payload: Payload, provider: PaymentProvider, renewal: { subscription: string; invoice: string }, at: Date): Promise<number | null> {
  const row = await subscriptionOfProviderRef(payload, provider, renewal.subscription)
  if (!row || !provider.renewalInvoice) return null
  const invoice = await provider.renewalInvoice(renewal.invoice)
  if (!invoice || invoice.subscription !== renewal.subscription) return null
  const subscription = await payload.findByID({ collection: 'subscriptions', id: row.id, depth: 0, overrideAccess: true })
  const current = subscription.period ?? 1
  // The invoice pays the period after ours, or (its period already started here) ours.
  const ahead = invoice.periodEnd.getTime() > new Date(subscription.currentPeriodEnd).getTime()
  const period = ahead ? current + 1 : current
  if (period < 2) return null
  let order = ahead ? await openRenewal(payload, subscription, at, invoice.periodEnd).catch((error: unknown) => (isUniqueViolation(error) ? null : Promise.reject(error))) : null
  order ??= await orderByKey(payload, renewalKey(subscription.id, period))
  if (!order) return null

  if (invoice.status === 'paid') {
    if (order.status === 'paid') {
      if (!order.fulfilledAt) await fulfil(payload, order.id, at)
      return order.id
    }
    const from = order.status === 'pending' || order.status === 'failed' ? order.status : null
    if (!from || !(await orderTransition(payload, order.id, [from], 'processing'))) return order.id
    const attempt = await renewalAttempt(payload, order, provider, invoice.id, invoice.amount)
    await applyResult(payload, order, attempt, { status: 'succeeded', providerRef: `${invoice.id}/${attempt.number}` }, ['processing'], at)
    return order.id
  }
  if (invoice.status === 'failed' || invoice.status === 'action_required') {
    const actionRequired = invoice.status === 'action_required'
    if (order.status === 'pending' && (await orderTransition(payload, order.id, ['pending'], 'processing'))) {
      const attempt = await renewalAttempt(payload, order, provider, invoice.id, invoice.amount)
      const error = actionRequired ? { code: 'AUTHENTICATION_FAILURE' as const, providerCode: 'authentication_required', retryable: true } : { code: 'CARD_DECLINED' as const, providerCode: 'invoice_payment_failed', retryable: true }
      await applyResult(payload, order, attempt, { status: 'failed', providerRef: `${invoice.id}/${attempt.number}`, error }, ['processing'], at)
    }
    await noteFailure(payload, order.id, at, { url: invoice.hostedUrl, retryAt: invoice.nextAttempt, actionRequired })
  }
  return order.id
}

/**
 * A provider's subscription changed (`customer.subscription.updated`) or ended (`.deleted`), in its
 * dashboard or by the provider: read again, then mirrored onto ours through `transition()` (a
 * compare-and-set): ended → expired with renewal off; past due or active again → the same here;
 * `cancel_at_period_end` → auto-renewal off (and on again, when it was undone). Period ends move
 * with the paid renewal invoices (`applyProviderRenewal`), not here. A move our state table
 * forbids (a canceled subscription made active in the dashboard) is logged and left. Returns the
 * id of the order that bought our subscription, or null when it is not ours.
 */
export async function applyProviderSubscription(payload: Payload, provider: PaymentProvider, id: string, at: Date): Promise<number | null> {
  const row = await subscriptionOfProviderRef(payload, provider, id)
  if (!row || !provider.providerSubscription) return null
  const ours = await payload.findByID({ collection: 'subscriptions', id: row.id, depth: 0, overrideAccess: true })
  const orderId = idOf(ours.order) ?? null
  const now = await provider.providerSubscription(id)
  if (!now || now.status === 'incomplete') return orderId
  if (ours.status === 'expired') return orderId
  if (ours.status === 'canceled' && now.status !== 'ended' && !now.cancelAtPeriodEnd) {
    payload.logger.warn({ msg: 'a canceled subscription renews again at the provider; ours stays canceled', subscription: ours.id })
    return orderId
  }
  const target: SubscriptionStatus | null =
    now.status === 'ended' ? 'expired' : now.status === 'past_due' ? 'past_due' : ours.status === 'past_due' ? 'active' : null
  const changes = now.status === 'ended' ? { autoRenew: false, nextRenewalAt: null } : { autoRenew: !now.cancelAtPeriodEnd, ...(now.cancelAtPeriodEnd ? {} : { nextRenewalAt: 'periodEnd' as const }) }
  if (target && !canTransition(ours.status, target)) {
    payload.logger.warn({ msg: 'a provider subscription change our state table does not allow, left as it is', subscription: ours.id, from: ours.status, to: target })
    return orderId
  }
  const same = target === null || target === ours.status
  if (same && changes.autoRenew === ours.autoRenew) return orderId
  await moveSubscription(payload, ours.id, [ours.status], target, changes, { at })
  return orderId
}
