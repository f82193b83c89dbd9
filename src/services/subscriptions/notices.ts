// Notices before a subscription's date: the renewal reminder, the trial's end, the plan's end.
// Each goes once per subscription and period: a compare-and-set records the period end it was
// sent for, in the same transaction as the queued e-mail, so repeated or parallel scans send one.
import type { Payload, PayloadRequest } from 'payload'
import { env } from '@/lib/env'
import type { Customer, Subscription } from '@/payload-types'
import { siteUrl } from '@/services/auth/accounts'
import { findPlan } from '@/services/catalog/catalog'
import { idOf } from '@/services/catalog/codes'
import { inTransaction, query, sql } from '@/services/db'
import { sendEmail } from '@/services/email/send'
import { latestAttempt } from '@/services/orders/orders'
import { cardBrandName, money } from '@/services/orders/receipt'
import { selectionParams, type Selection, type Slots, type Traffic } from '@/services/purchase-flow/selection'
import { ENDING_NOTICE_MS, noticeDue, noticeKinds, TRIAL_NOTICE_MS, type NoticeKind } from './notice-rules'
import { RENEW_AHEAD_MS } from './renewal-rules'

/** How many subscriptions one scan looks at (the rest wait for the next minute). */
const BATCH = 500

/** The column that records, per kind, the period end its notice was sent for. */
const column = { 'renewal-reminder': 'notices_renewal_reminder_for', 'trial-ending': 'notices_trial_ending_for', 'plan-ending': 'notices_plan_ending_for' } as const
const field = { 'renewal-reminder': 'renewalReminderFor', 'trial-ending': 'trialEndingFor', 'plan-ending': 'planEndingFor' } as const

/**
 * Subscriptions with a notice due at `at` and not yet sent for their period, of customers with an
 * e-mail address: `noticeDue()` of `notice-rules.ts` in SQL, so a scan only reads what it sends
 * (each is checked by `noticeDue()` again before sending).
 */
async function candidates(payload: Payload, at: Date, reminderDays: number): Promise<Subscription[]> {
  const charge = `s.current_period_end - interval '${RENEW_AHEAD_MS / 1000} seconds'`
  const unsent = (kind: NoticeKind) => `s.${column[kind]} is distinct from s.current_period_end`
  const rows = await query<{ id: number }>(
    payload,
    `select s.id from subscriptions s join customers c on c.id = s.customer_id
      where s.lifetime is not true and coalesce(c.email, '') <> '' and (
        (${unsent('renewal-reminder')} and s.auto_renew and s.status::text = 'active' and s.next_renewal_amount is not null
          and s.current_period_end - s.current_period_start >= interval '28 days' and ${charge} - make_interval(days => $2) <= $1 and ${charge} > $1)
        or (${unsent('trial-ending')} and s.auto_renew and s.status::text = 'trialing' and s.next_renewal_amount is not null
          and s.current_period_end - interval '${TRIAL_NOTICE_MS / 1000} seconds' <= $1 and ${charge} > $1)
        or (${unsent('plan-ending')} and (s.status::text = 'canceled' or (s.auto_renew is not true and s.status::text in ('trialing', 'active', 'past_due')))
          and s.current_period_end - s.current_period_start > interval '${ENDING_NOTICE_MS / 1000} seconds'
          and s.current_period_end - interval '${ENDING_NOTICE_MS / 1000} seconds' <= $1 and s.current_period_end > $1))
      order by s.current_period_end limit ${BATCH}`,
    [at.toISOString(), reminderDays],
  )
  if (!rows.length) return []
  return (await payload.find({ collection: 'subscriptions', where: { id: { in: rows.map((row) => row.id) } }, depth: 0, limit: BATCH, pagination: false, overrideAccess: true })).docs
}

/** The plan's title in the customer's language. */
const planTitle = async (payload: Payload, purchaseId: string, locale: string) =>
  (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: purchaseId } }, locale: locale as 'en', limit: 1, depth: 0, overrideAccess: true })).docs[0]?.title ?? purchaseId

/** How the next charge is paid: PayPal, or the card with its brand and last four digits when known. */
async function chargedWith(payload: Payload, subscription: Subscription) {
  const orderId = idOf(subscription.order)
  const order = orderId ? await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true }).catch(() => null) : null
  if (order?.method === 'paypal') return { method: 'paypal' as const, card: null }
  const attempt = order ? await latestAttempt(payload, order.id) : null
  return { method: 'card' as const, card: attempt?.brand && attempt.last4 ? { brand: cardBrandName(attempt.brand), last4: attempt.last4 } : null }
}

/** The checkout with the plan and its add-ons in the URL, as the picker writes them. */
export async function payAgainPath(payload: Payload, subscription: Pick<Subscription, 'plan' | 'addOns'>): Promise<string> {
  const selection: Selection = { plan: subscription.plan, slots: 0, server: null, region: null, ipRegion: null, bonus: null, method: null }
  const lines = subscription.addOns ?? []
  const found = lines.length ? (await payload.find({ collection: 'add-ons', where: { purchaseId: { in: lines.map((line) => line.purchaseId) } }, limit: lines.length, depth: 0, pagination: false, overrideAccess: true })).docs : []
  const byId = new Map(found.map((addOn) => [addOn.purchaseId, addOn]))
  for (const line of lines) {
    const addOn = byId.get(line.purchaseId)
    if (!addOn) continue
    if (addOn.kind === 'device-slots') selection.slots = (addOn.quantity ?? 1) as Slots
    else if (addOn.kind === 'personal-server' && addOn.traffic && line.region) Object.assign(selection, { server: addOn.traffic as Traffic, region: line.region })
    else if (addOn.kind === 'static-ip' && line.ipRegion) selection.ipRegion = line.ipRegion
  }
  return `/order/checkout?${selectionParams(selection)}`
}

/** The e-mail of one notice: its template and data in the customer's language. */
async function compose(payload: Payload, kind: NoticeKind, subscription: Subscription, customer: Customer) {
  const locale = customer.locale ?? 'en'
  const end = new Date(subscription.currentPeriodEnd)
  const account = siteUrl(locale, '/my-account')
  if (kind === 'plan-ending') {
    return { template: 'plan-ending' as const, data: { plan: await planTitle(payload, subscription.plan, locale), date: end, url: siteUrl(locale, await payAgainPath(payload, subscription)) } }
  }
  const amount = money(subscription.nextRenewal?.amount ?? 0, locale)
  const paid = await chargedWith(payload, subscription)
  if (kind === 'renewal-reminder') {
    return { template: 'renewal-reminder' as const, data: { plan: await planTitle(payload, subscription.plan, locale), amount, date: new Date(end.getTime() - RENEW_AHEAD_MS), ...paid, url: account } }
  }
  const trial = await findPlan(payload, subscription.plan)
  const next = trial?.rollsInto && typeof trial.rollsInto === 'object' ? trial.rollsInto.purchaseId : subscription.plan
  return { template: 'trial-ending' as const, data: { plan: await planTitle(payload, next, locale), amount, date: end, ...paid, url: account } }
}

/** Sends one notice: claims it for this period end (compare-and-set) and queues the e-mail in the same transaction. */
async function sendNotice(payload: Payload, kind: NoticeKind, subscription: Subscription): Promise<boolean> {
  const customerId = idOf(subscription.customer)
  const customer = customerId ? await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true }).catch(() => null) : null
  if (!customer?.email) return false
  const email = await compose(payload, kind, subscription, customer)
  const end = new Date(subscription.currentPeriodEnd).toISOString()
  return inTransaction(payload, async ({ req, run }) => {
    const claimed = await run(
      sql`update subscriptions set ${sql.raw(column[kind])} = current_period_end where id = ${subscription.id} and current_period_end = ${end} and ${sql.raw(column[kind])} is distinct from current_period_end returning id`,
    )
    if (!claimed.length) return false
    await sendEmail({ ...email, to: customer.email!, locale: customer.locale ?? 'en', timezone: customer.timezone } as Parameters<typeof sendEmail>[0], { payload, req: req as PayloadRequest })
    return true
  })
}

/** Every notice due at `at` (`RENEWAL_REMINDER_DAYS` for the reminder); returns how many went out. */
export async function sendNotices(payload: Payload, at: Date): Promise<number> {
  const reminderDays = env().RENEWAL_REMINDER_DAYS
  let sent = 0
  for (const subscription of await candidates(payload, at, reminderDays)) {
    const end = new Date(subscription.currentPeriodEnd).toISOString()
    const candidate = { ...subscription, nextRenewalAmount: subscription.nextRenewal?.amount ?? null }
    for (const kind of noticeKinds) {
      const sentFor = subscription.notices?.[field[kind]]
      if (sentFor && new Date(sentFor).toISOString() === end) continue
      if (noticeDue(kind, candidate, at, reminderDays) && (await sendNotice(payload, kind, subscription))) sent++
    }
  }
  return sent
}
