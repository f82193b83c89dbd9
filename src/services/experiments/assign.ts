// Assigning a visitor to an experiment's variant by weight, stably.
/**
 * Experiment assignment, exactly as spec section 4 says: a stored variant index is kept when it
 * is a valid integer below the number of variants; otherwise a variant is drawn (here by weight)
 * and stored in the cookie `exp_<name>` for 60 days. Pure: the random source is passed in.
 */
export const EXPERIMENT_COOKIE_MAX_AGE = 60 * 24 * 60 * 60 // 5 184 000 s, 60 days
export const experimentCookie = (name: string) => `exp_${name}`
export const EXPERIMENT_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/

/** The stored index when it is a whole number (no sign, no leading zero, no fraction) below `count`. */
export function storedVariant(value: string | null | undefined, count: number): number | null {
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,5})$/.test(value)) return null
  const index = Number(value)
  return index < count ? index : null
}

/** Draws an index with probability weight / sum of weights; all weights 0 → every variant alike. */
export function drawVariant(weights: readonly number[], random: () => number): number {
  const clean = weights.map((weight) => (Number.isFinite(weight) && weight > 0 ? weight : 0))
  const total = clean.reduce((sum, weight) => sum + weight, 0)
  if (total <= 0) return Math.min(weights.length - 1, Math.floor(random() * weights.length))
  let point = random() * total
  for (let i = 0; i < clean.length; i++) {
    point -= clean[i]!
    if (point < 0 && clean[i]! > 0) return i
  }
  return clean.findLastIndex((weight) => weight > 0)
}

/** The visitor's variant and whether it was drawn now (then the cookie is written). */
export function assignVariant(cookie: string | null | undefined, weights: readonly number[], random: () => number): { index: number; drawn: boolean } {
  const kept = storedVariant(cookie, weights.length)
  if (kept !== null) return { index: kept, drawn: false }
  return { index: drawVariant(weights, random), drawn: true }
}

/** Experiment assignments in a Cookie header or `document.cookie` (`exp_<name>=<index>`), at most ten. */
export function experimentAssignments(cookieHeader: string | null): { experiment: string; variant: number }[] {
  const found: { experiment: string; variant: number }[] = []
  for (const [, experiment, variant] of (cookieHeader ?? '').matchAll(/(?:^|;\s*)exp_([a-z0-9][a-z0-9-]{0,39})=(\d{1,6})(?=;|$)/g)) {
    found.push({ experiment: experiment!, variant: Number(variant) })
  }
  return found.slice(0, 10)
}
