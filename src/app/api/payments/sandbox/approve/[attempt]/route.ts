import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { sandboxAllowedHere } from '@/services/payments/registry'
import { answerApproval, approvalOutcomes, SANDBOX_REFERENCE } from '@/services/payments/sandbox/approval'
import { payloadClient } from '@/services/content/payload'

const body = z.object({ outcome: z.enum(approvalOutcomes, { error: 'INVALID_INPUT' }), locale: z.string().max(10).optional() })
const reference = z.string().regex(SANDBOX_REFERENCE, 'ORDER_NOT_FOUND')

/**
 * The sandbox's approval page's answer for one redirect payment (PayPal, Paymentwall):
 * POST { outcome: "approve" | "cancel" | "fail" } → { url } where the browser goes next (see
 * `answerApproval`); answered before → where the order is now; the sandbox refused here → 503.
 */
export const POST = handler(async (request, context: { params: Promise<{ attempt: string }> }) => {
  if (!sandboxAllowedHere()) throw apiError('SERVER_MAINTENANCE')
  const ref = reference.parse((await context.params).attempt)
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  return json(await answerApproval(await payloadClient(), ref, input.outcome, now()))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
