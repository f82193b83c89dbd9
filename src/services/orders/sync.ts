// Where a buyer goes next for an order, after bringing it up to date.
import type { Payload } from 'payload'
import type { Order } from '@/payload-types'
import { providerById } from '@/services/payments/registry'
import { expireIfDue } from './expiry'
import { latestAttempt } from './orders'
import { applyResult, checkoutUrl, successUrl } from '@/services/payments/outcome'

/**
 * Where a buyer goes next for an order, after bringing it up to date: an unpaid order past its
 * 24 hours is expired; one waiting for 3-D Secure or the provider asks the provider once
 * (`retrieve`) and is settled or failed by its answer (the fallback for a late webhook).
 */
export async function nextStep(payload: Payload, order: Order, at: Date): Promise<{ hash: string; status: Order['status']; url: string }> {
  const hash = order.publicHash
  let status = order.status
  let attempt = null as Awaited<ReturnType<typeof latestAttempt>>
  if (await expireIfDue(payload, order, at)) status = 'expired'
  else if (status === 'requires_action' || status === 'awaiting_provider') {
    attempt = await latestAttempt(payload, order.id)
    const provider = attempt ? providerById(payload, attempt.provider) : null
    if (attempt && provider) {
      try {
        const result = await provider.retrieve(attempt.providerRef.slice(provider.id.length + 1))
        const answer = await applyResult(payload, order, attempt, result, [status], at)
        status = answer.status === 402 ? 'failed' : (answer.body.status as Order['status'])
        if (status === 'requires_action') return { hash, status, url: String(answer.body.url) }
      } catch (error) {
        // The provider is unreachable: the order keeps its status; the webhook or the next ask settles it.
        payload.logger.warn({ msg: 'payment provider not reachable', provider: provider.id, order: order.id, reason: error instanceof Error ? error.message : String(error) })
      }
    }
  }
  if (status === 'paid' || status === 'awaiting_provider') return { hash, status, url: successUrl(hash) }
  if (status === 'requires_action' && attempt?.nextAction) return { hash, status, url: attempt.nextAction }
  return { hash, status, url: checkoutUrl(hash) }
}
