/**
 * The one clock of the app. `CLOCK_NOW` (an ISO date) pins it for tests and
 * demos; otherwise it is the system time plus the sandbox clock's offset, which
 * an admin moves forward while the sandbox processor takes cards
 * (`src/services/payments/sandbox/clock.ts` loads it at start, after each
 * advance and at each scheduled run, so every instance agrees).
 */
let offsetMs = 0

/** The time `CLOCK_NOW` pins, or null when it is unset or not a date. */
function pinned(): Date | null {
  const value = process.env.CLOCK_NOW
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

export function now(): Date {
  return pinned() ?? new Date(Date.now() + offsetMs)
}

/**
 * The time security lifetimes run on (customer sessions): `CLOCK_NOW` when pinned, else the
 * machine's time. Moving the sandbox clock a month on lets renewals fall due; it does not sign
 * everybody out, nor does it make a session outlive its real lifetime.
 */
export function securityNow(): Date {
  return pinned() ?? new Date()
}

/**
 * The machine's own time, for comparisons with times PostgreSQL or Payload wrote (a job's
 * `updatedAt`, `waitUntil`, locks, SQL `now()`): those never follow the sandbox clock.
 */
export function realNow(): Date {
  return new Date()
}

/** How far the sandbox clock is ahead of real time, in milliseconds (0 when the sandbox is off). */
export function clockOffset(): number {
  return offsetMs
}

/** Set by the sandbox clock's loader only; a negative or broken value counts as none. */
export function setClockOffset(ms: number): void {
  offsetMs = Number.isFinite(ms) && ms > 0 ? Math.trunc(ms) : 0
}
