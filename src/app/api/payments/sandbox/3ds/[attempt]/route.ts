import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, errorMessage, handler, json } from '@/lib/http'
import type { ErrorCode } from '@/lib/errors'
import { paymentsAvailable } from '@/services/checkout/availability'
import { settle, transition } from '@/services/checkout/orders'
import { retryableDecline } from '@/services/checkout/provider'
import { payloadClient } from '@/services/content/payload'

const body = z.object({ outcome: z.enum(['complete', 'fail'], { error: 'INVALID_INPUT' }), locale: z.string().max(10).optional() })
const reference = z.string().regex(/^sbx_\d{1,12}_\d{1,4}$/, 'ORDER_NOT_FOUND')

/**
 * The sandbox's 3-D Secure answer for one attempt: POST { outcome: "complete" | "fail" } → { url }
 * back to the site. Fail: AUTHENTICATION_FAILURE, and the order stays retryable. Complete: the
 * test card's result after authentication (paid, or …1629 / …3178 declined).
 */
export const POST = handler(async (request, context: { params: Promise<{ attempt: string }> }) => {
  if (!paymentsAvailable()) throw apiError('SERVER_MAINTENANCE')
  const ref = reference.parse((await context.params).attempt)
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const payload = await payloadClient()
  const attempt = (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `sandbox:${ref}` } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  if (!attempt || !order) throw apiError('ORDER_NOT_FOUND')
  const at = now()
  const back = { checkout: `/order/checkout?hash=${order.publicHash}`, success: `/payment-success?hash=${order.publicHash}` }
  if (attempt.status !== 'requires_action' || order.status !== 'requires_action') {
    // Answered before: send the buyer where the order now is.
    return json({ url: order.status === 'paid' ? back.success : back.checkout })
  }
  const outcome = input.outcome === 'fail' ? { code: 'AUTHENTICATION_FAILURE', providerCode: 'payment_intent_authentication_failure' } : attempt.authOutcome && attempt.authOutcome !== 'succeed' ? { code: attempt.authOutcome.split(':')[0]!, providerCode: attempt.authOutcome.split(':')[1] ?? 'card_declined' } : null
  if (!outcome) {
    if (!(await settle(payload, order.id, at))) return json({ url: back.checkout })
    await payload.update({ collection: 'payment-attempts', id: attempt.id, data: { status: 'succeeded' }, overrideAccess: true, depth: 0 })
    return json({ url: back.success })
  }
  const code = outcome.code as ErrorCode
  const failure = { code, providerCode: outcome.providerCode, message: await errorMessage(code, order.locale), retryable: code === 'AUTHENTICATION_FAILURE' || retryableDecline(code) }
  if (await transition(payload, order.id, ['requires_action'], 'failed', { failure })) {
    await payload.update({ collection: 'payment-attempts', id: attempt.id, data: { status: 'failed', errorCode: outcome.providerCode }, overrideAccess: true, depth: 0 })
  }
  return json({ url: back.checkout })
})
