// Newsletter link tokens: an HMAC over the subscriber's id, the purpose and (confirmation) the expiry.
import { createHmac, timingSafeEqual } from 'node:crypto'

export type NewsletterPurpose = 'confirm' | 'unsubscribe'

/** A confirmation link works this long. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000

const keyOf = (secret: string) => createHmac('sha256', secret).update('newsletter-token-key').digest()
const sign = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest('base64url')

/**
 * `<base64url of "purpose.id.expiry">.<HMAC>`: the subscriber's id, never the address; expiry 0
 * means none (unsubscribe links work for as long as the subscriber exists).
 */
export function newsletterToken(secret: string, input: { id: number; purpose: NewsletterPurpose; expiresAt?: Date }): string {
  const body = Buffer.from(`${input.purpose}.${input.id}.${input.expiresAt ? input.expiresAt.getTime() : 0}`).toString('base64url')
  return `${body}.${sign(secret, body)}`
}

/** The subscriber id a token names for `purpose`, or null: forged, malformed, another purpose or expired. */
export function readNewsletterToken(secret: string, token: unknown, purpose: NewsletterPurpose, at: Date): number | null {
  if (typeof token !== 'string' || token.length > 200) return null
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null
  const expected = Buffer.from(sign(secret, body))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  const match = /^(confirm|unsubscribe)\.(\d{1,12})\.(\d{1,15})$/.exec(Buffer.from(body, 'base64url').toString('utf8'))
  if (!match || match[1] !== purpose) return null
  const expiresAt = Number(match[3])
  if (expiresAt !== 0 && expiresAt <= at.getTime()) return null
  return Number(match[2])
}
