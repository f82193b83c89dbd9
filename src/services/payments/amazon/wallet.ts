// What the wallet payment page reads of an Amazon Pay order: the buyer and whether "Pay now" can capture.
import type { Payload } from 'payload'
import type { Order } from '@/payload-types'
import { latestAttempt } from '@/services/orders/orders'
import { nextStep } from '@/services/orders/sync'
import { maskEmail } from '@/services/purchase-flow/checkout-rules'
import { approvalState } from './approval'

/** The sandbox's Amazon buyer. */
export const SANDBOX_BUYER = 'Sandbox Buyer'

/** `purchase/amazon-user-info/`: the buyer Amazon names (the sandbox: "Sandbox Buyer", the order's masked e-mail). */
export const amazonUserInfo = (order: Order) => ({ name: SANDBOX_BUYER, email: order.email ? maskEmail(order.email) : null })

/**
 * `purchase/amazon-pay-validate/`: whether "Pay now" can capture now: the order (brought up to
 * date first, so an approval past its 30 minutes fails it, PAYMENT_CANCELED) waits on an approved
 * latest attempt whose approval lasts. `expiresAt`: when the approval runs out (null: none given).
 */
export async function amazonPayValidate(payload: Payload, order: Order, at: Date): Promise<{ valid: boolean; expiresAt: string | null }> {
  const step = await nextStep(payload, order, at)
  const attempt = await latestAttempt(payload, order.id)
  const expiresAt = attempt?.approvalExpiresAt ?? null
  return { valid: step.status === 'requires_action' && attempt !== null && approvalState(attempt, at) === 'valid', expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null }
}
