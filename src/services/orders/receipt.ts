// Receipts: the purchase e-mail's data and queueing it once per order.
import type { Payload, PayloadRequest } from 'payload'
import type { Customer, Order, Subscription } from '@/payload-types'
import { sendConfirmation, siteUrl } from '@/services/auth/accounts'
import { inTransaction, sql } from '@/services/db'
import { sendEmail } from '@/services/email/send'
import type { TemplateData } from '@/services/email/templates'
import { emailLocale } from '@/services/email/templates/content'
import { latestAttempt } from './orders'
import { methodBrandNames } from '@/services/catalog/methods'

const brands: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' }
/** A card network as receipts name it (`visa` → Visa). */
export const cardBrandName = (brand: string) => brands[brand] ?? brand

/** US cents as the buyer's language writes dollars. */
export const money = (cents: number, locale: string) => new Intl.NumberFormat(emailLocale(locale).tag, { style: 'currency', currency: 'USD' }).format(cents / 100)

/** What the receipt says: plan and add-ons by their titles in the buyer's language, the total, the card, the renewal. */
export async function receiptData(payload: Payload, order: Order, subscription: Pick<Subscription, 'autoRenew' | 'nextRenewal'> | null, locale: string): Promise<TemplateData['receipt']> {
  const titleOf = async (collection: 'price-plans' | 'add-ons', purchaseId: string) =>
    (await payload.find({ collection, where: { purchaseId: { equals: purchaseId } }, locale: locale as 'en', limit: 1, depth: 0, overrideAccess: true })).docs[0]?.title ?? purchaseId
  const addOns: string[] = []
  for (const line of order.lines ?? []) if (line.kind === 'add-on') addOns.push(await titleOf('add-ons', line.purchaseId))
  const paying = await latestAttempt(payload, order.id, 'succeeded')
  const renewal = subscription?.autoRenew && subscription.nextRenewal?.at && typeof subscription.nextRenewal.amount === 'number' ? { at: subscription.nextRenewal.at, price: money(subscription.nextRenewal.amount, locale) } : null
  return {
    plan: await titleOf('price-plans', order.plan),
    addOns,
    total: money(order.total, locale),
    card: paying?.brand && paying.last4 ? { brand: cardBrandName(paying.brand), last4: paying.last4 } : null,
    method: order.method === 'card' ? null : methodBrandNames[order.method],
    renewal,
    url: siteUrl(locale, '/payment-success', { hash: order.publicHash }),
  }
}

/**
 * The purchase's e-mails, once per order: the receipt, and for an account the purchase made the
 * confirmation of its address. The order's `emailsQueuedAt` (compare-and-set) and the queued jobs
 * commit together, so a repeat finds them sent and a crash leaves them unsent, to be retried.
 */
export async function queuePurchaseEmails(payload: Payload, order: Order, customer: Customer, subscription: Pick<Subscription, 'autoRenew' | 'nextRenewal'> | null, at: Date): Promise<boolean> {
  const data = await receiptData(payload, order, subscription, customer.locale)
  return queueOnce(payload, order, customer, data, at, async (req) => {
    if (customer.state === 'notConfirmed' && !customer.confirmSentAt) await sendConfirmation(payload, customer, req)
  })
}

/**
 * A renewal's receipt, once per renewal order (the same compare-and-set on `emailsQueuedAt`):
 * titled as a renewal, with the next charge after the period it paid for, linking to the orders.
 */
export async function queueRenewalReceipt(payload: Payload, order: Order, customer: Customer, next: Pick<Subscription, 'autoRenew' | 'nextRenewal'>, at: Date): Promise<boolean> {
  const data = { ...(await receiptData(payload, order, next, customer.locale)), url: siteUrl(customer.locale, '/my-account/orders'), isRenewal: true }
  return queueOnce(payload, order, customer, data, at)
}

/** Claims the order's e-mails (`emailsQueuedAt`) and queues the receipt, with `before`'s messages, in one transaction. */
async function queueOnce(
  payload: Payload,
  order: Order,
  customer: Customer,
  data: TemplateData['receipt'],
  at: Date,
  before?: (req: PayloadRequest) => Promise<void>,
): Promise<boolean> {
  return inTransaction(payload, async ({ req, run }) => {
    const claimed = await run(sql`update orders set emails_queued_at = ${at.toISOString()} where id = ${order.id} and emails_queued_at is null returning id`)
    if (!claimed.length) return false
    await before?.(req as PayloadRequest)
    await sendEmail({ template: 'receipt', to: customer.email, locale: customer.locale, timezone: customer.timezone, data }, { payload, req: req as PayloadRequest })
    return true
  })
}
