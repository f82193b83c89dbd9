import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { providerById, sandboxAvailable } from '@/services/payments/registry'
import { reportSandboxOutcome } from '@/services/payments/sandbox/deliver'
import { applyResult, checkoutUrl, successUrl } from '@/services/payments/outcome'
import { payloadClient } from '@/services/content/payload'
import { ledgerEntry, settleCharge } from '@/services/payments/sandbox/ledger'

const body = z.object({ outcome: z.enum(['complete', 'fail'], { error: 'INVALID_INPUT' }), locale: z.string().max(10).optional() })
const reference = z.string().regex(/^sbx_\d{1,12}_\d{1,4}$/, 'ORDER_NOT_FOUND')

/**
 * The sandbox's 3-D Secure answer for one attempt: POST { outcome: "complete" | "fail" } → { url }
 * back to the site. As a processor would, it records the challenge's outcome on its payment
 * (fail: payment_intent_authentication_failure; complete: the test card's result after
 * authentication, paid or …1629 / …3178 declined); the site then learns it through the
 * provider's `retrieve()`, the same path as `url/`, and the order follows.
 */
export const POST = handler(async (request, context: { params: Promise<{ attempt: string }> }) => {
  if (!sandboxAvailable()) throw apiError('SERVER_MAINTENANCE')
  const ref = reference.parse((await context.params).attempt)
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const payload = await payloadClient()
  const attempt = (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `sandbox:${ref}` } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  if (!attempt || !order) throw apiError('ORDER_NOT_FOUND')
  if (attempt.status !== 'requires_action' || order.status !== 'requires_action') {
    // Answered before: send the buyer where the order now is.
    return json({ url: order.status === 'paid' ? successUrl(order.publicHash) : checkoutUrl(order.publicHash) })
  }
  const entry = await ledgerEntry(ref)
  const authOutcome = entry?.answer.authOutcome
  const after = authOutcome && authOutcome !== 'succeed' ? (authOutcome.split(':')[1] ?? 'card_declined') : null
  const errorCode = input.outcome === 'fail' ? 'payment_intent_authentication_failure' : after
  // The processor's side, compare-and-set: of two answers to one challenge, the first counts.
  const answered = await settleCharge(ref, { from: 'requires_action', to: errorCode ? 'failed' : 'succeeded', errorCode })
  const provider = providerById(payload, 'sandbox')
  if (!answered || !provider) return json({ url: checkoutUrl(order.publicHash) })
  await reportSandboxOutcome(payload, { providerRef: ref, status: errorCode ? 'failed' : 'succeeded', orderId: order.id, hash: order.publicHash, attempt: attempt.number, at: now() })
  // The site's side, as a webhook would (whichever comes first acts; the other finds it done).
  const result = await provider.retrieve(ref)
  const answer = await applyResult(payload, order, attempt, result, ['requires_action'], now())
  return json({ url: answer.status === 200 && answer.body.status === 'paid' ? successUrl(order.publicHash) : checkoutUrl(order.publicHash) })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
