// A provider's answer applied to an order: the attempt, the order's status, and where the buyer goes.
import type { Payload } from 'payload'
import type { ErrorCode } from '@/lib/errors'
import { errorMessage } from '@/lib/http'
import type { Order, PaymentAttempt } from '@/payload-types'
import type { StoredResponse } from '@/services/orders/idempotency'
import { transition } from '@/services/orders/orders'
import { settle } from '@/services/orders/settle'
import { sealToken } from '@/services/auth/tokens'
import type { PaymentResult } from './provider'
import { canTransition, type OrderStatus } from '@/services/orders/states'
import { ORDER_TTL_MS } from '@/services/orders/expiry'

export const successUrl = (hash: string) => `/payment-success?hash=${hash}`
export const checkoutUrl = (hash: string) => `/order/checkout?hash=${hash}`
export const paymentErrorUrl = (hash: string) => `/payment-error?hash=${hash}`

/** Where an answer keeps a payment's client secret (a Stripe subscription's first invoice, confirmed by the buyer's browser), sealed: a replayed answer gives it again, the database never holds it readable. */
export const SEALED_CONFIRM = 'sealedClientSecret'

/**
 * The page an order's buyer belongs on after answering a payment page: paid or waiting for the
 * provider → its success page; declined by a redirect method's provider → the payment error
 * page; anything else (canceled, declined cards, unpaid) → checkout with the order.
 */
export function pageForOrder(order: Pick<Order, 'publicHash' | 'status'> & { failure?: { code?: string | null } | null }): string {
  if (order.status === 'paid' || order.status === 'awaiting_provider' || order.status === 'refunded') return successUrl(order.publicHash)
  if (order.status === 'failed' && order.failure?.code === 'PAYMENT_DECLINED') return paymentErrorUrl(order.publicHash)
  return checkoutUrl(order.publicHash)
}

const attemptStatus = (result: PaymentResult): PaymentAttempt['status'] => (result.status === 'canceled' ? 'failed' : result.status)

/**
 * A provider's answer about an order's latest attempt, applied: the attempt mirrors it and the
 * order moves (compare-and-set from `from`, so a webhook and a page asking at once act once).
 * Succeeded → the shared `settle()`; requires_action stays or becomes so; processing →
 * awaiting_provider; failed → failed with the catalogue message in the order's locale. Returns
 * what the buyer's browser is told.
 */
export async function applyResult(
  payload: Payload,
  order: Pick<Order, 'id' | 'publicHash' | 'locale'>,
  attempt: Pick<PaymentAttempt, 'id' | 'providerRef' | 'provider' | 'status'> & { periodEnd?: string | null; savedMethod?: string | null; invoice?: unknown },
  result: PaymentResult,
  from: readonly OrderStatus[],
  at: Date,
  locale: string = order.locale,
): Promise<StoredResponse> {
  const hash = order.publicHash
  const ref = `${attempt.provider}:${result.providerRef}`
  const status = attemptStatus(result)
  // A provider's subscription may move its period end after the first answer (a bonus code's extra days).
  const periodEnd = result.periodEnd?.toISOString()
  const newEnd = periodEnd !== undefined && (attempt.periodEnd ? new Date(attempt.periodEnd).toISOString() : undefined) !== periodEnd
  // A method kept for renewals that the provider names only once paid (PayPal's vault id, at capture).
  const newMethod = result.savedMethod && result.savedMethod !== attempt.savedMethod ? { savedMethod: result.savedMethod } : {}
  // A crypto invoice's news (seen, what arrived) is kept with the attempt.
  const newInvoice = result.invoice && JSON.stringify(result.invoice) !== JSON.stringify(attempt.invoice ?? null) ? { invoice: result.invoice } : {}
  if (attempt.status !== status || attempt.providerRef !== ref || newEnd || newMethod.savedMethod || newInvoice.invoice) {
    await payload.update({
      collection: 'payment-attempts',
      id: attempt.id,
      overrideAccess: true,
      depth: 0,
      data: {
        status,
        providerRef: ref,
        ...(result.error ? { errorCode: result.error.providerCode } : {}),
        ...(result.card ? { brand: result.card.brand, last4: result.card.last4 } : {}),
        ...(newEnd ? { periodEnd } : {}),
        ...newMethod,
        ...newInvoice,
      },
    })
  }
  if (result.expired) {
    // An invoice nobody paid in time: the order expires (while it is open), it does not fail.
    const open = from.filter((status) => canTransition(status, 'expired'))
    if (open.length) await transition(payload, order.id, open, 'expired')
    return { status: 200, body: { hash, status: 'expired', url: successUrl(hash) } }
  }
  if (result.status === 'succeeded') {
    await settle(payload, order.id, at)
    return { status: 200, body: { hash, status: 'paid', url: successUrl(hash) } }
  }
  if (result.status === 'requires_action' && result.nextAction) {
    // A new invoice: the order lasts as long as it does.
    const invoiceEnd = result.invoice ? { expiresAt: new Date(result.invoice.expiresAt) } : {}
    if (!from.includes('requires_action')) await transition(payload, order.id, from, 'requires_action', invoiceEnd)
    if (result.nextAction.type === 'confirm') {
      // A trial's card is saved (a SetupIntent, `setup: true`), else the first invoice is paid.
      const setup = result.nextAction.setup ? { setup: true } : {}
      return { status: 200, body: { hash, status: 'requires_action', url: checkoutUrl(hash), ...setup, [SEALED_CONFIRM]: sealToken(payload.secret, result.nextAction.clientSecret) } }
    }
    return { status: 200, body: { hash, status: 'requires_action', url: result.nextAction.url } }
  }
  if (result.status === 'processing' || result.status === 'requires_action') {
    // Coins seen: the order waits for their confirmation with its 24 hours back, so no sweep cuts it short.
    const waiting = result.invoice ? { expiresAt: new Date(at.getTime() + ORDER_TTL_MS) } : {}
    if (!from.includes('awaiting_provider')) await transition(payload, order.id, from, 'awaiting_provider', waiting)
    return { status: 200, body: { hash, status: 'awaiting_provider', url: successUrl(hash) } }
  }
  const code = (result.error?.code ?? 'CARD_DECLINED') as ErrorCode
  const retryable = result.error?.retryable ?? true
  const failure = { code, providerCode: result.error?.providerCode ?? 'unknown', message: await errorMessage(code, order.locale), retryable }
  // An invoice paid short: coins came, so the buyer has the order's 24 hours to pay it another way.
  await transition(payload, order.id, from, 'failed', { failure, ...(result.invoice ? { expiresAt: new Date(at.getTime() + ORDER_TTL_MS) } : {}) })
  return { status: 402, body: { statusCode: 402, code, message: locale === order.locale ? failure.message : await errorMessage(code, locale), hash, retryable } }
}
