// Session and one-time tokens: 32 random bytes, stored only as a SHA-256 hash.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'

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

/** The key that seals a token kept for a replayed answer, derived from the app's secret. */
const sealingKey = (secret: string) => createHmac('sha256', secret).update('veilgate:sealed-token').digest()

/**
 * A token encrypted (AES-256-GCM) for storing inside an answer that may be given again (an
 * Idempotency-Key's stored response): the database never holds a usable token.
 */
export function sealToken(secret: string, token: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv)
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

/** What `sealToken` sealed (any text: a token, a processor's client secret), or undefined when the value was not sealed with this secret. */
export function openSealed(secret: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const [iv, tag, sealed] = value.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !sealed || iv.length !== 12 || tag.length !== 16) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/** The token `sealToken` sealed, or undefined when the value was not sealed with this secret or is no token. */
export const openToken = (secret: string, value: unknown): string | undefined => parseToken(openSealed(secret, value))
