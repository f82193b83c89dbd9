// Renewals: the scan that charges what fell due with the saved method, notes failures, retries and gives up.
import type { Payload, PayloadRequest } from 'payload'
import { env } from '@/lib/env'
import { HttpError } from '@/lib/http'
import type { Order, Subscription } from '@/payload-types'
import { siteUrl } from '@/services/auth/accounts'
import { findPlan } from '@/services/catalog/catalog'
import { idOf } from '@/services/catalog/codes'
import { inTransaction, isUniqueViolation, query, sql } from '@/services/db'
import { sendEmail } from '@/services/email/send'
import { newPublicHash, latestAttempt, transition as orderTransition } from '@/services/orders/orders'
import { chargeAttempt, resumeCharge } from '@/services/orders/purchase'
import { cardBrandName, money } from '@/services/orders/receipt'
import { providerById } from '@/services/payments/registry'
import { sendNotices } from './notices'
import { renewalPeriodFor, startPaidPeriod } from './periods'
import { nextPeriod, nextRetryAt, renewalExpiresAt, renewalKey, renewing, RENEW_AHEAD_MS } from './renewal-rules'
import { extendable, live } from './states'
import { transition } from './subscriptions'

/** How many of each kind one scan takes on (the rest wait for the next minute). */
const BATCH = 2000
/** Renewals charged side by side: each waits mostly on PostgreSQL and the provider. */
const CONCURRENCY = 4

/** Runs `work` over `items`, `CONCURRENCY` at a time. */
async function eachAtOnce<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker))
}

export type RenewalCounts = { notices: number; opened: number; charged: number; paid: number; failed: number; retried: number; expired: number; started: number }

const retryDays = () => env().RENEWAL_RETRY_DAYS

/**
 * The renewal order of a due subscription's next period: its own order (`renews`, `period`,
 * idempotency key `sub:{id}:period:{n}`, unique: whatever runs twice makes one), its lines from
 * the subscription at their renewal amounts (regions kept, lifetime add-ons free), the total of
 * `nextRenewal.amount`, the buyer's country and locale. A trial is charged as the plan it rolls
 * into. A provider billing the subscription itself (Stripe) gives the new period's end. Returns
 * the order, or null when another run made it first.
 */
export async function openRenewal(payload: Payload, subscription: Subscription, at: Date, providerPeriodEnd?: Date): Promise<Order | null> {
  const period = (subscription.period ?? 1) + 1
  const original = idOf(subscription.order)
  const first = original ? await payload.findByID({ collection: 'orders', id: original, depth: 0, overrideAccess: true }).catch(() => null) : null
  const customer = await payload.findByID({ collection: 'customers', id: idOf(subscription.customer)!, depth: 0, overrideAccess: true }).catch(() => null)
  if (!customer) return null
  let plan = subscription.plan
  if (subscription.trialEndsAt && (subscription.period ?? 1) === 1) {
    const trial = await findPlan(payload, subscription.plan)
    if (trial?.rollsInto && typeof trial.rollsInto === 'object') plan = trial.rollsInto.purchaseId
  }
  const renewalPeriod = await renewalPeriodFor(payload, subscription)
  // The period this order pays for, and so the charge after it (what checkout and receipts show).
  // (A provider that bills the subscription itself says when: Stripe's invoice's period.)
  const paysUntil = providerPeriodEnd?.toISOString() ?? (renewalPeriod ? nextPeriod(new Date(subscription.currentPeriodEnd), renewalPeriod).end.toISOString() : null)
  const total = subscription.nextRenewal?.amount ?? 0
  const addOns = (subscription.addOns ?? []).map((addOn) => ({
    purchaseId: addOn.purchaseId,
    kind: 'add-on' as const,
    addOnKind: addOn.kind as NonNullable<Order['lines']>[number]['addOnKind'],
    amount: addOn.renewalAmount ?? 0,
    renewalAmount: addOn.renewalAmount ?? null,
    region: addOn.region ?? addOn.ipRegion ?? null,
  }))
  const planAmount = Math.max(0, total - addOns.reduce((sum, line) => sum + line.amount, 0))
  try {
    return await payload.create({
      collection: 'orders',
      overrideAccess: true,
      depth: 0,
      data: {
        createdAt: at.toISOString(),
        publicHash: newPublicHash(),
        status: 'pending',
        version: 0,
        currency: 'USD',
        lines: [{ purchaseId: plan, kind: 'plan', amount: planAmount, renewalAmount: planAmount }, ...addOns],
        subtotal: total,
        discount: 0,
        total,
        quote: {
          renewal: renewalPeriod && paysUntil ? { cost: total, at: paysUntil, period: renewalPeriod } : null,
          periodEndsAt: paysUntil,
          trialEndsAt: null,
          renews: subscription.id,
          period,
        } as unknown as Record<string, unknown>,
        plan,
        method: first?.method ?? 'card',
        provider: subscription.provider,
        autoRenew: true,
        customer: customer.id,
        email: customer.email,
        receiveMarketingEmails: false,
        country: first?.country ?? 'US',
        locale: customer.locale ?? first?.locale ?? 'en',
        renews: subscription.id,
        period,
        idempotencyKey: renewalKey(subscription.id, period),
        expiresAt: renewalExpiresAt(at, retryDays()).toISOString(),
      },
    })
  } catch (error) {
    if (isUniqueViolation(error) || (error as { data?: { errors?: { path?: string }[] } })?.data?.errors?.some((e) => e.path === 'idempotencyKey')) return null
    throw error
  }
}

/**
 * One charge of a renewal order with the subscription's saved method, as a new attempt through
 * `chargeAttempt()` (provider key `order:{id}:attempt:{n}`; its compare-and-set from pending or
 * failed lets one of two runs charge). A subscription no longer renewing cancels the order instead.
 */
async function chargeRenewal(payload: Payload, order: Order, at: Date, attemptsSoFar?: number, resuming = false): Promise<'paid' | 'failed' | 'skipped'> {
  const subscription = await payload.findByID({ collection: 'subscriptions', id: idOf(order.renews)!, depth: 0, overrideAccess: true }).catch(() => null)
  if (!subscription || !subscription.autoRenew || !live.includes(subscription.status) || (subscription.period ?? 1) !== (order.period ?? 0) - 1) {
    await orderTransition(payload, order.id, ['pending', 'failed'], 'canceled')
    return 'skipped'
  }
  if (!providerById(payload, order.provider)) return 'skipped'
  const made = resuming ? 0 : (attemptsSoFar ?? (await payload.count({ collection: 'payment-attempts', where: { order: { equals: order.id } }, overrideAccess: true })).totalDocs)
  try {
    const charge = resuming ? (input: Omit<Parameters<typeof chargeAttempt>[1], 'attempt'>) => resumeCharge(payload, input) : (input: Omit<Parameters<typeof chargeAttempt>[1], 'attempt'>) => chargeAttempt(payload, { ...input, attempt: made + 1 })
    const answer = await charge({
      orderId: order.id,
      hash: order.publicHash,
      amount: order.total,
      method: order.method,
      savedMethod: subscription.savedMethod ?? '',
      kind: 'renewal',
      renewalKey: renewalKey(subscription.id, order.period ?? (subscription.period ?? 1) + 1),
      recurring: true,
      providerId: order.provider,
      locale: order.locale,
      orderLocale: order.locale,
      at,
    })
    if (!answer) return 'skipped'
    if (answer.status === 200 && answer.body.status === 'paid') return 'paid'
    if (answer.status === 402) {
      await noteFailure(payload, order.id, at)
      return 'failed'
    }
    return 'skipped'
  } catch (error) {
    // Another run (or the buyer's link) is charging it now.
    if (error instanceof HttpError && error.code === 'ORDER_NOT_RETRYABLE') return 'skipped'
    throw error
  }
}

/**
 * A renewal's first failure, once (compare-and-set on `renewalFailedAt`, with the e-mail in the
 * same transaction): the subscription is past due (access continues), the first retry is set,
 * and the buyer gets "payment failed" with the link that pays the order. For a subscription a
 * provider bills (Stripe), its invoice's page and its next try instead (the scan never retries it),
 * and, when the buyer's bank asks them to confirm the charge (`actionRequired`), the e-mail that
 * asks them to confirm it there instead of "payment failed".
 */
export async function noteFailure(payload: Payload, orderId: number, at: Date, provider?: { url: string | null; retryAt: Date | null; actionRequired?: boolean }): Promise<boolean> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true }).catch(() => null)
  if (!order || order.status !== 'failed' || order.renewalFailedAt) return false
  const subscriptionId = idOf(order.renews)!
  const customer = await payload.findByID({ collection: 'customers', id: idOf(order.customer)!, depth: 0, overrideAccess: true }).catch(() => null)
  const failed = await latestAttempt(payload, order.id)
  // Stripe retries a subscription's invoice itself, on its own schedule, and pays it at its own page.
  const retryAt = provider ? provider.retryAt : nextRetryAt(at, retryDays(), 0)
  const plan = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: order.plan } }, locale: (customer?.locale ?? 'en') as 'en', limit: 1, depth: 0, overrideAccess: true })).docs[0]?.title ?? order.plan
  return inTransaction(payload, async ({ req, run }) => {
    const claimed = await run(
      sql`update orders set renewal_failed_at = ${at.toISOString()}, next_retry_at = ${retryAt?.toISOString() ?? null} where id = ${order.id} and status = 'failed' and renewal_failed_at is null returning id`,
    )
    if (!claimed.length) return false
    await transition(payload, subscriptionId, renewing, 'past_due', {}, { at, run })
    if (customer) {
      const locale = customer.locale ?? order.locale
      const data = {
        plan,
        amount: money(order.total, locale),
        method: order.method === 'paypal' ? ('paypal' as const) : ('card' as const),
        card: failed?.brand && failed.last4 ? { brand: cardBrandName(failed.brand), last4: failed.last4 } : null,
        url: provider?.url ?? siteUrl(locale, '/order/checkout', { hash: order.publicHash }),
      }
      const mail = provider?.actionRequired && provider.url ? ({ template: 'payment-action-required', data } as const) : ({ template: 'payment-failed', data: { ...data, retryAt } } as const)
      await sendEmail({ ...mail, to: customer.email, locale, timezone: customer.timezone }, { payload, req: req as PayloadRequest })
    }
    return true
  })
}

/**
 * Claims one retry of a failed renewal (compare-and-set on `nextRetryAt`, which moves to the
 * following retry, or to empty after the last), then charges it.
 */
async function retry(payload: Payload, order: Order, at: Date): Promise<'paid' | 'failed' | 'skipped'> {
  const attempts = await payload.count({ collection: 'payment-attempts', where: { order: { equals: order.id } }, overrideAccess: true })
  const following = nextRetryAt(new Date(order.renewalFailedAt!), retryDays(), attempts.totalDocs)
  const claimed = await query<{ id: number }>(
    payload,
    `update orders set next_retry_at = $3 where id = $1 and status = 'failed' and next_retry_at = $2 returning id`,
    [order.id, order.nextRetryAt, following?.toISOString() ?? null],
  )
  if (!claimed.length) return 'skipped'
  return chargeRenewal(payload, order, at, attempts.totalDocs)
}

/** Renewal orders (with their fields) matching a raw condition, oldest first. */
async function renewalOrders(payload: Payload, condition: string, params: unknown[], options: { providerBilled?: boolean } = {}): Promise<Order[]> {
  // Renewals a provider bills itself (Stripe) are charged, retried and given up by the provider, never by the scan.
  const ours = options.providerBilled ? '' : ` and not exists (select 1 from subscriptions s where s.id = orders.renews_id and coalesce(s.provider_ref, '') like 'stripe:sub!_%' escape '!')`
  const rows = await query<{ id: number }>(payload, `select id from orders where renews_id is not null and ${condition}${ours} order by id limit ${BATCH}`, params)
  if (!rows.length) return []
  return (await payload.find({ collection: 'orders', where: { id: { in: rows.map((row) => row.id) } }, depth: 0, limit: BATCH, pagination: false, overrideAccess: true })).docs
}

/**
 * One scan, every step idempotent and safe beside another scan: send the notices that are due, open and charge the renewals that
 * fell due (24 hours before the period ends, by the site's clock), charge renewal orders a crash
 * left unpaid, note failures, retry on the schedule, give up after the last retry (order canceled,
 * subscription expired), start the paid periods whose current one has ended, and end what will
 * not renew once its period is over.
 */
export async function runRenewals(payload: Payload, at: Date): Promise<RenewalCounts> {
  const counts: RenewalCounts = { notices: 0, opened: 0, charged: 0, paid: 0, failed: 0, retried: 0, expired: 0, started: 0 }
  const tally = (outcome: 'paid' | 'failed' | 'skipped') => {
    if (outcome !== 'skipped') counts.charged++
    if (outcome === 'paid') counts.paid++
    if (outcome === 'failed') counts.failed++
  }

  // 0. Notices before a date: the renewal reminder, a trial's end, a plan's end (services/subscriptions/notices.ts).
  counts.notices = await sendNotices(payload, at)

  // 1. Due subscriptions whose next period has no renewal order yet.
  const due = await query<{ id: number }>(
    payload,
    `select s.id from subscriptions s
      where s.auto_renew and s.status::text in ('active', 'trialing') and s.lifetime is not true and coalesce(s.provider_ref, '') not like 'stripe:sub!_%' escape '!'
        and s.next_renewal_amount is not null and s.current_period_end <= $1
        and not exists (select 1 from orders o where o.renews_id = s.id and o.period = coalesce(s.period, 1) + 1)
      order by s.current_period_end limit ${BATCH}`,
    [new Date(at.getTime() + RENEW_AHEAD_MS).toISOString()],
  )
  await eachAtOnce(due, async ({ id }) => {
    const subscription = await payload.findByID({ collection: 'subscriptions', id, depth: 0, overrideAccess: true }).catch(() => null)
    if (!subscription || !providerById(payload, subscription.provider)) return
    const order = await openRenewal(payload, subscription, at)
    if (!order) return
    counts.opened++
    tally(await chargeRenewal(payload, order, at, 0))
  })

  // 2. Renewal orders a crash left before their charge.
  await eachAtOnce(await renewalOrders(payload, `status = 'pending' and expires_at > $1`, [at.toISOString()]), async (order) => tally(await chargeRenewal(payload, order, at)))

  // 2b. Renewal orders a stopped run left mid-charge (processing, untouched for a minute; the scan
  // runs one at a time, so nobody else is charging them): the charge is asked after and settled,
  // or made under its own key if the provider never saw it.
  for (const order of await renewalOrders(payload, `status = 'processing' and updated_at < now() - interval '60 seconds'`, [])) tally(await chargeRenewal(payload, order, at, undefined, true))

  // 3. Failures not yet noted (a crash between the charge and the note).
  for (const order of await renewalOrders(payload, `status = 'failed' and renewal_failed_at is null`, [])) await noteFailure(payload, order.id, at)

  // 4. Retries that are due; a long jump of the clock makes several due at once, taken in turn.
  for (let round = 0; round <= retryDays().length; round++) {
    const retries = await renewalOrders(payload, `status = 'failed' and renewal_failed_at is not null and next_retry_at <= $1`, [at.toISOString()])
    if (!retries.length) break
    await eachAtOnce(retries, async (order) => {
      const outcome = await retry(payload, order, at)
      if (outcome !== 'skipped') counts.retried++
      tally(outcome)
    })
  }

  // 5. No retry left: the order is canceled, and the subscription of a canceled or expired renewal ends.
  for (const order of await renewalOrders(payload, `status = 'failed' and renewal_failed_at is not null and next_retry_at is null`, [])) {
    await orderTransition(payload, order.id, ['failed'], 'canceled')
  }
  const ended = await query<{ subscription: number; period: number }>(
    payload,
    `select s.id as subscription, coalesce(s.period, 1)::int as period from subscriptions s join orders o on o.renews_id = s.id and o.period = coalesce(s.period, 1) + 1
      where o.status::text in ('canceled', 'expired') and s.status::text in ('active', 'trialing', 'past_due') and s.current_period_end <= $1
        and coalesce(s.provider_ref, '') not like 'stripe:sub!_%' escape '!'
      limit ${BATCH}`,
    [at.toISOString()],
  )
  for (const row of ended) {
    if (await transition(payload, row.subscription, live, 'expired', { autoRenew: false, nextRenewalAt: null }, { at, where: { period: row.period } })) counts.expired++
  }

  // 6. Paid renewals whose period can start (the current one has ended), or whose subscription is past due.
  const paid = await renewalOrders(
    payload,
    `status = 'paid' and exists (select 1 from subscriptions s where s.id = orders.renews_id and coalesce(s.period, 1) + 1 = orders.period
       and s.status::text in ('active', 'trialing', 'past_due') and (s.current_period_end <= $1 or s.status = 'past_due'))`,
    [at.toISOString()],
    { providerBilled: true },
  )
  await eachAtOnce(paid, async (order) => {
    if ((await startPaidPeriod(payload, order, at)) !== 'nothing') counts.started++
  })

  // 7. What will not renew (auto-renewal off, canceled, or a method that never renews, which has
  // it off) ends with its period; until then it keeps access. Lifetime never ends.
  const ending = await query<{ id: number; end: Date | string }>(
    payload,
    `select id, current_period_end as "end" from subscriptions
      where status::text in ('trialing', 'active', 'past_due', 'canceled') and lifetime is not true and current_period_end <= $1
        and (status = 'canceled' or auto_renew is not true)
      order by current_period_end limit ${BATCH}`,
    [at.toISOString()],
  )
  for (const row of ending) {
    const moved = await transition(payload, row.id, extendable, 'expired', { autoRenew: false, nextRenewalAt: null }, { at, where: { renewable: true, periodEnd: new Date(row.end) } })
    if (moved) counts.expired++
  }
  return counts
}
