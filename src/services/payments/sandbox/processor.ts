// The sandbox card processor: test cards, tokens, 3-D Secure and charges, offline.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { behaviourOf, brandOf, luhnValid, renewalOutcomeOf, type CardBehaviour, type RenewalOutcome } from './cards'

/**
 * The sandbox card processor: an offline stand-in that behaves like Stripe's test mode. Card
 * numbers reach only `tokenize()`; the token it returns carries brand, last4, expiry and the test
 * card's behaviour (never the number), signed with the site's secret and valid for an hour.
 */
export const TOKEN_TTL_MS = 60 * 60 * 1000
const PREFIX = 'tok_sandbox_'

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string }
export type CardToken = { brand: string; last4: string; expMonth: number; expYear: number; behaviour: CardBehaviour; expiresAt: number; renewal?: RenewalOutcome }
export type CardInputError = 'INCORRECT_NUMBER' | 'INVALID_EXPIRY_MONTH' | 'INVALID_EXPIRY_YEAR' | 'INVALID_CVC'

/** The input checks Stripe makes before a charge, in its order: number, month, year, CVC. */
export function checkCard(input: CardInput, now: Date): CardInputError | null {
  const number = input.number.replace(/[\s-]/g, '')
  if (!luhnValid(number)) return 'INCORRECT_NUMBER'
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) return 'INVALID_EXPIRY_MONTH'
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear
  const thisYear = now.getUTCFullYear()
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 50 || (year === thisYear && input.expMonth < now.getUTCMonth() + 1)) return 'INVALID_EXPIRY_YEAR'
  const cvcLength = brandOf(number) === 'amex' ? 4 : 3
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) return 'INVALID_CVC'
  return null
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`sandbox-token:${body}`).digest('base64url')

export function tokenize(secret: string, input: CardInput, now: Date): { token: string; brand: string; last4: string } | { error: CardInputError } {
  const error = checkCard(input, now)
  if (error) return { error }
  const number = input.number.replace(/[\s-]/g, '')
  const card: CardToken & { nonce: string } = {
    brand: brandOf(number),
    last4: number.slice(-4),
    expMonth: input.expMonth,
    expYear: input.expYear < 100 ? 2000 + input.expYear : input.expYear,
    behaviour: behaviourOf(number),
    renewal: renewalOutcomeOf(number),
    expiresAt: now.getTime() + TOKEN_TTL_MS,
    nonce: randomBytes(9).toString('base64url'),
  }
  const body = Buffer.from(JSON.stringify(card)).toString('base64url')
  return { token: `${PREFIX}${body}.${sign(secret, body)}`, brand: card.brand, last4: card.last4 }
}

/**
 * The JSON body of a sandbox value `<prefix><base64url body>.<signature>` when its signature
 * (made by `sign`) holds, else null: the one reading of tokens, saved cards and agreements.
 */
function openSigned(value: unknown, prefix: string, maxLength: number, sign: (body: string) => string): unknown {
  if (typeof value !== 'string' || !value.startsWith(prefix) || value.length > maxLength) return null
  const [body, signature] = value.slice(prefix.length).split('.')
  if (!body || !signature) return null
  const expected = Buffer.from(sign(body))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown
  } catch {
    return null
  }
}

/** The token's card, or null when it is forged, malformed or more than an hour old. */
export function readToken(secret: string, token: string, now: Date): CardToken | null {
  const card = openSigned(token, PREFIX, 2000, (body) => sign(secret, body)) as CardToken | null
  return card && card.expiresAt > now.getTime() ? card : null
}

const METHOD_PREFIX = 'pm_sandbox_'
const signMethod = (secret: string, body: string) => createHmac('sha256', secret).update(`sandbox-method:${body}`).digest('base64url')

/** A card the sandbox keeps for charges without the buyer (renewals): brand, last four and what it does then. */
export type SavedCard = { brand: string; last4: string; renewal: RenewalOutcome }

/**
 * The saved method of a card paid with `recurring`: `pm_sandbox_…`, signed like a token (a
 * different purpose in the HMAC, so neither passes for the other) but without an expiry, the way
 * a processor keeps a card on file. Never the number.
 */
export function saveMethod(secret: string, card: CardToken, nonce = randomBytes(9).toString('base64url')): string {
  const saved: SavedCard & { nonce: string } = {
    brand: card.brand,
    last4: card.last4,
    // Tokens issued before renewal outcomes were recorded: …0341 was the card that fails at renewal.
    renewal: card.renewal ?? (card.behaviour.kind === 'renewal-fails' ? 'card_declined' : 'succeed'),
    nonce,
  }
  const body = Buffer.from(JSON.stringify(saved)).toString('base64url')
  return `${METHOD_PREFIX}${body}.${signMethod(secret, body)}`
}

/** The saved card, or null when the method is forged, malformed or not the sandbox's. */
export function readSavedMethod(secret: string, method: string): SavedCard | null {
  const saved = openSigned(method, METHOD_PREFIX, 1000, (body) => signMethod(secret, body)) as Partial<SavedCard> | null
  if (!saved || typeof saved.brand !== 'string' || typeof saved.last4 !== 'string' || !['succeed', 'card_declined', 'authentication_required'].includes(saved.renewal as string)) return null
  return { brand: saved.brand, last4: saved.last4, renewal: saved.renewal as RenewalOutcome }
}

const AGREEMENT_PREFIX = 'ba_sandbox_'
const signAgreement = (secret: string, body: string) => createHmac('sha256', secret).update(`sandbox-agreement:${body}`).digest('base64url')

/**
 * A PayPal billing agreement the sandbox makes when a recurring plan's payment is approved:
 * `ba_sandbox_…`, signed for its own purpose, kept as a card's saved method is and charged at
 * renewal without the buyer (it always pays, as an agreement with a funded PayPal balance does).
 */
export function saveAgreement(secret: string, payer: string, nonce = randomBytes(9).toString('base64url')): string {
  const body = Buffer.from(JSON.stringify({ payer, nonce })).toString('base64url')
  return `${AGREEMENT_PREFIX}${body}.${signAgreement(secret, body)}`
}

/** The agreement's payer, or null when it is forged, malformed or not the sandbox's. */
export function readAgreement(secret: string, agreement: string): { payer: string } | null {
  const parsed = openSigned(agreement, AGREEMENT_PREFIX, 1000, (body) => signAgreement(secret, body)) as { payer?: unknown } | null
  return parsed && typeof parsed.payer === 'string' ? { payer: parsed.payer } : null
}
