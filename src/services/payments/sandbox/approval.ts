// The sandbox's approval of a redirect method's or a wallet's payment (PayPal, Paymentwall, Amazon Pay, Apple Pay, Google Pay): Approve, Cancel or Fail, the browser returns, and Amazon Pay's capture.
import type { Payload } from 'payload'
import { apiError } from '@/lib/http'
import type { Order, PaymentAttempt } from '@/payload-types'
import type { StoredResponse } from '@/services/orders/idempotency'
import { findOrderByHash, latestAttempt, transition } from '@/services/orders/orders'
import { nextStep } from '@/services/orders/sync'
import { query } from '@/services/db'
import { AMAZON_VALIDATE_ROUTE } from '@/services/payments/amazon/notices'
import { approvalExpiry, approvalState } from '@/services/payments/amazon/approval'
import { applyResult, pageForOrder, successUrl } from '@/services/payments/outcome'
import { PAYPAL_ROUTE } from '@/services/payments/paypal/events'
import { providerById } from '@/services/payments/registry'
import { reportSandboxOutcome } from './deliver'
import { approveCharge, ledgerEntry, settleCharge } from './ledger'
import { sandboxPayer } from './provider'

export const approvalOutcomes = ['approve', 'cancel', 'fail'] as const
export type ApprovalOutcome = (typeof approvalOutcomes)[number]

/** The sandbox's references: `sbx_{order}_{attempt}`. */
export const SANDBOX_REFERENCE = /^sbx_\d{1,12}_\d{1,4}$/

/** The methods whose payments are approved on the sandbox's page. */
const redirectMethods: readonly Order['method'][] = ['paypal', 'paymentwall', 'amazon-pay', 'apple-pay', 'google-pay']

/** The site's wallet payment page of an approved Amazon Pay payment. */
export const amazonPaymentUrl = (hash: string) => `/amazon/payment?hash=${hash}`

/** Amazon Pay's browser return after an approval: `amazon-validate?token={attempt}`. */
export const amazonReturnUrl = (reference: string) => `${AMAZON_VALIDATE_ROUTE}?token=${reference}`

/** A redirect method's payment by its sandbox reference, with its order, or null. */
export async function approvalOf(payload: Payload, reference: string): Promise<{ attempt: PaymentAttempt; order: Order } | null> {
  if (!SANDBOX_REFERENCE.test(reference)) return null
  const attempt = (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `sandbox:${reference}` } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  if (!attempt || !order || !redirectMethods.includes(order.method)) return null
  return { attempt, order }
}

/** PayPal's browser return after an approval: `return_url?token={attempt}&PayerID=…`. */
export const paypalReturnUrl = (reference: string, orderId: number) => `${PAYPAL_ROUTE}?token=${reference}&PayerID=${sandboxPayer(orderId)}`

/**
 * The buyer's answer on the approval page. The processor's side first, compare-and-set (of two
 * answers the first counts): approve → the payment is captured (Amazon Pay: approved for 30
 * minutes, captured by "Pay now" on the site's wallet page); cancel → failed `payment_canceled`;
 * fail → failed `payment_declined`, each reported the provider's way. Then where the browser
 * goes: PayPal approved → PayPal's browser return; Amazon Pay approved → its browser return
 * (`amazon-validate`); Paymentwall, Apple Pay and Google Pay approved → the success page,
 * waiting for the provider's event; cancel → checkout with PAYMENT_CANCELED; fail → the payment
 * error page with PAYMENT_DECLINED. Answered before: where the order is now.
 */
export async function answerApproval(payload: Payload, reference: string, outcome: ApprovalOutcome, at: Date): Promise<{ url: string }> {
  const found = await approvalOf(payload, reference)
  if (!found) throw apiError('ORDER_NOT_FOUND')
  const { attempt, order } = found
  const now = async () => ({ url: pageForOrder((await findOrderByHash(payload, order.publicHash)) ?? order) })
  if (attempt.status !== 'requires_action' || order.status !== 'requires_action' || attempt.approvalExpiresAt) return now()
  const ref = reference
  if (order.method === 'amazon-pay' && outcome === 'approve') {
    // Approved, not captured: the processor keeps it capturable for 30 minutes (compare-and-set,
    // the first answer counts); the site shows its wallet page, whose "Pay now" captures it.
    const expiresAt = approvalExpiry(at)
    if (!(await approveCharge(ref, expiresAt, amazonPaymentUrl(order.publicHash)))) return now()
    await query(payload, `update payment_attempts set approval_expires_at = $2, next_action = $3, updated_at = now() where id = $1 and approval_expires_at is null`, [
      attempt.id,
      expiresAt.toISOString(),
      amazonPaymentUrl(order.publicHash),
    ])
    return { url: amazonReturnUrl(reference) }
  }
  const errorCode = outcome === 'cancel' ? 'payment_canceled' : outcome === 'fail' ? 'payment_declined' : null
  // The processor's side first, compare-and-set: of two answers, the first counts.
  const answered = await settleCharge(ref, { from: 'requires_action', to: errorCode ? 'failed' : 'succeeded', errorCode })
  const provider = providerById(payload, 'sandbox')
  if (!answered || !provider) return now()
  const customer = typeof order.customer === 'object' && order.customer ? order.customer.id : order.customer
  await reportSandboxOutcome(payload, {
    providerRef: reference,
    status: errorCode ? 'failed' : 'succeeded',
    method: order.method,
    amount: attempt.amount,
    customer: customer ? `customer-${customer}` : `order-${order.id}`,
    orderId: order.id,
    hash: order.publicHash,
    attempt: attempt.number,
    providerCode: errorCode,
    at,
  })
  if (!errorCode) {
    if (order.method === 'paypal') return { url: paypalReturnUrl(reference, order.id) }
    await transition(payload, order.id, ['requires_action'], 'awaiting_provider')
    return { url: successUrl(order.publicHash) }
  }
  // The site's side, as the return from a cancel or a decline would (whichever comes first acts).
  const result = await provider.retrieve(reference)
  await applyResult(payload, order, attempt, result, ['requires_action'], at)
  return now()
}

/**
 * PayPal's browser return (`GET purchase/paypal?token=&PayerID=`): an approved payment's order
 * waits for PayPal's signed event (awaiting_provider) on its success page; any other answer
 * leads where the order now is. Unknown token → 404 ORDER_NOT_FOUND.
 */
export async function returnFromPaypal(payload: Payload, token: string): Promise<{ locale: string; url: string }> {
  const found = await approvalOf(payload, token)
  if (!found || found.order.method !== 'paypal') throw apiError('ORDER_NOT_FOUND', 'token')
  const { attempt, order } = found
  const latest = await latestAttempt(payload, order.id)
  const provider = providerById(payload, 'sandbox')
  if (order.status === 'requires_action' && latest?.id === attempt.id && provider) {
    const result = await provider.retrieve(token)
    if (result.status === 'succeeded' || result.status === 'processing') {
      await transition(payload, order.id, ['requires_action'], 'awaiting_provider')
      return { locale: order.locale, url: successUrl(order.publicHash) }
    }
    if (result.status === 'requires_action' && attempt.nextAction) return { locale: order.locale, url: attempt.nextAction }
  }
  return { locale: order.locale, url: pageForOrder((await findOrderByHash(payload, order.publicHash)) ?? order) }
}

/**
 * Amazon Pay's browser return (`GET purchase/amazon-validate?token=`): an approved payment of the
 * order's latest attempt goes on to the wallet page (`/amazon/payment?hash=`) while its approval
 * lasts; one not answered yet back to the approval page; an expired approval fails the order
 * (PAYMENT_CANCELED, retryable) and leads to checkout; anything else where the order now is.
 * Unknown token → 404 ORDER_NOT_FOUND.
 */
export async function returnFromAmazon(payload: Payload, token: string, at: Date): Promise<{ locale: string; url: string }> {
  const found = await approvalOf(payload, token)
  if (!found || found.order.method !== 'amazon-pay') throw apiError('ORDER_NOT_FOUND', 'token')
  const { attempt, order } = found
  const latest = await latestAttempt(payload, order.id)
  if (order.status === 'requires_action' && latest?.id === attempt.id) return { locale: order.locale, url: (await nextStep(payload, order, at)).url }
  return { locale: order.locale, url: pageForOrder((await findOrderByHash(payload, order.publicHash)) ?? order) }
}

/**
 * "Pay now" on the wallet page (`url-with-email/` `{ hash, paymentMethod: "amazon-pay" }`): the
 * approved payment of the order's latest attempt is captured, compare-and-set (of two presses
 * one charges; the other is told the same) → 200 awaiting_provider, the charge notice settles it.
 * An approval past its 30 minutes fails the order (PAYMENT_CANCELED, retryable by checkout) and
 * is refused, as is sending again after that: 409 ORDER_NOT_RETRYABLE. Null when the latest
 * attempt was never approved (the order is paid again as any failed order is).
 */
export async function payApproved(payload: Payload, order: Order, at: Date): Promise<StoredResponse | null> {
  const attempt = await latestAttempt(payload, order.id)
  if (!attempt?.approvalExpiresAt || order.method !== 'amazon-pay') return null
  const hash = order.publicHash
  const captured = (status: Order['status']): StoredResponse => ({ status: 200, body: { hash, status: status === 'paid' ? 'paid' : 'awaiting_provider', url: successUrl(hash) } })
  const ref = attempt.providerRef.slice('sandbox:'.length)
  // Captured before (a press that won, perhaps a moment ago): told the same.
  if ((await ledgerEntry(ref))?.status === 'succeeded' && order.status !== 'failed' && order.status !== 'expired') return captured(order.status)
  if (order.status !== 'requires_action' || attempt.status !== 'requires_action') throw apiError('ORDER_NOT_RETRYABLE', 'hash')
  if (approvalState(attempt, at) === 'expired' || new Date(order.expiresAt).getTime() <= at.getTime()) {
    // The first read after the 30 minutes: the order fails as the processor canceled it.
    await nextStep(payload, order, at)
    throw apiError('ORDER_NOT_RETRYABLE', 'hash')
  }
  // The processor captures it, compare-and-set, while the approval lasts.
  if (!(await settleCharge(ref, { from: 'requires_action', to: 'succeeded', approvedAt: at }))) {
    // Pressed twice at once: the other press captured it (or the approval ran out just now).
    if ((await ledgerEntry(ref))?.status === 'succeeded') return captured('awaiting_provider')
    throw apiError('ORDER_NOT_RETRYABLE', 'hash')
  }
  await transition(payload, order.id, ['requires_action'], 'awaiting_provider')
  const customer = typeof order.customer === 'object' && order.customer ? order.customer.id : order.customer
  await reportSandboxOutcome(payload, {
    providerRef: ref,
    status: 'succeeded',
    method: 'amazon-pay',
    amount: attempt.amount,
    customer: customer ? `customer-${customer}` : `order-${order.id}`,
    orderId: order.id,
    hash,
    attempt: attempt.number,
    at,
  })
  return captured('awaiting_provider')
}
