// Session and one-time tokens: 32 random bytes, stored only as a SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes, base64url: the only form a session or one-time token ever has. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What is stored instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A header value that can be one of our tokens, or undefined (no database query for anything else). */
export function parseToken(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined
  const token = value.trim()
  return TOKEN_PATTERN.test(token) ? token : undefined
}
