/**
 * The app's clocks. Every time the app reads comes from one of three, chosen by what the time is
 * for, and a comparison takes both of its times from the same clock (a time one clock wrote is
 * never measured against another). ESLint refuses `Date.now()` and `new Date()` without arguments
 * outside this file and scripts/lib/clock.mjs, so a new call has to choose (docs/architecture.md, "Clocks").
 *
 * - `now()`: business time, which the sandbox clock moves. Subscription periods, renewals and
 *   their scans, trials, prices and bonus codes valid now, banner windows, order and payment
 *   expiry, renewal and trial notices, gift codes, the newsletter's records, the copyright year.
 * - `securityNow()`: security lifetimes and the stamps they are checked against. Customer
 *   sessions, sign-in tokens and codes, reset, confirmation and e-mail change links, the one-week
 *   grace before a new account must be confirmed, the newsletter's confirmation and
 *   unsubscribe links, and what a person did (consent given, a token used, a
 *   session ended). Moving the sandbox clock months on signs nobody out and expires no link.
 * - `realNow()`: the machine's time, for comparisons with times PostgreSQL or Payload wrote
 *   (`createdAt`, `updatedAt`, Payload's `lockUntil`, job times, rate-limit windows, SQL `now()`),
 *   for times another process or a library checks (connection test ids, checked by the DNS
 *   server; human-check challenges, whose expiry altcha-lib checks), for cache
 *   ages and waits inside a process, and in the browser. Durations use `performance.now()`.
 *
 * `CLOCK_NOW` (an ISO date) pins `now()` and `securityNow()` for tests and demos, never
 * `realNow()`. Otherwise `now()` is the machine's time plus the sandbox clock's offset, which an
 * admin moves forward while the sandbox processor takes cards
 * (`src/services/payments/sandbox/clock.ts` loads it at start and at each scheduled run, and every
 * instance takes an advance announced over PostgreSQL at once).
 */
import { realMs, realNow as machineNow } from '../../scripts/lib/clock.mjs'

// On globalThis: Next bundles each route apart, and every copy of this module must see one offset
// (the one the process's clock listener sets when another instance advances it).
const shared = globalThis as unknown as { veilgateClockOffsetMs?: number }
const offset = () => shared.veilgateClockOffsetMs ?? 0

/** The time `CLOCK_NOW` pins, or null when it is unset or not a date. */
function pinned(): Date | null {
  const value = process.env.CLOCK_NOW
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

export function now(): Date {
  return pinned() ?? new Date(realMs() + offset())
}

/**
 * The time security lifetimes run on: `CLOCK_NOW` when pinned, else the machine's time. Moving
 * the sandbox clock a month on lets renewals fall due; it does not sign everybody out, nor does it
 * make a session or a link outlive its real lifetime.
 */
export function securityNow(): Date {
  return pinned() ?? machineNow()
}

/**
 * The machine's own time, for comparisons with times PostgreSQL or Payload wrote (a job's
 * `updatedAt`, `waitUntil`, locks, SQL `now()`): those never follow the sandbox clock.
 */
export function realNow(): Date {
  return machineNow()
}

/** How far the sandbox clock is ahead of real time, in milliseconds (0 when the sandbox is off). */
export function clockOffset(): number {
  return offset()
}

/** Set by the sandbox clock's loader only; a negative or broken value counts as none. */
export function setClockOffset(ms: number): void {
  shared.veilgateClockOffsetMs = Number.isFinite(ms) && ms > 0 ? Math.trunc(ms) : 0
}
