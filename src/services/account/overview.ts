// The account overview: subscriptions, slots, devices and services, and switching renewal, cancelling and removing devices.
import type { Payload } from 'payload'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError } from '@/lib/http'
import type { Customer, Order, Subscription } from '@/payload-types'
import { userInfo } from '@/services/auth/accounts'
import { RENEWING_METHODS } from '@/services/catalog/pricing'
import { latestAttempt } from '@/services/orders/orders'
import { query } from '@/services/db'
import { providerById } from '@/services/payments/registry'
import { autoRenewLocked, billedByStripe } from '@/services/subscriptions/renewal-rules'
import { live, subscriptionStatuses } from '@/services/subscriptions/states'
import { transition } from '@/services/subscriptions/subscriptions'
import { downloadPlatforms } from '@/services/downloads/platform'
import { FREE_TRIAL_PLAN, hadTrial } from './trial'
import { kickRenewalCancel, queueRenewalCancel } from './renewal-cancel'

/** Statuses in which a subscription still gives access (a canceled one until its period ends). */
const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due'])

/** Why the auto-renew switch cannot be used, when it cannot. */
export type RenewBlock = 'lifetime' | 'method' | 'ended'

/** A subscription as its owner sees it. Amounts are US cents; the screen formats them. */
export type SubscriptionView = {
  id: number
  product: string
  plan: { id: string; title: string }
  status: Subscription['status']
  lifetime: boolean
  autoRenew: boolean
  /** Null when the switch can be used; otherwise why not. */
  renewBlocked: RenewBlock | null
  method: { kind: string; brand: string | null; last4: string | null }
  currentPeriodEnd: string
  renewal: { at: string; amount: number } | null
  /** Past due: the public hash of the renewal order to pay (checkout takes it), else null. */
  payHash: string | null
  addOns: { purchaseId: string; kind: string; title: string; quantity: number; region: RegionView | null; ipRegion: RegionView | null }[]
}

export type RegionView = { code: string; city: string; countryCode: string }

const idParam = z.coerce.number({ error: 'NOT_FOUND' }).int('NOT_FOUND').positive('NOT_FOUND').max(2_147_483_647, 'NOT_FOUND')
/** A record id from the path: anything else is a record that does not exist. */
export const recordId = (value: string) => {
  const parsed = idParam.safeParse(value)
  if (!parsed.success) throw apiError('NOT_FOUND')
  return parsed.data
}

const isLive = (subscription: Pick<Subscription, 'status' | 'currentPeriodEnd'>, at: Date) =>
  LIVE_STATUSES.has(subscription.status) || (subscription.status === 'canceled' && new Date(subscription.currentPeriodEnd) > at)

function renewBlocked(subscription: Subscription, order: Pick<Order, 'method'> | null, at: Date): RenewBlock | null {
  if (subscription.lifetime) return 'lifetime'
  if (!order || !RENEWING_METHODS.has(order.method)) return 'method'
  if (subscription.status === 'canceled' || subscription.status === 'expired' || new Date(subscription.currentPeriodEnd) <= at) return 'ended'
  return null
}

/** The order that paid for the subscription; none for one given by a gift code. */
async function orderOf(payload: Payload, subscription: Subscription): Promise<Order | null> {
  const id = subscription.order && typeof subscription.order === 'object' ? subscription.order.id : subscription.order
  if (!id) return null
  return payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true }).catch(() => null)
}

/** Titles of plans and add-ons in the reader's language, each read once per call. */
export function catalogTitles(payload: Payload, locale: string) {
  const cache = new Map<string, Promise<{ title: string; product?: string; devices?: number | null; quantity?: number | null } | null>>()
  const read = (collection: 'price-plans' | 'add-ons', purchaseId: string) => {
    const key = `${collection}:${purchaseId}`
    if (!cache.has(key))
      cache.set(
        key,
        payload
          .find({ collection, where: { purchaseId: { equals: purchaseId } }, locale: locale as 'en', limit: 1, depth: 0, overrideAccess: true })
          .then((found) => (found.docs[0] as { title: string; product?: string; devices?: number | null; quantity?: number | null } | undefined) ?? null),
      )
    return cache.get(key)!
  }
  return read
}

async function regions(payload: Payload): Promise<Map<string, RegionView>> {
  const found = await payload.find({ collection: 'server-locations', limit: 500, pagination: false, depth: 0, overrideAccess: true })
  return new Map(found.docs.map((doc) => [doc.code, { code: doc.code, city: doc.city, countryCode: doc.countryCode }]))
}

/** One subscription of the customer as the screen shows it. */
export async function subscriptionView(payload: Payload, subscription: Subscription, locale: string, context?: { read?: ReturnType<typeof catalogTitles>; places?: Map<string, RegionView> }): Promise<SubscriptionView> {
  const read = context?.read ?? catalogTitles(payload, locale)
  const places = context?.places ?? (await regions(payload))
  const order = await orderOf(payload, subscription)
  // The card that paid last (a renewal paid with another card replaces the first one).
  const renewals = (await payload.find({ collection: 'orders', where: { renews: { equals: subscription.id } }, sort: '-period', limit: 2, depth: 0, overrideAccess: true })).docs
  const lastPaid = renewals.find((renewal) => renewal.status === 'paid') ?? order
  const paying = lastPaid ? await latestAttempt(payload, lastPaid.id, 'succeeded') : null
  const unpaid = subscription.status === 'past_due' ? renewals.find((renewal) => renewal.status === 'failed' || renewal.status === 'pending') : undefined
  const plan = await read('price-plans', subscription.plan)
  const addOns = await Promise.all(
    (subscription.addOns ?? []).map(async (line) => {
      const addOn = await read('add-ons', line.purchaseId)
      return {
        purchaseId: line.purchaseId,
        kind: line.kind,
        title: addOn?.title ?? line.purchaseId,
        quantity: addOn?.quantity ?? 1,
        region: line.region ? (places.get(line.region) ?? { code: line.region, city: line.region, countryCode: '' }) : null,
        ipRegion: line.ipRegion ? (places.get(line.ipRegion) ?? { code: line.ipRegion, city: line.ipRegion, countryCode: '' }) : null,
      }
    }),
  )
  const at = now()
  return {
    id: subscription.id,
    product: plan?.product ?? 'vpn',
    plan: { id: subscription.plan, title: plan?.title ?? subscription.plan },
    status: subscription.status,
    lifetime: Boolean(subscription.lifetime),
    autoRenew: Boolean(subscription.autoRenew),
    renewBlocked: renewBlocked(subscription, order, at),
    method: { kind: order?.method ?? subscription.provider, brand: paying?.brand ?? null, last4: paying?.last4 ?? null },
    currentPeriodEnd: subscription.currentPeriodEnd,
    renewal:
      subscription.autoRenew && subscription.nextRenewal?.at && subscription.nextRenewal.amount !== null && subscription.nextRenewal.amount !== undefined
        ? { at: subscription.nextRenewal.at, amount: Number(subscription.nextRenewal.amount) }
        : null,
    payHash: unpaid?.publicHash ?? null,
    addOns,
  }
}

/**
 * What the account area shows: the profile, the subscriptions (newest first), the device slots
 * (included by the plans still giving access, plus bought, and how many devices use them), the
 * devices, the personal servers and static IPs, and the app downloads.
 */
export async function accountOverview(payload: Payload, customer: Customer, locale: string) {
  const read = catalogTitles(payload, locale)
  const places = await regions(payload)
  const found = await payload.find({ collection: 'subscriptions', where: { customer: { equals: customer.id } }, sort: '-createdAt', limit: 100, depth: 0, overrideAccess: true })
  const subscriptions = await Promise.all(found.docs.map((doc) => subscriptionView(payload, doc, locale, { read, places })))
  const at = now()
  const live = subscriptions.filter((view, index) => isLive(found.docs[index]!, at))
  let included = 0
  for (const view of live) included = Math.max(included, (await read('price-plans', view.plan.id))?.devices ?? 0)
  const bought = live.flatMap((view) => view.addOns).filter((line) => line.kind === 'device-slots').reduce((sum, line) => sum + line.quantity, 0)
  const devices = await customerDevices(payload, customer.id)
  const services = live.flatMap((view) =>
    view.addOns.filter((line) => line.kind === 'personal-server' || line.kind === 'static-ip').map((line) => ({ subscriptionId: view.id, kind: line.kind, title: line.title, region: line.region, ipRegion: line.ipRegion })),
  )
  // The free trial, for a customer who owns nothing and never had a trial.
  const trialOffer = live.length === 0 && !(await hadTrial(payload, customer.id)) ? { plan: FREE_TRIAL_PLAN } : null
  return {
    profile: userInfo(customer),
    subscriptions,
    trialOffer,
    slots: { included, bought, used: devices.length },
    devices,
    services,
    downloads: downloadPlatforms.map((platform) => ({ platform, href: `/downloads/${platform}` })),
  }
}

export async function customerDevices(payload: Payload, customerId: number) {
  const found = await payload.find({ collection: 'devices', where: { customer: { equals: customerId } }, sort: '-addedAt', limit: 200, depth: 0, overrideAccess: true })
  return found.docs.map((doc) => ({ id: doc.id, name: doc.name, platform: doc.platform, addedAt: doc.addedAt, lastSeenAt: doc.lastSeenAt ?? null }))
}

/** The customer's own subscription, or 404: another customer's id is a record that does not exist. */
async function ownSubscription(payload: Payload, customerId: number, id: number): Promise<Subscription> {
  const found = await payload.find({ collection: 'subscriptions', where: { and: [{ id: { equals: id } }, { customer: { equals: customerId } }] }, limit: 1, depth: 0, overrideAccess: true })
  const subscription = found.docs[0]
  if (!subscription) throw apiError('NOT_FOUND')
  return subscription
}

/**
 * Turns auto-renewal on or off with one compare-and-set update: only a subscription of this
 * customer that can renew changes, so a repeat, or a race with a cancel, never leaves it half-set.
 * Switching off is refused (409 AUTO_RENEW_LOCKED) from 24 hours before the period ends, checked
 * in the same update, so a request racing the renewal scan cannot slip through.
 */
export async function setAutoRenew(payload: Payload, customerId: number, id: number, enabled: boolean, locale: string): Promise<SubscriptionView> {
  const subscription = await ownSubscription(payload, customerId, id)
  const order = await orderOf(payload, subscription)
  const at = now()
  if (enabled && renewBlocked(subscription, order, at)) throw apiError('INVALID_INPUT', 'enabled')
  if (!enabled && subscription.lifetime) throw apiError('INVALID_INPUT', 'enabled')
  if (!enabled && autoRenewLocked(subscription, at)) throw apiError('AUTO_RENEW_LOCKED')
  if (subscription.autoRenew !== enabled) await tellBillingProvider(payload, subscription, enabled)
  const renewalAmount = subscription.nextRenewal?.amount ?? (order?.quote as { renewal?: { cost?: number } } | null)?.renewal?.cost ?? null
  const updated = await transition(
    payload,
    id,
    enabled ? live : subscriptionStatuses,
    null,
    enabled ? { autoRenew: true, nextRenewalAt: 'periodEnd', nextRenewalAmount: { ifEmpty: renewalAmount } } : { autoRenew: false },
    { at, where: { customer: customerId, renewable: true, ...(enabled ? { endsAfter: at } : { unlockedAt: at }) } },
  )
  if (!updated) throw (await lockedNow(payload, customerId, id, at)) ? apiError('AUTO_RENEW_LOCKED') : apiError('INVALID_INPUT', 'enabled')
  return subscriptionView(payload, await ownSubscription(payload, customerId, id), locale)
}

/**
 * A subscription the provider bills itself (Stripe Billing): the provider is told first
 * (`cancel_at_period_end`, keyed by the subscription's version and the new value, so a repeated
 * request changes Stripe once), and our row changes only once it agreed; refused or unreachable →
 * 503 SERVER_MAINTENANCE, nothing changed. Other subscriptions renew through our scan: nothing to tell.
 */
async function tellBillingProvider(payload: Payload, subscription: Subscription, renew: boolean): Promise<void> {
  if (!billedByStripe(subscription.providerRef)) return
  const provider = providerById(payload, 'stripe')
  if (!provider?.setRenewal) throw apiError('SERVER_MAINTENANCE')
  const ref = subscription.providerRef!.slice('stripe:'.length)
  try {
    await provider.setRenewal(ref, renew, `sub:${subscription.id}:v${subscription.version ?? 0}:renew:${renew}`)
  } catch (error) {
    payload.logger.warn({ msg: 'the payment provider did not change the renewal, nothing changed', subscription: subscription.id, reason: error instanceof Error ? error.message : String(error) })
    throw apiError('SERVER_MAINTENANCE')
  }
}

/**
 * A canceled subscription paid through PayPal's vault: the payer's vault token is deleted at
 * PayPal by the `cancelRenewals` job (retried until PayPal answers), so nothing can charge it again.
 */
async function forgetVaultedPayer(payload: Payload, subscription: Subscription): Promise<void> {
  if (!subscription.savedMethod || !subscription.providerRef?.startsWith('paypal:')) return
  await queueRenewalCancel(payload, [subscription.providerRef], {})
  kickRenewalCancel(payload)
}

/** Whether the subscription, read again after a refused update, is under the 24-hour rule. */
const lockedNow = async (payload: Payload, customerId: number, id: number, at: Date) => autoRenewLocked(await ownSubscription(payload, customerId, id), at)

/**
 * Cancels: renewal off, status `canceled`, access kept until the period ends. A second cancel
 * changes nothing and answers the same. Refused (409 AUTO_RENEW_LOCKED) from 24 hours before the
 * period ends while it renews, in the same update; a past-due one (a charge failed) may cancel:
 * its retries stop, and one whose period has already ended expires at once.
 */
export async function cancelSubscription(payload: Payload, customerId: number, id: number, locale: string): Promise<SubscriptionView> {
  const subscription = await ownSubscription(payload, customerId, id)
  const at = now()
  if (subscription.status !== 'canceled' && subscription.status !== 'expired') {
    if (autoRenewLocked(subscription, at)) throw apiError('AUTO_RENEW_LOCKED')
    if (subscription.autoRenew) await tellBillingProvider(payload, subscription, false)
    const ended = new Date(subscription.currentPeriodEnd).getTime() <= at.getTime() && !subscription.lifetime
    const moved = await transition(payload, id, live, ended ? 'expired' : 'canceled', { autoRenew: false, ...(ended ? { nextRenewalAt: null } : {}) }, { at, where: { customer: customerId, unlockedAt: at, ...(ended ? { periodEnd: new Date(subscription.currentPeriodEnd) } : {}) } })
    if (!moved && (await lockedNow(payload, customerId, id, at))) throw apiError('AUTO_RENEW_LOCKED')
    if (moved) await forgetVaultedPayer(payload, subscription)
  }
  return subscriptionView(payload, await ownSubscription(payload, customerId, id), locale)
}

/** Removes one of the customer's devices; another customer's is a device that does not exist. */
export async function removeDevice(payload: Payload, customerId: number, id: number): Promise<void> {
  const removed = await query<{ id: number }>(payload, `delete from devices where id = $1 and customer_id = $2 returning id`, [id, customerId])
  if (!removed.length) throw apiError('NOT_FOUND')
}
