// A paid renewal starting its period: the subscription moves on once its current period has ended.
import type { Payload } from 'payload'
import type { Order, Subscription } from '@/payload-types'
import { findPlan } from '@/services/catalog/catalog'
import { idOf } from '@/services/catalog/codes'
import type { Period } from '@/services/catalog/pricing'
import { latestAttempt } from '@/services/orders/orders'
import { nextPeriod, renewalPeriodOf, billedByStripe } from './renewal-rules'
import { live } from './states'
import { transition } from './subscriptions'


/**
 * How long a subscription renews for: the renewal period its order's quote kept (the 15-then-12
 * plan: 12 months; a trial: the plan it rolls into), else the plan's own period.
 */
export async function renewalPeriodFor(payload: Payload, subscription: Pick<Subscription, 'order' | 'plan'>): Promise<Period | null> {
  const orderId = idOf(subscription.order)
  if (orderId) {
    const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true }).catch(() => null)
    const kept = renewalPeriodOf(order?.quote)
    if (kept) return kept
  }
  const plan = await findPlan(payload, subscription.plan)
  if (!plan) return null
  const target = plan.trialDays && plan.rollsInto && typeof plan.rollsInto === 'object' ? plan.rollsInto : plan
  return { type: target.periodType, count: target.periodCount }
}

export type PeriodMove = 'moved' | 'active-again' | 'waiting' | 'nothing'

/**
 * A paid renewal order applied to its subscription, once: when the current period has ended it
 * moves on by the renewal period (status active, the plan the order paid for, the next charge at
 * the new end); before that a past-due subscription is active again and the period waits (the
 * last 24 hours stay the old period; a gift redeemed meanwhile pushes the paid period back). A
 * compare-and-set on the period number and its end, so two runs move it once and a concurrent
 * change wins. A subscription Stripe bills moves when Stripe's renewal invoice is paid, to the
 * end that invoice gave.
 */
export async function startPaidPeriod(payload: Payload, order: Pick<Order, 'id' | 'renews' | 'period' | 'plan' | 'quote' | 'status'>, at: Date): Promise<PeriodMove> {
  const subscriptionId = idOf(order.renews)
  if (!subscriptionId || order.status !== 'paid' || !order.period) return 'nothing'
  const subscription = await payload.findByID({ collection: 'subscriptions', id: subscriptionId, depth: 0, overrideAccess: true }).catch(() => null)
  const current = subscription?.period ?? 1
  if (!subscription || current !== order.period - 1 || !live.includes(subscription.status)) return 'nothing'
  const paying = await latestAttempt(payload, order.id, 'succeeded')
  // Paid by the link with another card: that card renews from now on.
  const savedMethod = paying?.savedMethod ?? undefined
  const end = new Date(subscription.currentPeriodEnd)
  const where = { period: current, periodEnd: end }
  // A subscription Stripe bills runs on Stripe's time (a test clock may be ahead of ours): its paid invoice moves it to the end that invoice gave the renewal order.
  const stripeEnd = billedByStripe(subscription.providerRef) ? (order.quote as { periodEndsAt?: string | null } | null)?.periodEndsAt : null
  if (end.getTime() > at.getTime() && !(stripeEnd && new Date(stripeEnd).getTime() > end.getTime())) {
    if (subscription.status !== 'past_due') return 'waiting'
    return (await transition(payload, subscription.id, ['past_due'], 'active', { savedMethod }, { at, where })) ? 'active-again' : 'nothing'
  }
  const period = renewalPeriodOf(order.quote) ?? (await renewalPeriodFor(payload, subscription))
  if (!period) return 'nothing'
  const computed = nextPeriod(end, period)
  const next = stripeEnd && new Date(stripeEnd).getTime() > end.getTime() ? { start: computed.start, end: new Date(stripeEnd) } : computed
  const moved = await transition(
    payload,
    subscription.id,
    live,
    'active',
    { period: order.period, currentPeriodStart: next.start, currentPeriodEnd: next.end, nextRenewalAt: next.end, plan: order.plan, savedMethod },
    { at, where },
  )
  return moved ? 'moved' : 'nothing'
}
