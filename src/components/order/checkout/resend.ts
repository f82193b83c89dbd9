// The checkout's Idempotency-Key rule. Pure.
//
// A purchase that got no answer, or 503 (the database out of reach), may or may not have made an
// order and a charge: the next Pay sends the same body under the same key, so the server goes on
// from what the first one made (one order, one charge). Any other answer ends the key: the next
// Pay is a new request with a new key.

/** A purchase sent: its key and body (with the card token it carried). */
export type Sent = { key: string; body: Record<string, unknown> }

/** Whether an answer leaves a purchase unfinished for certain: none came, or 503. */
export function unfinished(answer: { statusCode?: number; noAnswer?: boolean }): boolean {
  return answer.noAnswer === true || answer.statusCode === 503
}

/** Two purchase bodies the same but for the card token (a new one is made on each Pay). */
export function samePurchase(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const { cardToken: _a, ...restA } = a
  const { cardToken: _b, ...restB } = b
  return JSON.stringify(sorted(restA)) === JSON.stringify(sorted(restB))
}

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, inner]) => [key, sorted(inner)]))
  return value
}

/**
 * What the next Pay sends: the unfinished purchase again, key, body and card token alike, when
 * the buyer changed nothing since; otherwise the new body under a new key.
 */
export function nextSend(unfinishedPurchase: Sent | null, body: Record<string, unknown>, newKey: () => string): Sent & { resent: boolean } {
  if (unfinishedPurchase && samePurchase(unfinishedPurchase.body, body)) return { ...unfinishedPurchase, resent: true }
  return { key: newKey(), body, resent: false }
}
