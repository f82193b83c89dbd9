/**
 * The chosen-password rule (spec section 5) as a plain function, so that a form in the browser can
 * check it without a schema library; the auth API's zod schema applies the same function.
 * No whitespace at either end; printable ASCII, at least 8 characters; in that order.
 */
export type PasswordIssue = 'REQUIRED' | 'PASSWORD_WHITESPACE' | 'PASSWORD_ASCII' | 'INVALID_INPUT'

/** Spec section 9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 8

const PRINTABLE_ASCII = new RegExp(`^[\\x20-\\x7E]{${PASSWORD_MIN_LENGTH},}$`)

export function passwordIssue(value: string): PasswordIssue | null {
  if (value.length === 0) return 'REQUIRED'
  if (/^\s|\s$/.test(value)) return 'PASSWORD_WHITESPACE'
  if (!PRINTABLE_ASCII.test(value)) return 'PASSWORD_ASCII'
  if (value.length > 256) return 'INVALID_INPUT'
  return null
}
