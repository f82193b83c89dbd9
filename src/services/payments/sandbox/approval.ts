// The sandbox's approval of a redirect method's payment (PayPal, Paymentwall): Approve, Cancel or Fail, and PayPal's browser return.
import type { Payload } from 'payload'
import { apiError } from '@/lib/http'
import type { Order, PaymentAttempt } from '@/payload-types'
import { findOrderByHash, latestAttempt, transition } from '@/services/orders/orders'
import { query } from '@/services/db'
import { applyResult, pageForOrder, successUrl } from '@/services/payments/outcome'
import { PAYPAL_ROUTE } from '@/services/payments/paypal/events'
import { providerById } from '@/services/payments/registry'
import { reportSandboxOutcome } from './deliver'
import { sandboxPayer } from './provider'

export const approvalOutcomes = ['approve', 'cancel', 'fail'] as const
export type ApprovalOutcome = (typeof approvalOutcomes)[number]

/** The sandbox's references: `sbx_{order}_{attempt}`. */
export const SANDBOX_REFERENCE = /^sbx_\d{1,12}_\d{1,4}$/

/** The methods whose payments are approved on the sandbox's page. */
const redirectMethods: readonly Order['method'][] = ['paypal', 'paymentwall']

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
 * answers the first counts): approve → the payment is captured; cancel → failed
 * `payment_canceled`; fail → failed `payment_declined`, each reported the provider's way. Then
 * where the browser goes: PayPal approved → PayPal's browser return; Paymentwall approved → the
 * success page, waiting for its pingback; cancel → checkout with PAYMENT_CANCELED; fail → the
 * payment error page with PAYMENT_DECLINED. Answered before: where the order is now.
 */
export async function answerApproval(payload: Payload, reference: string, outcome: ApprovalOutcome, at: Date): Promise<{ url: string }> {
  const found = await approvalOf(payload, reference)
  if (!found) throw apiError('ORDER_NOT_FOUND')
  const { attempt, order } = found
  const now = async () => ({ url: pageForOrder((await findOrderByHash(payload, order.publicHash)) ?? order) })
  if (attempt.status !== 'requires_action' || order.status !== 'requires_action') return now()
  const errorCode = outcome === 'cancel' ? 'payment_canceled' : outcome === 'fail' ? 'payment_declined' : null
  const answered = await query<{ id: number }>(
    payload,
    `update payment_attempts set status = $2::enum_payment_attempts_status, error_code = $3, updated_at = now() where id = $1 and status = 'requires_action' returning id`,
    [attempt.id, errorCode ? 'failed' : 'succeeded', errorCode],
  )
  const provider = providerById(payload, 'sandbox')
  if (!answered.length || !provider) return now()
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
    at,
  })
  if (!errorCode) {
    if (order.method === 'paypal') return { url: paypalReturnUrl(reference, order.id) }
    await transition(payload, order.id, ['requires_action'], 'awaiting_provider')
    return { url: successUrl(order.publicHash) }
  }
  // The site's side, as the return from a cancel or a decline would (whichever comes first acts).
  const result = await provider.retrieve(reference)
  await applyResult(payload, order, { ...attempt, status: 'failed' }, result, ['requires_action'], at)
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
