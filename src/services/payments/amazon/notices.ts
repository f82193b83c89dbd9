// Amazon Pay's charge notices: their shape, the sandbox's copies, and reading them at the Amazon route.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { readSandboxSigned, type PaymentEvent } from '@/services/payments/webhooks'

export const AMAZON_ROUTE = '/api/veilgate/purchase/amazon'
export const AMAZON_VALIDATE_ROUTE = '/api/veilgate/purchase/amazon-validate'

/** A charge's states that a notice reports, and what each means for the payment. */
export const chargeStatuses = ['Completed', 'Declined', 'Canceled'] as const
export type ChargeStatus = (typeof chargeStatuses)[number]

/** A charge notice as far as the route reads it. */
export const amazonNotice = z.object({
  NotificationId: z.string().min(1).max(255),
  ChargeId: z.string().min(1).max(255),
  ChargeStatus: z.enum(chargeStatuses),
  MerchantReference: z.string().max(255).optional(),
})
export type AmazonNotice = z.infer<typeof amazonNotice>

/**
 * The sandbox's notice for one outcome of one Amazon Pay charge: captured → Completed, declined →
 * Declined, canceled (by the buyer, or an approval that ran out) → Canceled. Its id is derived from
 * the charge and the outcome: the same outcome twice is one notice.
 */
export function sandboxAmazonNotice(input: { providerRef: string; status: string; providerCode?: string | null; orderId: number; attempt: number }): AmazonNotice | null {
  const chargeStatus: ChargeStatus | null =
    input.status === 'succeeded' ? 'Completed' : input.status === 'failed' ? (input.providerCode === 'payment_canceled' ? 'Canceled' : 'Declined') : null
  if (!chargeStatus) return null
  const digest = createHash('sha256').update(`amazon:${input.providerRef}:${chargeStatus}`).digest('hex').slice(0, 24).toUpperCase()
  return { NotificationId: `SBX-NTF-${digest}`, ChargeId: input.providerRef, ChargeStatus: chargeStatus, MerchantReference: `order:${input.orderId}:attempt:${input.attempt}` }
}

/**
 * A POST to the Amazon route read: the sandbox's `Sandbox-Signature` (`t=…,v1=…`, ±300 s) over
 * the raw body, then the body's shape. A bad, missing or stale signature → 400 INVALID_SIGNATURE;
 * a signed body of the wrong shape → 400 INVALID_INPUT. (Amazon Pay's own notices come through
 * Amazon SNS with a certificate signature, which this site does not verify.)
 */
export function readAmazonNotice(secret: string, raw: string, headers: Headers, at: Date): PaymentEvent {
  const notice = readSandboxSigned(amazonNotice, secret, raw, headers, at)
  return {
    provider: 'sandbox',
    source: 'amazon',
    eventId: notice.NotificationId,
    type: `CHARGE.${notice.ChargeStatus.toUpperCase()}`,
    relevant: true,
    providerRef: notice.ChargeId,
    attemptKey: notice.MerchantReference ?? null,
    outcome: notice.ChargeStatus === 'Completed' ? 'succeeded' : 'failed',
  }
}
