// The sandbox behind the `PaymentProvider` interface.
import type { Payload } from 'payload'
import { now } from '@/lib/clock'
import { approvalState } from '@/services/payments/amazon/approval'
import { failedWith, type PaymentProvider, type PaymentResult } from '@/services/payments/provider'
import { readAgreement, readSavedMethod, readToken, saveAgreement, saveMethod } from './processor'
import { refundFails } from './cards'
import { reportSandboxRefund } from './deliver'
import { SANDBOX_SIGNATURE_HEADER, verifySignature } from '@/services/payments/webhooks'

import { sandboxWebhookSecret } from './secret'

export { sandboxWebhookSecret }

const REF = /^sbx_(\d{1,12})_(\d{1,4})$/

/** The payment page of a redirect method's or a wallet's payment (PayPal, Paymentwall, Amazon Pay, Apple Pay, Google Pay): Approve, Cancel or Fail. */
export const approvalUrl = (providerRef: string) => `/sandbox/approve/${providerRef}`

/** The sandbox's payer id for an order (PayPal's `PayerID` on the browser return). */
export const sandboxPayer = (orderId: number) => `SBXPAYER${String(orderId).padStart(8, '0')}`

/**
 * The offline processor (cards behave like Stripe's test mode, see `cards.ts`; PayPal,
 * Paymentwall and the wallets like their redirect flows; an Amazon Pay approval is captured by
 * "Pay now" on the site's wallet page within 30 minutes, else it is canceled). It charges the signed tokens of `sandbox.ts`; what it
 * remembers of a payment (a 3-D Secure challenge or an approval waiting, its outcome) is the
 * attempt row it answered for, which its 3-D Secure and approval pages update the way a
 * processor's records change after the buyer answered.
 */
export function sandboxProvider(payload: Payload): PaymentProvider {
  return {
    id: 'sandbox',
    methods: ['card', 'paypal', 'paymentwall', 'amazon-pay', 'apple-pay', 'google-pay'],
    supportsRecurring: true,
    acceptsToken: (token, now) => readToken(payload.secret, token, now) !== null,
    async createPayment(input) {
      const providerRef = `sbx_${input.orderId}_${input.attempt}`
      if (input.savedMethod?.startsWith('ba_sandbox_')) {
        // A renewal through a PayPal billing agreement.
        return readAgreement(payload.secret, input.savedMethod) ? { status: 'succeeded', providerRef } : failedWith(providerRef, 'payment_declined')
      }
      if (input.method !== 'card') {
        // A redirect method: the buyer approves on the sandbox's page; a recurring PayPal plan gets a billing agreement, counted once paid.
        const savedMethod = input.recurring && input.method === 'paypal' ? saveAgreement(payload.secret, sandboxPayer(input.orderId)) : undefined
        return { status: 'requires_action', providerRef, nextAction: { type: 'redirect', url: approvalUrl(providerRef) }, savedMethod }
      }
      if (input.savedMethod !== undefined) {
        // Off-session: nobody is there for 3-D Secure, so a card that asks for it fails.
        const saved = readSavedMethod(payload.secret, input.savedMethod)
        if (!saved) return failedWith(providerRef, 'card_declined')
        const details = { brand: saved.brand, last4: saved.last4 }
        if (saved.renewal !== 'succeed') return failedWith(providerRef, saved.renewal, details)
        return { status: 'succeeded', providerRef, card: details }
      }
      const card = input.cardToken ? readToken(payload.secret, input.cardToken, input.now) : null
      if (!card) return failedWith(providerRef, 'processing_error')
      const details = { brand: card.brand, last4: card.last4 }
      const behaviour = card.behaviour
      if (behaviour.kind === 'decline') return failedWith(providerRef, behaviour.providerCode, details)
      // Kept with the attempt; it counts once the attempt has paid (after 3-D Secure, if any).
      const savedMethod = input.recurring ? saveMethod(payload.secret, card) : undefined
      if (behaviour.kind === 'three-d-secure') {
        const authOutcome = behaviour.after ? `${behaviour.after.code}:${behaviour.after.providerCode}` : 'succeed'
        return { status: 'requires_action', providerRef, card: details, nextAction: { type: 'redirect', url: `/sandbox/3ds/${providerRef}` }, authOutcome, savedMethod }
      }
      return { status: 'succeeded', providerRef, card: details, savedMethod }
    },
    verifyWebhook(raw, headers, now) {
      if (!verifySignature(sandboxWebhookSecret(payload), raw, headers.get(SANDBOX_SIGNATURE_HEADER), now)) return null
      try {
        return JSON.parse(raw) as unknown
      } catch {
        return {}
      }
    },
    async cancelRenewal(providerRef) {
      // The sandbox keeps no card beyond the attempt it charged: a known payment is all it needs.
      const attempt = REF.test(providerRef)
        ? (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `sandbox:${providerRef}` } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]
        : undefined
      if (!attempt) throw new Error(`the sandbox has no payment ${providerRef}`)
    },
    async refund({ providerRef, amount, at }) {
      // Only a payment it took and that paid; at once, then reported on the method's route.
      const attempt = REF.test(providerRef)
        ? (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `sandbox:${providerRef}` } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
        : undefined
      const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
      if (!attempt || !order || attempt.status !== 'succeeded') throw new Error(`the sandbox has no paid payment ${providerRef}`)
      if (refundFails(attempt)) throw new Error(`the sandbox refused to refund ${providerRef} (test card ending 5126)`)
      await reportSandboxRefund(payload, { method: order.method, providerRef, orderId: order.id, hash: order.publicHash, attempt: attempt.number, amount, at })
      return { refundRef: `re_${providerRef}` }
    },
    async retrieve(providerRef) {
      // A payment whose create call never finished: the sandbox charged nothing.
      if (!REF.test(providerRef)) return failedWith(providerRef, 'processing_error')
      const attempt = (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `sandbox:${providerRef}` } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]
      if (!attempt) return failedWith(providerRef, 'resource_missing')
      const card = attempt.brand && attempt.last4 ? { brand: attempt.brand, last4: attempt.last4 } : undefined
      if (attempt.status === 'failed') return failedWith(providerRef, attempt.errorCode ?? 'card_declined', card)
      // An Amazon Pay approval nobody captured in its 30 minutes is canceled.
      if (attempt.status === 'requires_action' && approvalState(attempt, now()) === 'expired') return failedWith(providerRef, 'payment_canceled')
      const result: PaymentResult = { status: attempt.status, providerRef, card }
      // A card or PayPal billing agreement kept for renewals, once the buyer has paid (or approved).
      if (attempt.status === 'succeeded' && attempt.savedMethod) result.savedMethod = attempt.savedMethod
      if (attempt.status === 'requires_action' && attempt.nextAction) result.nextAction = { type: 'redirect', url: attempt.nextAction }
      return result
    },
  }
}
