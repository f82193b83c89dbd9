// The cookie choice: what is stored, how long it holds, and what it allows. Pure and browser-safe.

/** Where the choice is kept (`localStorage`); the old notice's key, so its "OK" still counts. */
export const CONSENT_KEY = 'cookie-notice'

/** A choice holds for 12 months; then the notice asks again. */
export const CONSENT_MONTHS = 12

export type ConsentChoice = 'necessary' | 'all'

/** The stored form of a choice made at `at` (ms since the epoch). */
export const consentValue = (choice: ConsentChoice, at: number) => JSON.stringify({ choice, at })

/** When a choice made at `at` stops holding: the same moment 12 calendar months later. */
export function consentExpiry(at: number): number {
  const expiry = new Date(at)
  expiry.setUTCMonth(expiry.getUTCMonth() + CONSENT_MONTHS)
  return expiry.getTime()
}

/**
 * The choice a stored value holds now, or null when there is none, it is malformed, made in the
 * future or older than 12 months. The old notice's `accepted` ("OK") counts as "Necessary only".
 */
export function readConsent(raw: string | null | undefined, now: number): ConsentChoice | null {
  if (raw === 'accepted') return 'necessary'
  if (!raw || raw.length > 200) return null
  try {
    const stored = JSON.parse(raw) as { choice?: unknown; at?: unknown }
    if ((stored.choice !== 'necessary' && stored.choice !== 'all') || typeof stored.at !== 'number' || !Number.isFinite(stored.at)) return null
    if (stored.at > now + 60_000 || consentExpiry(stored.at) <= now) return null
    return stored.choice
  } catch {
    return null
  }
}

/** Whether a choice allows the tag manager and other measuring tags: only "Accept all". */
export const allowsTags = (choice: ConsentChoice | null) => choice === 'all'
