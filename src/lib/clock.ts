/**
 * The one clock of the app. `CLOCK_NOW` (an ISO date) pins it for tests and
 * demos; otherwise it is the system time.
 */
export function now(): Date {
  const pinned = process.env.CLOCK_NOW
  if (pinned) {
    const date = new Date(pinned)
    if (!Number.isNaN(date.getTime())) return date
  }
  return new Date()
}
