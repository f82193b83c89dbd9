import type { Payload } from 'payload'
import { brand } from '@/lib/brand'
import { apiError } from '@/lib/http'
import type { Order } from '@/payload-types'
import { latestAttempt, PUBLIC_HASH } from '@/services/checkout/orders'

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' }

/** An order as its owner sees it in the list and on its receipt. Amounts are US cents. */
async function orderView(payload: Payload, order: Order, locale: string) {
  const title = async (collection: 'price-plans' | 'add-ons', purchaseId: string) =>
    (await payload.find({ collection, where: { purchaseId: { equals: purchaseId } }, locale: locale as 'en', limit: 1, depth: 0, overrideAccess: true })).docs[0]?.title ?? purchaseId
  const paying = await latestAttempt(payload, order.id, 'succeeded')
  return {
    hash: order.publicHash,
    createdAt: order.createdAt,
    paidAt: order.paidAt ?? null,
    status: order.status,
    currency: order.currency,
    lines: await Promise.all((order.lines ?? []).map(async (line) => ({ kind: line.kind, title: await title(line.kind === 'plan' ? 'price-plans' : 'add-ons', line.purchaseId), amount: line.amount }))),
    subtotal: order.subtotal,
    discount: order.discount ?? 0,
    total: order.total,
    tax: 0,
    method: { kind: order.method, brand: paying?.brand ? (BRANDS[paying.brand] ?? paying.brand) : null, last4: paying?.last4 ?? null },
  }
}

/** The customer's orders, newest first (the ones linked to the account). */
export async function customerOrders(payload: Payload, customerId: number, locale: string) {
  const found = await payload.find({ collection: 'orders', where: { customer: { equals: customerId } }, sort: '-createdAt', limit: 100, depth: 0, overrideAccess: true })
  return Promise.all(found.docs.map((order) => orderView(payload, order, locale)))
}

/** One of the customer's orders with what its receipt says; anyone else's, or a bad hash: 404. */
export async function customerReceipt(payload: Payload, customerId: number, hash: string, locale: string) {
  if (!PUBLIC_HASH.test(hash)) throw apiError('NOT_FOUND')
  const found = await payload.find({ collection: 'orders', where: { and: [{ publicHash: { equals: hash } }, { customer: { equals: customerId } }] }, limit: 1, depth: 0, overrideAccess: true })
  const order = found.docs[0]
  if (!order) throw apiError('NOT_FOUND')
  return { ...(await orderView(payload, order, locale)), seller: { name: brand.name, support: brand.supportEmail } }
}
