// The buyer back from PayPal's page: their approval captured, or their cancel taken, and where their browser goes next.
import type { Payload } from 'payload'
import { apiError } from '@/lib/http'
import { query } from '@/services/db'
import { findOrderByHash, latestAttempt } from '@/services/orders/orders'
import { applyResult, pageForOrder } from '@/services/payments/outcome'
import { failedWith } from '@/services/payments/provider'
import { providerById } from '@/services/payments/registry'

/** A PayPal order's id, as PayPal appends it to our return and cancel URLs (`token`). */
export const PAYPAL_ORDER_ID = /^[A-Z0-9]{8,36}$/

/**
 * PayPal's browser return for a payment PayPal itself takes (`GET purchase/paypal?token={PayPal
 * order}&PayerID=…`, or `?cancel=1&token=…`). While the order waits for the buyer and this is its
 * latest attempt: approved → captured (request id `capture:order:{id}:attempt:{n}`, so a reload
 * or a second tab captures once) and applied like any answer (paid → the success page; declined →
 * the payment error page with PAYMENT_DECLINED); cancelled → back to checkout with
 * PAYMENT_CANCELED; PayPal refusing the funding source (INSTRUMENT_DECLINED) → back to PayPal's
 * page once to choose another, a second refusal declines. Any other time: where the order now is.
 * Unknown token → 404 ORDER_NOT_FOUND; PayPal unreachable → 503 (a reload captures again).
 */
export async function returnFromPaypalApi(payload: Payload, token: string, cancelled: boolean, at: Date): Promise<{ locale: string; url: string }> {
  const attempt = (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `paypal:${token}` } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  if (!attempt || !order || order.method !== 'paypal') throw apiError('ORDER_NOT_FOUND', 'token')
  const here = async () => ({ locale: order.locale, url: pageForOrder((await findOrderByHash(payload, order.publicHash)) ?? order) })
  if (order.status !== 'requires_action' || (await latestAttempt(payload, order.id))?.id !== attempt.id) return here()
  const provider = providerById(payload, 'paypal')
  if (!provider?.captureApproved) throw apiError('SERVER_MAINTENANCE')
  if (cancelled) {
    await applyResult(payload, order, attempt, failedWith(token, 'payment_canceled'), ['requires_action'], at)
    return here()
  }
  const { retry, ...result } = await provider.captureApproved(token, `order:${order.id}:attempt:${attempt.number}`).catch(() => {
    throw apiError('SERVER_MAINTENANCE')
  })
  if (retry) {
    // Once per attempt: the first refusal sends the buyer back to choose another way to pay.
    const first = await query<{ id: number }>(payload, `update payment_attempts set error_code = 'instrument_declined', updated_at = now() where id = $1 and status = 'requires_action' and error_code is null returning id`, [attempt.id])
    if (first.length) return { locale: order.locale, url: retry }
  }
  await applyResult(payload, order, attempt, result, ['requires_action'], at)
  return here()
}
