import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { sandboxAllowedHere } from '@/services/payments/registry'
import { SANDBOX_REFERENCE } from '@/services/payments/sandbox/approval'
import { answerInvoice, invoiceActions } from '@/services/payments/sandbox/invoice-answer'
import { payloadClient } from '@/services/content/payload'

const body = z.object({ action: z.enum(invoiceActions, { error: 'INVALID_INPUT' }), locale: z.string().max(10).optional() })
const reference = z.string().regex(SANDBOX_REFERENCE, 'ORDER_NOT_FOUND')

/**
 * The sandbox's invoice page's answer for one crypto payment: POST { action: "pay" | "underpay" |
 * "expire" } → { url } of the order's success page (see `answerInvoice`); answered before → the
 * same; unknown → 404 ORDER_NOT_FOUND; the sandbox refused here → 503.
 */
export const POST = handler(async (request, context: { params: Promise<{ attempt: string }> }) => {
  if (!sandboxAllowedHere()) throw apiError('SERVER_MAINTENANCE')
  const ref = reference.parse((await context.params).attempt)
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  return json(await answerInvoice(await payloadClient(), ref, input.action, now()))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
