// What checkout keeps in tab storage so a reload or 3-D Secure loses nothing typed.
import { paymentMethods } from '@/services/catalog/methods'
/**
 * What checkout keeps in `sessionStorage` (this tab only): the fields a buyer typed, so a reload,
 * a trip to the 3-D Secure page or a "Try again" from /payment-error loses nothing. Never a card
 * field: the name on the card, its number, expiry and security code are not kept. The copy made
 * for an order is filed under its hash and restored when checkout opens with `?hash=`.
 */

export type TypedFields = { email: string; consent: boolean; method: string | null; country: string; postalCode: string; address: string; city: string }

const KEY = 'veilgate:checkout'
/** The storage key of the form as typed, in general or for one order. */
export const typedKey = (hash?: string | null) => (hash ? `${KEY}:${hash}` : KEY)
/** The storage key of an order's card token, for "Try again" after a failed authentication. */
export const retryKey = (hash: string) => `${KEY}-retry:${hash}`

const text = (value: unknown, max = 254) => (typeof value === 'string' ? value.slice(0, max) : undefined)

/** The typed fields of a form state, and nothing else (extra properties, card fields included, are dropped). */
export function typedFields(state: TypedFields & Record<string, unknown>): TypedFields {
  return { email: state.email, consent: state.consent, method: state.method, country: state.country, postalCode: state.postalCode, address: state.address, city: state.city }
}

/** A stored copy read back: only well-typed typed fields; anything else stored is ignored. */
export function restoreTyped(raw: string | null): Partial<TypedFields> {
  let saved: Record<string, unknown>
  try {
    saved = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
  } catch {
    return {}
  }
  if (!saved || typeof saved !== 'object') return {}
  const restored: Partial<TypedFields> = {}
  const email = text(saved.email)
  if (email !== undefined) restored.email = email
  if (typeof saved.consent === 'boolean') restored.consent = saved.consent
  if (typeof saved.method === 'string' && (paymentMethods as readonly string[]).includes(saved.method)) restored.method = saved.method
  const country = text(saved.country, 2)
  if (country && /^[A-Z]{2}$/.test(country)) restored.country = country
  for (const field of ['postalCode', 'address', 'city'] as const) {
    const value = text(saved[field], 200)
    if (value !== undefined) restored[field] = value
  }
  return restored
}

