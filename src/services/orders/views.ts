// What the public order routes show of an order named by its hash.
import type { Payload } from 'payload'
import { z } from 'zod'
import { apiError } from '@/lib/http'
import type { Order } from '@/payload-types'
import { accountNumberOf } from '@/lib/validation/account-number'
import { idOf } from '@/services/catalog/codes'
import { maskEmail } from '@/services/purchase-flow/checkout-rules'
import { findOrderByHash, latestAttempt, PUBLIC_HASH } from './orders'
import type { PaymentMethod } from '@/services/catalog/methods'
import { selectionParams, type Slots, type Traffic } from '@/services/purchase-flow/selection'
import { formatBtc, isCryptoMethod, missingSats, type InvoiceView } from '@/services/payments/crypto/invoice'

/** A crypto order's invoice as the site last heard of it (its latest attempt's), or null for any other order. */
export function invoiceOfAttempt(order: Pick<Order, 'method'>, attempt: { invoice?: unknown } | null | undefined): InvoiceView | null {
  if (!isCryptoMethod(order.method) || !attempt?.invoice || typeof attempt.invoice !== 'object') return null
  return attempt.invoice as InvoiceView
}

/** An invoice as the public routes tell it: where it stands, its amount and what is missing in BTC (8 decimals), until when it is payable. */
export const invoiceSummary = (invoice: InvoiceView) => ({ status: invoice.status, amount: formatBtc(invoice.amount), missing: formatBtc(missingSats(invoice)), expiresAt: invoice.expiresAt })

/**
 * The picker's selection an order was made of (`plan`, `slots`, `server` and `region`, `ipRegion`,
 * `bonus`, `method`), for a new order of the same things: checkout clamps it against what is on sale.
 */
export function orderSelection(order: Pick<Order, 'plan' | 'method' | 'lines' | 'bonusCode'>): URLSearchParams {
  let slots = 0
  let server: Traffic | null = null
  let region: string | null = null
  let ipRegion: string | null = null
  for (const line of order.lines ?? []) {
    if (line.kind !== 'add-on') continue
    if (line.addOnKind === 'device-slots') slots = Number(/^slots-(\d+)-/.exec(line.purchaseId)?.[1] ?? 0)
    if (line.addOnKind === 'personal-server') {
      server = (/^server-([a-z0-9]+)-/.exec(line.purchaseId)?.[1] ?? null) as Traffic | null
      region = line.region ?? null
    }
    if (line.addOnKind === 'static-ip') ipRegion = line.region ?? null
  }
  return selectionParams({ plan: order.plan, slots: slots as Slots, server, region, ipRegion, bonus: order.bonusCode ?? null, method: order.method as PaymentMethod })
}

/** `hash` as the read endpoints take it: 22 base64url characters, else 400 INVALID_INPUT. */
export const hashField = z.string({ error: 'INVALID_INPUT' }).regex(PUBLIC_HASH, 'INVALID_INPUT')

/** The order a hash names, or 404 ORDER_NOT_FOUND. */
export async function orderByHash(payload: Payload, hash: string): Promise<Order> {
  const order = await findOrderByHash(payload, hash)
  if (!order) throw apiError('ORDER_NOT_FOUND', 'hash')
  return order
}

/**
 * The account number of an order bought without an e-mail (four groups of four), which the
 * order's pages name instead of a masked address; null for any other order.
 */
export async function orderAccountNumber(payload: Payload, order: Order): Promise<string | null> {
  if (order.email) return null
  const id = idOf(order.customer)
  const customer = id ? await payload.findByID({ collection: 'customers', id, depth: 0, overrideAccess: true }).catch(() => null) : null
  return accountNumberOf(customer)
}

/** `purchase-detail-by-hash/`: the order's lines and money, its method and card, the masked e-mail; nothing else personal. */
export async function purchaseDetail(payload: Payload, order: Order) {
  const attempt = await latestAttempt(payload, order.id)
  return {
    hash: order.publicHash,
    status: order.status,
    lines: (order.lines ?? []).map((line) => ({ id: line.purchaseId, kind: line.kind, amount: line.amount, renewalAmount: line.renewalAmount ?? null, region: line.region ?? null })),
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    currency: order.currency,
    method: order.method,
    brand: attempt?.brand ?? null,
    last4: attempt?.last4 ?? null,
    maskedEmail: order.email ? maskEmail(order.email) : null,
    accountNumber: await orderAccountNumber(payload, order),
    createdAt: order.createdAt,
    paidAt: order.paidAt ?? null,
  }
}

/** `purchase/success-info/`: what the success page says. `accountCreated`: the purchase made the buyer's account; `invoice`: a crypto order's invoice. */
export async function successInfo(payload: Payload, order: Order) {
  const quote = (order.quote ?? {}) as { renewal?: { cost: number; at: string } | null }
  const customerId = typeof order.customer === 'object' ? order.customer?.id : order.customer
  const customer = customerId ? await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true }).catch(() => null) : null
  const invoice = isCryptoMethod(order.method) ? invoiceOfAttempt(order, await latestAttempt(payload, order.id)) : null
  return {
    hash: order.publicHash,
    status: order.status,
    plan: order.plan,
    maskedEmail: order.email ? maskEmail(order.email) : null,
    accountNumber: order.email ? null : accountNumberOf(customer),
    total: order.total,
    renewal: order.autoRenew && quote.renewal ? { amount: quote.renewal.cost, at: quote.renewal.at } : null,
    accountCreated: Boolean(customer && customer.source === 'checkout' && new Date(customer.createdAt).getTime() >= new Date(order.createdAt).getTime() - 1000),
    ...(invoice ? { invoice: invoiceSummary(invoice) } : {}),
  }
}

/** `purchase/transaction-id/`: the provider's reference of the payment, once the order is paid (404 before). */
export async function transactionId(payload: Payload, order: Order) {
  if (order.status !== 'paid' && order.status !== 'refunded') throw apiError('ORDER_NOT_FOUND', 'hash')
  const paid = await latestAttempt(payload, order.id, 'succeeded')
  if (!paid) throw apiError('ORDER_NOT_FOUND', 'hash')
  return { transactionId: paid.providerRef.slice(paid.providerRef.indexOf(':') + 1) }
}

/** An Amazon Pay order by its hash (any other order is not one `amazon-*` knows: 404 ORDER_NOT_FOUND). */
export async function amazonOrderByHash(payload: Payload, hash: string): Promise<Order> {
  const order = await orderByHash(payload, hash)
  if (order.method !== 'amazon-pay') throw apiError('ORDER_NOT_FOUND', 'hash')
  return order
}
