// The 30-day money-back guarantee: an admin's refund through the provider, and the one effect of every refund.
import type { Payload, PayloadRequest } from 'payload'
import { env } from '@/lib/env'
import { apiError } from '@/lib/http'
import type { Order } from '@/payload-types'
import { kickRenewalCancel, queueRenewalCancel } from '@/services/account/renewal-cancel'
import { siteUrl } from '@/services/auth/accounts'
import { idOf } from '@/services/catalog/codes'
import { methodBrandNames } from '@/services/catalog/methods'
import { inTransaction, query, sql } from '@/services/db'
import { sendEmail } from '@/services/email/send'
import { providerById } from '@/services/payments/registry'
import type { SubscriptionStatus } from '@/services/subscriptions/states'
import { transition as moveSubscription } from '@/services/subscriptions/subscriptions'
import { detachExtras } from './extras'
import { latestAttempt } from './orders'
import { refundDeadline, refundWindowOpen } from './refund-window'
import { cardBrandName, money } from './receipt'

/** A refund asked of the provider and never answered (a crash) stops blocking another after this. */
const CLAIM_MS = 5 * 60_000
/** How long a second refund request waits for one already asking the provider. */
const WAIT_MS = 15_000


export type RefundView = {
  order: { id: number; status: Order['status'] }
  refund: { amount: number }
}

/** Where an order stands for the admin's refund button: refundable, or why not, and any refund made. */
export type RefundState = {
  status: Order['status']
  total: number
  paidAt: string | null
  deadline: string | null
  refundable: boolean
  reason: 'REFUND_WINDOW_CLOSED' | 'ORDER_NOT_REFUNDABLE' | null
  refunded: { at: string | null; amount: number } | null
}

/** The refund the order's provider can make, or null when none is possible (not paid, nothing paid, a provider without refunds). */
async function refundablePayment(payload: Payload, order: Order) {
  if (order.status !== 'paid' || !order.paidAt || order.total <= 0) return null
  const provider = providerById(payload, order.provider)
  const paying = await latestAttempt(payload, order.id, 'succeeded')
  if (!provider?.refund || !paying || paying.kind === 'refund' || !paying.providerRef.startsWith(`${provider.id}:`)) return null
  return { provider, paying, providerRef: paying.providerRef.slice(provider.id.length + 1) }
}

export async function refundState(payload: Payload, order: Order, at: Date): Promise<RefundState> {
  const days = env().MONEY_BACK_DAYS
  const deadline = order.paidAt ? refundDeadline(new Date(order.paidAt), days) : null
  const payment = await refundablePayment(payload, order)
  const reason = !payment ? 'ORDER_NOT_REFUNDABLE' : !refundWindowOpen(new Date(order.paidAt!), at, days) ? 'REFUND_WINDOW_CLOSED' : null
  return {
    status: order.status,
    total: order.total,
    paidAt: order.paidAt ?? null,
    deadline: deadline?.toISOString() ?? null,
    refundable: order.status === 'paid' && !reason,
    reason: order.status === 'refunded' ? null : reason,
    refunded: order.status === 'refunded' ? { at: order.refundedAt ?? null, amount: order.refundAmount ?? 0 } : null,
  }
}

const loadOrder = (payload: Payload, id: number) => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true }).catch(() => null)
const refundedView = (order: Order): RefundView => ({ order: { id: order.id, status: 'refunded' }, refund: { amount: order.refundAmount ?? 0 } })

/**
 * An admin's refund of order `id` (all of its total) within MONEY_BACK_DAYS of its payment. The
 * order is claimed by compare-and-set before the provider is asked, so two requests refund once
 * (the second waits for the first's outcome); a provider that refuses or cannot be reached
 * releases the claim and answers 503 SERVER_MAINTENANCE with nothing changed. Then the one effect
 * of a refund (`applyRefund`). An order already refunded answers the same, and nothing more is
 * given back. Not paid, free, or through a provider that cannot refund → 409
 * ORDER_NOT_REFUNDABLE; after the window → 409 REFUND_WINDOW_CLOSED.
 */
export async function refundOrder(payload: Payload, id: number, at: Date): Promise<RefundView> {
  const waitUntil = performance.now() + WAIT_MS
  for (;;) {
    const order = await loadOrder(payload, id)
    if (!order) throw apiError('ORDER_NOT_FOUND')
    if (order.status === 'refunded') return refundedView(order)
    const state = await refundState(payload, order, at)
    if (state.reason) throw apiError(state.reason)
    const claimed = await query<{ id: number }>(
      payload,
      `update orders set refund_started_at = $2 where id = $1 and status = 'paid' and (refund_started_at is null or refund_started_at < $3) returning id`,
      [order.id, at.toISOString(), new Date(at.getTime() - CLAIM_MS).toISOString()],
    )
    if (!claimed.length) {
      // Another request is asking the provider: its outcome is this one's.
      if (performance.now() > waitUntil) throw apiError('SERVER_MAINTENANCE')
      await new Promise((resolve) => setTimeout(resolve, 200))
      continue
    }
    const payment = (await refundablePayment(payload, order))!
    try {
      await payment.provider.refund!({ providerRef: payment.providerRef, amount: order.total, idempotencyKey: `order:${order.id}:refund`, at })
    } catch (error) {
      await query(payload, `update orders set refund_started_at = null where id = $1 and status = 'paid'`, [order.id])
      payload.logger.warn({ msg: 'refund refused by the payment provider, nothing changed', order: order.id, provider: payment.provider.id, reason: error instanceof Error ? error.message : String(error) })
      throw apiError('SERVER_MAINTENANCE')
    }
    await applyRefund(payload, order.id, order.total, at)
    const after = await loadOrder(payload, order.id)
    return refundedView(after ?? { ...order, refundAmount: order.total })
  }
}

/**
 * The one effect of a refund, whoever made it (an admin here, or the provider, reported by its
 * event): in one transaction, the order paid → refunded (compare-and-set: a second refund of it
 * changes nothing), a `refund` attempt, the subscription it paid for (a renewal's: the one it
 * renews) expired now with auto-renewal off, its saved method revoked at the provider by the
 * `cancelRenewals` job, and the "refund issued" e-mail in the buyer's language. Returns whether
 * this call made the change.
 */
export async function applyRefund(payload: Payload, orderId: number, amount: number, at: Date): Promise<boolean> {
  const stamp = at.toISOString()
  const done = await inTransaction(payload, async ({ req, run }) => {
    const moved = await run<{ id: number }>(sql`
      update orders set status = 'refunded'::enum_orders_status, version = version + 1, updated_at = ${stamp},
          refunded_at = ${stamp}, refund_amount = ${amount}, refund_started_at = null
       where id = ${orderId} and status::text = 'paid' returning id`)
    if (!moved.length) return false
    const order = (await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true, req }))!
    const paying = await payload.find({ collection: 'payment-attempts', where: { and: [{ order: { equals: orderId } }, { status: { equals: 'succeeded' } }, { kind: { not_equals: 'refund' } }] }, sort: '-number', limit: 1, depth: 0, overrideAccess: true, req })
    const paid = paying.docs[0]
    const [last] = await run<{ number: number }>(sql`select coalesce(max(number), 0) as number from payment_attempts where order_id = ${orderId}`)
    await payload.create({
      collection: 'payment-attempts',
      overrideAccess: true,
      depth: 0,
      req,
      data: {
        order: orderId,
        number: Number(last?.number ?? 0) + 1,
        provider: order.provider,
        // One refund per order: its reference is the paying attempt's, marked.
        providerRef: `${paid?.providerRef ?? `${order.provider}:order-${orderId}`}:refund`,
        kind: 'refund',
        status: 'succeeded',
        amount,
        brand: paid?.brand ?? null,
        last4: paid?.last4 ?? null,
      },
    })

    // Extras: what they added is taken back; the subscription runs on.
    if (order.attachTo) await detachExtras(payload, order, at, run, req)
    // Otherwise the access it paid for ends now, and nothing renews it.
    const subscriptionId = order.attachTo ? undefined : (idOf(order.renews) ?? (await run<{ id: number }>(sql`select id from subscriptions where order_id = ${orderId} limit 1`))[0]?.id)
    const [subscription] = subscriptionId
      ? await run<{ id: number; status: SubscriptionStatus; provider_ref: string | null; saved_method: string | null; plan: string; current_period_end: Date }>(
          sql`select id, status, provider_ref, saved_method, plan, current_period_end from subscriptions where id = ${subscriptionId} for update`,
        )
      : []
    if (subscription && subscription.status !== 'expired') {
      const ends = new Date(subscription.current_period_end) > at ? { currentPeriodEnd: at } : {}
      await moveSubscription(payload, subscription.id, [subscription.status], 'expired', { autoRenew: false, nextRenewalAt: null, nextRenewalAmount: null, ...ends }, { at, run })
    }
    if (subscription?.saved_method && subscription.provider_ref) await queueRenewalCancel(payload, [subscription.provider_ref], req)

    const customerId = idOf(order.customer)
    const customer = customerId ? await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true, req }).catch(() => null) : null
    // A deleted account's address is a placeholder: nobody to write to.
    if (customer?.deletedAt) return true
    const locale = customer?.locale ?? order.locale
    const plan = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: order.plan } }, locale: locale as 'en', limit: 1, depth: 0, overrideAccess: true, req })).docs[0]?.title ?? order.plan
    const method = paid?.brand && paid.last4 ? `${cardBrandName(paid.brand)} •••• ${paid.last4}` : methodBrandNames[order.method]
    await sendEmail(
      { template: 'refund-issued', to: customer?.email ?? order.email, locale, timezone: customer?.timezone ?? undefined, data: { plan, amount: money(amount, locale), method, url: siteUrl(locale, '/my-account/orders') } },
      { payload, req: req as PayloadRequest },
    )
    return true
  })
  if (done) kickRenewalCancel(payload)
  return done
}

/**
 * A payment disputed with the buyer's bank (a chargeback), as the provider reported it: the order
 * marked `disputed` once (compare-and-set; the first report's time and dispute kept) for an admin
 * to answer in the provider's dashboard. Nothing else changes while the bank decides. Returns
 * whether this call marked it.
 */
export async function markDisputed(payload: Payload, orderId: number, disputeRef: string, at: Date): Promise<boolean> {
  const marked = await query<{ id: number }>(
    payload,
    `update orders set disputed = true, disputed_at = $2, dispute_ref = $3, updated_at = $2 where id = $1 and disputed_at is null returning id`,
    [orderId, at.toISOString(), disputeRef.slice(0, 255)],
  )
  if (marked.length) payload.logger.warn({ msg: 'a payment was disputed with the bank: answer it in the payment provider’s dashboard', order: orderId, dispute: disputeRef })
  return marked.length > 0
}
