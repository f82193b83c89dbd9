// Checkout's rules as pure functions: the pay hint, the stage, card formatting.
/**
 * Checkout's rules as pure functions (spec sections 4 and 5), shared by the form's island and its
 * tests: the hint by the pay button, the purchase flow's stage, the card fields as typed, and the
 * masked e-mail of the success page. No framework, no schema library.
 */

export type HintKey = 'hintEmailAndMethod' | 'hintEmailAndCard' | 'hintEmail' | 'hintMethod' | 'hintCard' | 'hintEmailOptional'

export type PayState = {
  /** The e-mail is filled in and looks valid. */
  email: boolean
  method: string | null
  /** Every card field needed is filled in and well formed. */
  card: boolean
  /** The variant in which the e-mail is optional (`variant=no-email`). */
  emailOptional?: boolean
}

/**
 * The pay button's hint, or null when everything needed is there. The spec's table: e-mail and
 * method missing → "Enter your email and select a payment method"; e-mail missing, card chosen,
 * card incomplete → "…and credit card details"; e-mail missing otherwise → "Enter your email";
 * method missing → "Select a payment method"; only the card incomplete → "Enter your credit card
 * details". With the e-mail optional, only what else is missing is named, and an empty e-mail
 * with nothing else missing reads "Enter your email (not required)".
 */
export function payHint(state: PayState): HintKey | null {
  const cardMissing = state.method === 'card' && !state.card
  if (state.emailOptional) {
    if (!state.method) return 'hintMethod'
    if (cardMissing) return 'hintCard'
    return state.email ? null : 'hintEmailOptional'
  }
  if (!state.email && !state.method) return 'hintEmailAndMethod'
  if (!state.email && cardMissing) return 'hintEmailAndCard'
  if (!state.email) return 'hintEmail'
  if (!state.method) return 'hintMethod'
  if (cardMissing) return 'hintCard'
  return null
}

/** Whether a hint stops paying: every one but "Enter your email (not required)", which only tells the buyer the field may stay empty. */
export const hintBlocks = (hint: HintKey | null): boolean => hint !== null && hint !== 'hintEmailOptional'

/** The purchase flow's stages (spec section 4), numbered 0 to 5. */
export const stages = ['pricing', 'auth', 'payments', 'creditCard', 'success', 'failed'] as const
export type Stage = (typeof stages)[number]

/** Where a buyer stands: no plan → pricing; no e-mail → auth; no method → payments; card details → credit card; then the outcome. */
export function stageOf(state: PayState & { plan: boolean; outcome?: 'success' | 'failed' | null }): number {
  if (state.outcome === 'success') return 4
  if (state.outcome === 'failed') return 5
  if (!state.plan) return 0
  if (!state.email && !state.emailOptional) return 1
  if (!state.method) return 2
  return 3
}

/** Digits only, at most 19, grouped by four as typed (Amex 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19)
  if (/^3[47]/.test(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ')
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** `1234` → `12/34`; the slash comes as soon as the month is complete. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** `MM/YY` → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim())
  if (!match) return null
  return { month: Number(match[1]), year: 2000 + Number(match[2]) }
}

export type CardFields = { name: string; number: string; expiry: string; cvc: string; country: string; postalCode: string }

/** The card fields a payment needs are filled in and plausible (the processor checks them for real). */
export function cardComplete(card: CardFields): boolean {
  const digits = card.number.replace(/\D/g, '')
  return digits.length >= 12 && Boolean(parseExpiry(card.expiry)) && /^\d{3,4}$/.test(card.cvc) && card.name.trim().length > 0 && /^[A-Z]{2}$/.test(card.country) && card.postalCode.trim().length > 0
}

/** `john@example.com` → `j•••@example.com`: enough to recognise, not to read. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '•••'
  return `${email[0]}•••${email.slice(at)}`
}

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay' }

/** A card as a buyer recognises it: `visa`, `3184` → `Visa •••• 3184`. */
export function cardLabel(brand: string, last4: string): string {
  const name = brandNames[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : '')
  return `${name} •••• ${last4}`.trim()
}
