import { now } from '@/lib/clock'
import { apiError, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { withIdempotency } from '@/services/orders/idempotency'
import { answerForBrowser, purchaseBody, purchase, purchaseHash, retryBody, retryOrder } from '@/services/orders/purchase'
import { requestHash } from '@/services/orders/request-hash'
import { payloadClient } from '@/services/content/payload'
import { limitCheckout } from '@/services/security/rate-limit'

/**
 * POST (header Idempotency-Key) { email, receiveMarketingEmails, plan, slots?, server?, region?,
 * ipRegion?, bonusCode?, paymentMethod, cardToken (cards only), country, locale } → paid: 200
 * { hash, status: "paid", url }; 3-D Secure or a redirect method's approval (PayPal, Paymentwall):
 * 200 { hash, status: "requires_action", url }; a method no provider takes here: 503;
 * declined: 402 { statusCode, code, message, hash, retryable }. Priced on the server. When the
 * request made the buyer's account (a password and the terms, not signed in), each of these also
 * carries `token`, a session like `auth/login/`'s; a replayed key answers the same token. Without
 * `email` (not signed in) the request makes an account with a number and a one-time secret, and
 * each answer carries `token` and `account: { number, secret }` (sealed for a replayed key alone).
 * A retry { hash, paymentMethod (default card), cardToken? } with a new key charges the same
 * failed, retryable order again, by that method; otherwise 409 ORDER_NOT_RETRYABLE. An
 * auto-renewing order under Stripe answers 200 `requires_action` with `clientSecret`: the
 * browser confirms the subscription's first invoice with Stripe.js.
 */
export const POST = handler(async (request) => {
  await limitCheckout(request, 'purchase')
  const key = request.headers.get('idempotency-key')?.trim()
  if (!key || key.length > 255) throw apiError('REQUIRED', 'Idempotency-Key')
  const raw = await bodyOf(request)
  const payload = await payloadClient()
  const at = now()
  // A retry after a decline or cancel: { hash, paymentMethod?, cardToken? } with a new key → a new attempt on the same order.
  if (raw.hash !== undefined) {
    const retry = retryBody.parse(raw)
    const answer = await withIdempotency(payload, { scope: 'purchase', key, hash: requestHash(retry), now: at }, () => retryOrder(payload, retry, at))
    return json(answerForBrowser(payload.secret, answer.body), { status: answer.status })
  }
  const input = purchaseBody.parse(raw)
  const answer = await withIdempotency(payload, { scope: 'purchase', key, hash: purchaseHash(payload.secret, input), now: at }, () => purchase(payload, input, request, at))
  return json(answerForBrowser(payload.secret, answer.body), { status: answer.status })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
