// Fulfilment: what a paid order turns into, once per order.
import type { Payload } from 'payload'
import type { Customer, Order, Subscription } from '@/payload-types'
import { applyWaitingRewards, rewardReferrer } from '@/services/account/redeem'
import { consentWording, createPasswordlessCustomer, findCustomerByEmail } from '@/services/auth/accounts'
import { idOf } from '@/services/catalog/codes'
import { subscriptionAddOns } from '@/services/catalog/lines'
import { isUniqueViolation, query } from '@/services/db'
import { recordConversion } from '@/services/experiments/events'
import { attachExtras } from './extras'
import { latestAttempt } from './orders'
import { queuePurchaseEmails, queueRenewalReceipt } from './receipt'
import { startPaidPeriod } from '@/services/subscriptions/periods'
import { nextPeriod, renewalPeriodOf } from '@/services/subscriptions/renewal-rules'
import { subscriptionTerms } from './terms'

/** The order's buyer: the customer it was made for, else the account of its e-mail, else a new one without a password. */
async function buyerOf(payload: Payload, order: Order): Promise<{ customer: Customer; created: boolean }> {
  if (order.customer) {
    const id = typeof order.customer === 'object' ? order.customer.id : order.customer
    const customer = await payload.findByID({ collection: 'customers', id, depth: 0, overrideAccess: true }).catch(() => null)
    if (customer) return { customer, created: false }
  }
  // An order without an address was made with its account (the number account): never here.
  if (!order.email) throw new Error(`order ${order.id} has neither a customer nor an e-mail`)
  const existing = await findCustomerByEmail(payload, order.email)
  if (existing) return { customer: existing, created: false }
  try {
    const consent = { granted: Boolean(order.receiveMarketingEmails), at: order.createdAt, wording: await consentWording(order.locale) }
    return { customer: await createPasswordlessCustomer(payload, { email: order.email, locale: order.locale, source: 'checkout', consent }), created: true }
  } catch (error) {
    // A concurrent fulfilment made it first.
    const again = await findCustomerByEmail(payload, order.email!)
    if (again) return { customer: again, created: false }
    throw error
  }
}

/**
 * What a paid order turns into, once per order however often it is asked (settle, a repeated
 * webhook, the sweeper after a crash): its buyer's account, one subscription (unique per order),
 * one use of its bonus code, a referral code owner's reward (and this buyer's waiting ones), the receipt (and the new account's confirmation), the experiment
 * conversion, then `fulfilledAt` by compare-and-set. Every step is keyed by the order's id, so a
 * step repeated after a crash finds its work done.
 */
export async function fulfil(payload: Payload, orderId: number, at: Date): Promise<boolean> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true }).catch(() => null)
  if (!order || order.status !== 'paid' || order.fulfilledAt) return false
  if (order.renews) return fulfilRenewal(payload, order, at)
  if (order.attachTo) return fulfilExtras(payload, order, at)
  const paidAt = order.paidAt ? new Date(order.paidAt) : at
  const { customer } = await buyerOf(payload, order)
  if (!order.customer) await query(payload, `update orders set customer_id = $2 where id = $1 and customer_id is null`, [order.id, customer.id])
  // The provider customer billed for an order made before its buyer had an account becomes the account's.
  if (order.providerCustomer && order.provider === 'stripe') await query(payload, `update customers set stripe_customer_id = $2 where id = $1 and stripe_customer_id is null`, [customer.id, order.providerCustomer])

  const existing = await payload.count({ collection: 'subscriptions', where: { order: { equals: order.id } }, overrideAccess: true })
  if (!existing.totalDocs) {
    const paying = await latestAttempt(payload, order.id, 'succeeded')
    // A provider's subscription (Stripe Billing) runs to the period end it bills, not ours.
    const terms = subscriptionTerms(order, paidAt, paying?.periodEnd ? new Date(paying.periodEnd) : null)
    const data: Omit<Subscription, 'id' | 'createdAt' | 'updatedAt'> = {
      customer: customer.id,
      order: order.id,
      plan: order.plan,
      version: 0,
      addOns: subscriptionAddOns(order.lines ?? []),
      status: terms.status,
      lifetime: terms.lifetime,
      currentPeriodStart: paidAt.toISOString(),
      currentPeriodEnd: terms.currentPeriodEnd.toISOString(),
      trialEndsAt: terms.trialEndsAt?.toISOString() ?? null,
      autoRenew: terms.autoRenew,
      nextRenewal: terms.nextRenewal ?? { amount: null, at: null },
      provider: order.provider,
      providerRef: paying?.providerRef ?? null,
      period: 1,
      savedMethod: terms.autoRenew ? (paying?.savedMethod ?? null) : null,
    }
    try {
      await payload.create({ collection: 'subscriptions', data, overrideAccess: true, depth: 0 })
    } catch (error) {
      const raced = await payload.count({ collection: 'subscriptions', where: { order: { equals: order.id } }, overrideAccess: true })
      if (!raced.totalDocs && !isUniqueViolation(error)) throw error
    }
  }

  // The bonus code's use counts once, when its order is paid (a code used up is then refused at
  // checkout): one statement claims the order and counts the code, so a repeat counts nothing.
  if (order.bonusCode && !order.bonusCountedAt) {
    await query(
      payload,
      `with claimed as (update orders set bonus_counted_at = $2 where id = $1 and bonus_code is not null and bonus_counted_at is null returning bonus_code)
       update bonus_codes set redemptions = coalesce(redemptions, 0) + 1, updated_at = $2 from claimed where bonus_codes.code = claimed.bonus_code`,
      [order.id, at.toISOString()],
    )
  }

  // A referral code's owner gets their days, once per order; rewards this buyer earned while nothing of theirs was live go to what they now own.
  if (order.bonusCode && !order.referralRewardedAt) await rewardReferrer(payload, order, customer.id, at)
  await applyWaitingRewards(payload, customer.id, at)

  const subscription = (await payload.find({ collection: 'subscriptions', where: { order: { equals: order.id } }, limit: 1, depth: 0, overrideAccess: true })).docs[0] ?? null
  if (!order.emailsQueuedAt) await queuePurchaseEmails(payload, order, customer, subscription, at)
  await recordConversion(payload, { orderId: String(order.id), assignments: Array.isArray(order.experiments) ? (order.experiments as { experiment: string; variant: number }[]) : [] })
  const marked = await query<{ id: number }>(payload, `update orders set fulfilled_at = $2 where id = $1 and fulfilled_at is null returning id`, [order.id, at.toISOString()])
  return marked.length === 1
}

/**
 * A paid renewal: no new subscription. Its period starts (now, if the current one has ended; else
 * the renewal scan starts it when it does), the renewal receipt goes out once, then `fulfilledAt`.
 */
async function fulfilRenewal(payload: Payload, order: Order, at: Date): Promise<boolean> {
  await startPaidPeriod(payload, order, at)
  const subscription = await payload.findByID({ collection: 'subscriptions', id: idOf(order.renews)!, depth: 0, overrideAccess: true }).catch(() => null)
  const customerId = idOf(order.customer)
  const customer = customerId ? await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true }).catch(() => null) : null
  if (subscription && customer && !order.emailsQueuedAt) {
    // The next charge after the period this order paid for (its period may not have started yet).
    const period = renewalPeriodOf(order.quote)
    const started = (subscription.period ?? 1) >= (order.period ?? 0)
    const nextAt = started ? subscription.currentPeriodEnd : period ? nextPeriod(new Date(subscription.currentPeriodEnd), period).end.toISOString() : null
    await queueRenewalReceipt(payload, order, customer, { autoRenew: subscription.autoRenew, nextRenewal: { amount: subscription.nextRenewal?.amount ?? null, at: nextAt } }, at)
  }
  const marked = await query<{ id: number }>(payload, `update orders set fulfilled_at = $2 where id = $1 and fulfilled_at is null returning id`, [order.id, at.toISOString()])
  return marked.length === 1
}

/**
 * Paid extras: no new subscription. The add-ons are appended to the subscription they were bought
 * for, once (`attachExtras`: nothing when it ended meanwhile, the order marked for a refund), the
 * receipt goes out once, then `fulfilledAt`.
 */
async function fulfilExtras(payload: Payload, order: Order, at: Date): Promise<boolean> {
  await attachExtras(payload, order, at)
  const customerId = idOf(order.customer)
  const customer = customerId ? await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true }).catch(() => null) : null
  const subscription = await payload.findByID({ collection: 'subscriptions', id: idOf(order.attachTo)!, depth: 0, overrideAccess: true }).catch(() => null)
  if (customer && !order.emailsQueuedAt) await queuePurchaseEmails(payload, order, customer, subscription, at)
  const marked = await query<{ id: number }>(payload, `update orders set fulfilled_at = $2 where id = $1 and fulfilled_at is null returning id`, [order.id, at.toISOString()])
  return marked.length === 1
}
