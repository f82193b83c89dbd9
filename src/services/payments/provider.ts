// The `PaymentProvider` interface every payment provider implements.
import type { PaymentMethod } from '@/services/catalog/methods'
import type { Period } from '@/services/catalog/pricing'
import type { DeclineCode } from '@/services/payments/sandbox/cards'
import type { InvoiceView } from '@/services/payments/crypto/invoice'

export type PaymentErrorCode = DeclineCode | 'AUTHENTICATION_FAILURE' | 'PAYMENT_CANCELED' | 'PAYMENT_DECLINED' | 'PAYMENT_UNDERPAID'
export type ProviderId = 'sandbox' | 'stripe' | 'paypal'

/** What a provider answers about one payment (COMMERCE-NOTES §5). */
export type PaymentResult = {
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed' | 'canceled'
  /** The provider's own reference (no `provider:` prefix; attempts store `provider:ref`). */
  providerRef: string
  /**
   * What the buyer's browser does next: open a page (3-D Secure, a redirect method's approval), or
   * confirm the payment in place with the processor's script (a subscription's first invoice).
   */
  nextAction?: { type: 'redirect'; url: string } | { type: 'confirm'; clientSecret: string; setup?: boolean }
  error?: { code: PaymentErrorCode; providerCode: string; retryable: boolean }
  card?: { brand: string; last4: string }
  /** Sandbox 3-D Secure: what completing the challenge leads to (`succeed` or `CODE:providerCode`). */
  authOutcome?: string
  /**
   * A first payment made with `recurring`: the method kept for charges without the buyer
   * (`pm_sandbox_…` for a sandbox card, `ba_sandbox_…` for a PayPal billing agreement).
   */
  savedMethod?: string
  /** A provider's subscription: when its first period ends, by the provider. */
  periodEnd?: Date
  /** A crypto payment's invoice: where it stands, its address, amount and what arrived (satoshis), until when it is payable. */
  invoice?: InvoiceView
  /** The payment lapsed unpaid (an invoice nobody paid in time): the order expires rather than fails. */
  expired?: true
}

/** One line of an order billed as a provider's subscription: a product, at a price. */
export type BillingItem = {
  purchaseId: string
  name: string
  kind: 'plan' | 'add-on'
  /** US cents: each period's price (recurring lines) or the one charge (one-time lines). */
  amount: number
  /** The provider's price to bill at instead (Stripe `price_…`), when an editor set one. */
  priceRef: string | null
  /** The provider's product made for it before, if any. */
  productRef: string | null
  region: string | null
}

/** An auto-renewing order billed by the provider's own subscriptions (Stripe Billing), not by our renewal scan. */
export type BillingPlan = {
  /** The buyer's provider customer if one was made before, else the key and e-mail to make it with. */
  customer: { ref: string | null; key: string; email: string | null; name?: string }
  /** Lines charged every period, at their renewal prices. */
  recurring: BillingItem[]
  /** Lines charged once, on the first invoice. */
  oneTime: BillingItem[]
  period: Period
  /** A free trial: this many days before the first charge (the card is saved now, nothing is charged). */
  trialDays?: number
  /** Days a bonus code adds to the first period: the second invoice comes that much later. */
  extraDays?: number
  /** A longer first period ("15 months, then every 12"): its length, and the recurring lines at their first-period prices. */
  firstPhase?: { period: Period; items: BillingItem[] }
  /** What the first invoice charges (our quote's total): any difference from the lines is a one-time discount or charge. */
  firstTotal: number
  bonusCode: string | null
  /** The subscription an earlier attempt of the order made: a retry pays its first invoice instead of making another. */
  subscriptionRef: string | null
  /** Keeps an id the provider gave (a customer, a product), so later purchases reuse it. */
  remember: (what: { kind: 'customer'; ref: string } | { kind: 'product'; purchaseId: string; itemKind: BillingItem['kind']; ref: string }) => Promise<void>
}

export type CreatePayment = {
  orderId: number
  /** The order's public hash: metadata, and the page a redirect comes back to. */
  hash: string
  attempt: number
  amount: number
  currency: 'USD'
  method: PaymentMethod
  /** The checkout form's card token: a card payment with the buyer present (other methods have none). */
  cardToken?: string
  /** A saved method instead of a token: a charge without the buyer (a renewal). */
  savedMethod?: string
  /** The card may be charged again at renewal. */
  recurring: boolean
  /** A recurring order the provider bills itself (`supportsBilling`): its subscription is made instead of a one-off payment. */
  billing?: BillingPlan
  /** Derived from our ids (`order:{id}:attempt:{n}`), never random. */
  idempotencyKey: string
  /** A renewal's own key (`sub:{id}:period:{n}`): the period a charge without the buyer pays for. */
  renewalKey?: string
  /** The order's language: a page the provider sends the buyer back to (3-D Secure) is in it. */
  locale: string
  now: Date
}

/** A refund asked of a provider: all of `amount` back on the payment `providerRef` (no `provider:` prefix), once per key. */
export type RefundInput = { providerRef: string; amount: number; idempotencyKey: string; at: Date }

export interface PaymentProvider {
  id: ProviderId
  methods: readonly PaymentMethod[]
  supportsRecurring: boolean
  /** Whether the provider bills recurring orders as its own subscriptions (Stripe Billing), given a `BillingPlan`. */
  supportsBilling?: boolean
  /** Whether a card token from the checkout form is one this provider can charge (checked before any order exists). */
  acceptsToken(token: string, now: Date): boolean
  createPayment(input: CreatePayment): Promise<PaymentResult>
  /** The payment's state now: the fallback when a webhook is late. */
  retrieve(providerRef: string): Promise<PaymentResult>
  /** A webhook's parsed body if its signature holds for this raw body now, else null (shape unchecked). */
  verifyWebhook(raw: string, headers: Headers, now: Date): unknown
  /**
   * Stops the card saved with this payment from being charged again (the account was deleted).
   * Doing it twice is harmless; a failure throws, and the job asking is retried.
   */
  cancelRenewal(providerRef: string): Promise<void>
  /**
   * Gives a paid payment's money back; the same key twice refunds once. Throws when the provider
   * refuses or cannot be reached (nothing was refunded). Absent: this provider refunds nothing yet.
   */
  refund?(input: RefundInput): Promise<{ refundRef: string }>
  /**
   * A provider's own subscription (Stripe Billing, `sub_…`): renews at its period end, or stops
   * there (`renew: false`), the same key twice changing it once. Throws when the provider refuses
   * or cannot be reached (nothing changed). Absent: the provider bills no subscriptions itself.
   */
  setRenewal?(providerRef: string, renew: boolean, idempotencyKey: string): Promise<void>
  /**
   * A redirect payment the buyer approved on the provider's page, captured (PayPal), once however
   * often it is asked with the same attempt key. `retry`: the provider wants the buyer back on its
   * page (PayPal's INSTRUMENT_DECLINED). Throws when the provider cannot be reached.
   */
  captureApproved?(providerRef: string, attemptKey: string): Promise<PaymentResult & { retry?: string }>
  /** A renewal invoice of a provider's subscription, read again (the event only says where to look). */
  renewalInvoice?(id: string): Promise<RenewalInvoice | null>
  /**
   * A refund's or dispute's object (`objectId` of its event) read again: the payment it is about,
   * named as our attempts name it (a PaymentIntent; for a Stripe subscription's first invoice its
   * subscription, for a renewal invoice that invoice), and whether all of it was given back. Null
   * when the provider knows no such object. Absent: the event's own fields are taken.
   */
  paymentOfEvent?(kind: 'refund' | 'dispute', objectId: string): Promise<{ ref: string; refunded: boolean } | null>
  /** A provider's subscription as it stands now: still running (renewing or stopping at its period end), past due, or ended. */
  providerSubscription?(id: string): Promise<{ status: 'active' | 'trialing' | 'past_due' | 'ended' | 'incomplete'; cancelAtPeriodEnd: boolean } | null>
}

/** A provider's renewal invoice in our terms: paid, failed (its next try), waiting for the buyer to confirm it with their bank, or not yet tried. */
export type RenewalInvoice = {
  id: string
  subscription: string
  status: 'paid' | 'failed' | 'action_required' | 'open'
  /** The period it pays for ends then. */
  periodEnd: Date
  amount: number
  /** The provider's page where the buyer pays it (Stripe's hosted invoice page). */
  hostedUrl: string | null
  nextAttempt: Date | null
}

/** The difference between what the lines bill on a first invoice and the order's total: negative is a discount (bonus code, first-period price), positive a charge. */
export function firstInvoiceDifference(plan: Pick<BillingPlan, 'recurring' | 'oneTime' | 'firstTotal' | 'firstPhase'>): number {
  const billed = [...(plan.firstPhase?.items ?? plan.recurring), ...plan.oneTime].reduce((sum, item) => sum + item.amount, 0)
  return plan.firstTotal - billed
}

/** Which declines a new attempt may fix: all but a lost or stolen card. */
export const retryableDecline = (code: string) => code !== 'LOST_CARD' && code !== 'STOLEN_CARD'

/**
 * A processor's decline or error code (Stripe's `decline_code`, else its `code`) → our catalogue
 * code, as FxA maps them. Unknown codes are a plain decline.
 */
export function declineFor(providerCode: string | null | undefined): PaymentErrorCode {
  switch (providerCode) {
    case 'insufficient_funds':
      return 'INSUFFICIENT_FUNDS'
    case 'lost_card':
      return 'LOST_CARD'
    case 'stolen_card':
      return 'STOLEN_CARD'
    case 'expired_card':
      return 'EXPIRED_CARD'
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'INCORRECT_CVC'
    case 'processing_error':
    case 'issuer_not_available':
    case 'try_again_later':
      return 'PROCESSING_ERROR'
    case 'incorrect_zip':
      return 'INCORRECT_ZIP'
    case 'payment_canceled':
      return 'PAYMENT_CANCELED'
    case 'payment_declined':
      return 'PAYMENT_DECLINED'
    case 'payment_underpaid':
      return 'PAYMENT_UNDERPAID'
    case 'payment_intent_authentication_failure':
    case 'authentication_required':
    case 'authentication_failure':
      return 'AUTHENTICATION_FAILURE'
    default:
      return 'CARD_DECLINED'
  }
}

/** A failed result from a provider code (retryable unless the card is lost or stolen). */
export function failedWith(providerRef: string, providerCode: string, card?: PaymentResult['card']): PaymentResult {
  const code = declineFor(providerCode)
  return { status: 'failed', providerRef, card, error: { code, providerCode, retryable: retryableDecline(code) } }
}
