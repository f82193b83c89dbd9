// The one-time secret of an account bought without an e-mail (server only: it is made here and never stored in clear).
import { randomBytes } from 'node:crypto'
import { base32 } from '../../../scripts/lib/connection-test-ids.mjs'

/**
 * A new one-time secret: 100 random bits as 20 upper-case base32 characters (RFC 4648: no 0, 1,
 * 8 or 9, so it is not mistaken for digits when read or typed), without separators. 13 random
 * bytes give 104 bits; the last 4 are dropped.
 */
export function newAccountSecret(): string {
  return base32(randomBytes(13)).slice(0, 20).toUpperCase()
}
