// A free trial without a payment method (`sales/trial-accrual/`): one per account, ever.
import type { Payload } from 'payload'
import { apiError } from '@/lib/http'
import type { Customer, Subscription } from '@/payload-types'
import { findPlan } from '@/services/catalog/catalog'
import { inTransaction, sql } from '@/services/db'

const DAY_MS = 86_400_000

/** The plan offered on `/my-account` to a customer who owns nothing and never had a trial. */
export const FREE_TRIAL_PLAN = 'vpn-trial-7d'

/** Whether the customer ever had a trial (any subscription with `trialEndsAt`, bought or free). */
export async function hadTrial(payload: Payload, customerId: number): Promise<boolean> {
  const found = await payload.count({ collection: 'subscriptions', where: { and: [{ customer: { equals: customerId } }, { trialEndsAt: { exists: true } }] }, overrideAccess: true })
  return found.totalDocs > 0
}

/**
 * Starts a free trial of `planId` (a plan with `trialDays`) for the customer: `trialing`, no
 * auto-renewal and no payment method (provider `trial`, no order, so it cannot be switched to
 * renew), ending with its days, when the renewal scan expires it. 404 PLAN_NOT_FOUND for an unknown
 * plan, 400 INVALID_INPUT (`plan`) for one that is not a trial, 409 TRIAL_ALREADY_USED for an account
 * that ever had a trial: checked with the customer's row locked, so two requests at once make one.
 */
export async function startFreeTrial(payload: Payload, customer: Customer, planId: string, at: Date): Promise<Subscription> {
  const plan = await findPlan(payload, planId)
  if (!plan) throw apiError('PLAN_NOT_FOUND')
  if (!plan.trialDays) throw apiError('INVALID_INPUT', 'plan')
  const end = new Date(at.getTime() + plan.trialDays * DAY_MS)
  return inTransaction(payload, async ({ req, run }) => {
    await run(sql`select id from customers where id = ${customer.id} for update`)
    const used = await run(sql`select 1 from subscriptions where customer_id = ${customer.id} and trial_ends_at is not null limit 1`)
    if (used.length) throw apiError('TRIAL_ALREADY_USED')
    const data: Omit<Subscription, 'id' | 'createdAt' | 'updatedAt'> = {
      customer: customer.id,
      order: null,
      giftCode: null,
      plan: plan.purchaseId,
      addOns: [],
      status: 'trialing',
      version: 0,
      lifetime: false,
      currentPeriodStart: at.toISOString(),
      currentPeriodEnd: end.toISOString(),
      trialEndsAt: end.toISOString(),
      autoRenew: false,
      nextRenewal: { amount: null, at: null },
      provider: 'trial',
      providerRef: null,
    }
    return (await payload.create({ collection: 'subscriptions', data, overrideAccess: true, depth: 0, req })) as Subscription
  })
}
