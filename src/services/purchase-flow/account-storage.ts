// The one-time answer of a purchase without an e-mail, as checkout leaves it for the success page (no imports: the success page's first load carries this alone).
const KEY = 'veilgate:checkout'

/**
 * The storage key of the number and secret of an account a purchase made without an e-mail:
 * kept in this tab only until the success page of that order has shown them once.
 */
export const accountKey = (hash: string) => `${KEY}-account:${hash}`

/** A stored number and secret read back, when both have their shapes (`1234 5678 9012 3456`, `ABCDE-FGHIJ-KLMNO-PQRST`); else null. */
export function restoreAccount(raw: string | null): { number: string; secret: string } | null {
  let saved: unknown
  try {
    saved = raw ? JSON.parse(raw) : null
  } catch {
    return null
  }
  if (!saved || typeof saved !== 'object') return null
  const { number, secret } = saved as Record<string, unknown>
  if (typeof number !== 'string' || !/^\d{4} \d{4} \d{4} \d{4}$/.test(number)) return null
  if (typeof secret !== 'string' || !/^[A-Z2-7]{5}(?:-[A-Z2-7]{5}){3}$/.test(secret)) return null
  return { number, secret }
}
