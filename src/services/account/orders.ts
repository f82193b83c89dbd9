// The signed-in customer's orders and receipts, for the account area.
import type { Payload } from 'payload'
import { brand } from '@/lib/brand'
import { apiError } from '@/lib/http'
import type { Order } from '@/payload-types'
import { latestAttempt, PUBLIC_HASH } from '@/services/orders/orders'
import { cardBrandName } from '@/services/orders/receipt'
import { catalogTitles } from './overview'

/** An order as its owner sees it in the list and on its receipt. Amounts are US cents. */
async function orderView(payload: Payload, order: Order, read: ReturnType<typeof catalogTitles>) {
  const title = async (collection: 'price-plans' | 'add-ons', purchaseId: string) => (await read(collection, purchaseId))?.title ?? purchaseId
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
    method: { kind: order.method, brand: paying?.brand ? cardBrandName(paying.brand) : null, last4: paying?.last4 ?? null },
  }
}

/** The customer's orders, newest first (the ones linked to the account). */
export async function customerOrders(payload: Payload, customerId: number, locale: string) {
  const found = await payload.find({ collection: 'orders', where: { customer: { equals: customerId } }, sort: '-createdAt', limit: 100, depth: 0, overrideAccess: true })
  const read = catalogTitles(payload, locale)
  return Promise.all(found.docs.map((order) => orderView(payload, order, read)))
}

/** One of the customer's orders with what its receipt says; anyone else's, or a bad hash: 404. */
export async function customerReceipt(payload: Payload, customerId: number, hash: string, locale: string) {
  if (!PUBLIC_HASH.test(hash)) throw apiError('NOT_FOUND')
  const found = await payload.find({ collection: 'orders', where: { and: [{ publicHash: { equals: hash } }, { customer: { equals: customerId } }] }, limit: 1, depth: 0, overrideAccess: true })
  const order = found.docs[0]
  if (!order) throw apiError('NOT_FOUND')
  return { ...(await orderView(payload, order, catalogTitles(payload, locale))), seller: { name: brand.name, support: brand.supportEmail } }
}
