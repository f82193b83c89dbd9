// The sandbox behind the `PaymentProvider` interface.
import type { Payload } from 'payload'
import { now } from '@/lib/clock'
import { approvalState } from '@/services/payments/amazon/approval'
import { failedWith, type CreatePayment, type PaymentProvider, type PaymentResult } from '@/services/payments/provider'
import { ledgerEntry, ledgerEntryByKey, recordCharge, type LedgerInvoice } from './ledger'
import { invoiceUrl, newInvoice, retrieveInvoice } from './invoice'
import { isCryptoMethod } from '@/services/payments/crypto/invoice'
import { readAgreement, readSavedMethod, readToken, saveAgreement, saveMethod } from './processor'
import { refundFails } from './cards'
import { reportSandboxRefund } from './deliver'
import { SANDBOX_SIGNATURE_HEADER, verifySignature } from '@/services/payments/webhooks'

import { sandboxWebhookSecret } from './secret'

export { sandboxWebhookSecret }

const REF = /^sbx_(\d{1,12})_(\d{1,4})$/
/** An attempt's reference before the processor answered: `pending_` and our key. */
const PENDING = 'pending_'

/** The payment page of a redirect method's or a wallet's payment (PayPal, Paymentwall, Amazon Pay, Apple Pay, Google Pay): Approve, Cancel or Fail. */
export const approvalUrl = (providerRef: string) => `/sandbox/approve/${providerRef}`

/** The sandbox's payer id for an order (PayPal's `PayerID` on the browser return). */
export const sandboxPayer = (orderId: number) => `SBXPAYER${String(orderId).padStart(8, '0')}`

/** What the processor answers a create call, before it is recorded (with a crypto charge's invoice). */
function charge(payload: Payload, input: CreatePayment): PaymentResult & { ledgerInvoice?: LedgerInvoice } {
  const providerRef = `sbx_${input.orderId}_${input.attempt}`
  if (isCryptoMethod(input.method)) {
    // An invoice to pay on its page: its address and BTC amount, payable for 30 minutes.
    const invoice = newInvoice(payload.secret, providerRef, input.amount, input.now)
    return { status: 'requires_action', providerRef, nextAction: { type: 'redirect', url: invoiceUrl(providerRef) }, invoice: { status: 'new', ...invoice }, ledgerInvoice: invoice }
  }
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
}

/**
 * The offline processor (cards behave like Stripe's test mode, see `cards.ts`; PayPal,
 * Paymentwall and the wallets like their redirect flows; an Amazon Pay approval is captured by
 * "Pay now" on the site's wallet page within 30 minutes, else it is canceled). It charges the signed tokens of `sandbox.ts`; what it
 * remembers of a payment (a 3-D Secure challenge or an approval waiting, its outcome) is the
 * ledger (`ledger.ts`), which its 3-D Secure and approval pages update the way a processor's
 * records change after the buyer answered; `retrieve()` reads it.
 */
export function sandboxProvider(payload: Payload): PaymentProvider {
  return {
    id: 'sandbox',
    methods: ['card', 'paypal', 'paymentwall', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments'],
    supportsRecurring: true,
    acceptsToken: (token, now) => readToken(payload.secret, token, now) !== null,
    async createPayment(input) {
      // Recorded in the ledger under the key asked with: a repeated create gets the first answer.
      const { ledgerInvoice, ...answer } = charge(payload, input)
      return recordCharge(input.idempotencyKey, answer, ledgerInvoice)
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
      // The ledger's record, by reference or, for an attempt that kept only its pending
      // reference (the create call's answer was lost), by our key. A payment the ledger has no
      // record of was never charged (the create call never reached the processor): failed, and
      // the buyer may pay again.
      const entry = providerRef.startsWith(PENDING) ? await ledgerEntryByKey(providerRef.slice(PENDING.length)) : REF.test(providerRef) ? await ledgerEntry(providerRef) : null
      if (!entry) return failedWith(providerRef, 'processing_error')
      // A crypto invoice: new, seen, settled once its coins confirmed, paid short or expired.
      if (entry.invoice) return retrieveInvoice(entry, now())
      const ref = entry.ref
      const card = entry.answer.card
      if (entry.status === 'failed' || entry.status === 'canceled') return failedWith(ref, entry.errorCode ?? entry.answer.error?.providerCode ?? 'card_declined', card)
      // An Amazon Pay approval nobody captured in its 30 minutes is canceled.
      if (entry.status === 'requires_action' && approvalState({ approvalExpiresAt: entry.approvalExpiresAt?.toISOString() ?? null }, now()) === 'expired') return failedWith(ref, 'payment_canceled')
      const result: PaymentResult = { status: entry.status, providerRef: ref, card }
      // A card or PayPal billing agreement kept for renewals, once the buyer has paid (or approved).
      if (entry.status === 'succeeded' && entry.answer.savedMethod) result.savedMethod = entry.answer.savedMethod
      if (entry.status === 'requires_action' && entry.nextAction) result.nextAction = { type: 'redirect', url: entry.nextAction }
      return result
    },
  }
}
