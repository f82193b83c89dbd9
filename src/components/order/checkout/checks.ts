// Checkout's field checks: the message under each field, or none. Pure, so the hook stays short.
import { parseExpiry, type CardFields } from '@/services/purchase-flow/checkout-rules'
import { passwordIssue } from '@/lib/validation/password-rule'
import type { CheckoutTexts, Field } from './types'

export type CheckedValues = {
  email: string
  emailValid: boolean
  emailOptional: boolean
  password: string
  terms: boolean
  method: string | null
  card: CardFields
  /** Under Stripe: whether its Payment Element holds a complete card (it stands for number, expiry and CVC). */
  elementComplete?: boolean
  /** Paying an order again, or signed in: no e-mail, password or terms are asked. */
  skipContact: boolean
  signInOpen: boolean
}

/** The error a field shows (on leaving it, and on paying), or undefined when it is fine. */
export function checkField(field: Field, values: CheckedValues, texts: CheckoutTexts): string | undefined {
  const { email, emailValid, emailOptional, password, terms, method, card, elementComplete, skipContact, signInOpen } = values
  if (field === 'password') return skipContact || signInOpen || password === '' ? undefined : ((issue) => (issue ? texts.errors[issue] : undefined))(passwordIssue(password))
  if (field === 'terms') return skipContact || signInOpen || password === '' || terms ? undefined : texts.errors.TERMS_AGREE
  if (field === 'signIn') return undefined
  if (field === 'email') return skipContact ? undefined : email.trim() === '' ? (emailOptional ? undefined : texts.required) : emailValid ? undefined : texts.invalidEmail
  if (field === 'method') return method ? undefined : texts.required
  if (method !== 'card') return undefined
  if (elementComplete !== undefined && (field === 'number' || field === 'expiry' || field === 'cvc')) return field === 'number' && !elementComplete ? texts.required : undefined
  if (field === 'number') return card.number.replace(/\D/g, '').length >= 12 ? undefined : texts.required
  if (field === 'expiry') return parseExpiry(card.expiry) ? undefined : texts.required
  if (field === 'cvc') return /^\d{3,4}$/.test(card.cvc) ? undefined : texts.required
  if (field === 'name') return card.name.trim() ? undefined : texts.required
  if (field === 'country') return /^[A-Z]{2}$/.test(card.country) ? undefined : texts.required
  if (field === 'postalCode') return card.postalCode.trim() ? undefined : texts.required
  return undefined
}
