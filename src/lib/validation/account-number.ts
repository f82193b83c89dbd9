/**
 * Accounts made by a purchase without an e-mail: a 16-digit account number and a one-time
 * secret of 100 random bits (spec section 3, "Enter your email (not required)"; the secret is
 * made in `src/services/auth/account-secret.ts`). Shared by the server and the browser (Web
 * Crypto only): the sign-in form reads one field as an address or a number by the same rule as
 * `login/`.
 */

export const ACCOUNT_NUMBER_DIGITS = 16
/** Random bytes from the platform's CSPRNG (Node 20 and every browser expose `crypto.getRandomValues`). */
function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length))
}

/** A stored account number (16 digits, the first not 0) as people read it: four groups of four. */
export function formatAccountNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** A new account number: 16 uniformly random digits, the first from 1 to 9, stored without spaces. */
export function newAccountNumber(): string {
  let digits = ''
  while (digits.length < ACCOUNT_NUMBER_DIGITS) {
    for (const byte of randomBytes(ACCOUNT_NUMBER_DIGITS)) {
      // 250 is the largest multiple of 10 under 256: bytes above it would favour 0 to 5.
      if (byte >= 250) continue
      const digit = byte % 10
      if (digits.length === 0 && digit === 0) continue
      digits += String(digit)
      if (digits.length === ACCOUNT_NUMBER_DIGITS) break
    }
  }
  return digits
}

/** A secret as people read it: four groups of five, joined by dashes. */
export function formatAccountSecret(secret: string): string {
  return secret.replace(/(.{5})(?=.)/g, '$1-')
}

/** A secret as typed, compared upper-cased without spaces and dashes. */
export function normalizeAccountSecret(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase()
}

/**
 * What a number account's password field is checked as: a secret's shape (20 base32 characters
 * once spaces and dashes are dropped, any case) normalized; anything else (a password the owner
 * chose later in the settings) as typed.
 */
export function typedSecret(typed: string): string {
  const normalized = normalizeAccountSecret(typed)
  return /^[A-Z2-7]{20}$/.test(normalized) ? normalized : typed
}

/** Digits with spaces or dashes between them: what is read as an account number. */
const NUMBER_LIKE = /^[\d\s-]*\d[\d\s-]*$/

/**
 * What a sign-in name is: an account number when it is digits with spaces or dashes (those
 * dropped; `invalid-number` unless 16 digits remain), else an address (lower case).
 */
export function classifyUsername(typed: string): { kind: 'number'; number: string } | { kind: 'invalid-number' } | { kind: 'email'; email: string } {
  const value = typed.trim()
  if (NUMBER_LIKE.test(value)) {
    const digits = value.replace(/[\s-]+/g, '')
    return digits.length === ACCOUNT_NUMBER_DIGITS ? { kind: 'number', number: digits } : { kind: 'invalid-number' }
  }
  return { kind: 'email', email: value.toLowerCase() }
}

/** A stored account number (what `username` holds). */
export const isAccountNumber = (value: unknown): value is string => typeof value === 'string' && /^\d{16}$/.test(value)

/** A customer's account number as people read it, or null for an account without one. */
export const accountNumberOf = (customer: { username?: string | null } | null | undefined): string | null =>
  customer && isAccountNumber(customer.username) ? formatAccountNumber(customer.username) : null
