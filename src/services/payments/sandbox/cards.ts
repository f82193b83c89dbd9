// The sandbox's test cards and what each one does, as in Stripe's test mode.
/**
 * The sandbox card processor's test cards: the same numbers and outcomes as Stripe's test mode
 * (docs.stripe.com/testing, COMMERCE-NOTES §2), so one suite runs against both providers.
 */
export type DeclineCode = 'CARD_DECLINED' | 'INSUFFICIENT_FUNDS' | 'LOST_CARD' | 'STOLEN_CARD' | 'EXPIRED_CARD' | 'INCORRECT_CVC' | 'PROCESSING_ERROR' | 'INCORRECT_ZIP'

export type CardBehaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: DeclineCode; providerCode: string }
  /** Succeeds now, fails at renewal. */
  | { kind: 'renewal-fails' }
  /** 3-D Secure first; then succeed, or decline with `after`. */
  | { kind: 'three-d-secure'; after: { code: DeclineCode; providerCode: string } | null }

const decline = (code: DeclineCode, providerCode: string): CardBehaviour => ({ kind: 'decline', code, providerCode })

/** The numbers with a behaviour; every other valid number succeeds. */
export const testCards: Record<string, CardBehaviour> = {
  '4242424242424242': { kind: 'succeed' },
  '5555555555554444': { kind: 'succeed' },
  '378282246310005': { kind: 'succeed' },
  '4000000000000002': decline('CARD_DECLINED', 'generic_decline'),
  '4000000000009995': decline('INSUFFICIENT_FUNDS', 'insufficient_funds'),
  '4000000000009987': decline('LOST_CARD', 'lost_card'),
  '4000000000009979': decline('STOLEN_CARD', 'stolen_card'),
  '4000000000000069': decline('EXPIRED_CARD', 'expired_card'),
  '4000000000000127': decline('INCORRECT_CVC', 'incorrect_cvc'),
  '4000000000000119': decline('PROCESSING_ERROR', 'processing_error'),
  '4000000000000036': decline('INCORRECT_ZIP', 'incorrect_zip'),
  '4000000000006975': decline('CARD_DECLINED', 'card_velocity_exceeded'),
  '4000000000000341': { kind: 'renewal-fails' },
  // Pays; its refunds fail (`refundFails`).
  '4000000000005126': { kind: 'succeed' },
  '4000002500003155': { kind: 'three-d-secure', after: null },
  '4000002760003184': { kind: 'three-d-secure', after: null },
  '4000000000003220': { kind: 'three-d-secure', after: null },
  '4000008400001629': { kind: 'three-d-secure', after: { code: 'CARD_DECLINED', providerCode: 'card_declined' } },
  '4000008260003178': { kind: 'three-d-secure', after: { code: 'INSUFFICIENT_FUNDS', providerCode: 'insufficient_funds' } },
}

export const behaviourOf = (number: string): CardBehaviour => testCards[number] ?? { kind: 'succeed' }

/**
 * What a saved card does when it is charged again off-session (a renewal), as Stripe's test
 * cards do: …0341 is declined, 4000 0027 6000 3184 asks for authentication nobody can give,
 * every other card pays.
 */
export type RenewalOutcome = 'succeed' | 'card_declined' | 'authentication_required'

export function renewalOutcomeOf(number: string): RenewalOutcome {
  if (number === '4000000000000341') return 'card_declined'
  if (number === '4000002760003184') return 'authentication_required'
  return 'succeed'
}

/** Stripe's test card 4000 0000 0000 5126: the charge succeeds, a refund of it fails. The sandbox knows a paid card by the brand and last four it kept. */
export const refundFails = (card: { brand?: string | null; last4?: string | null }) => card.brand === 'visa' && card.last4 === '5126'

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  if (/^6(011|5)/.test(number)) return 'discover'
  return 'unknown'
}
