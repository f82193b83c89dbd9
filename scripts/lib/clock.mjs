// The machine's clock for the code outside the app: the DNS and STUN servers, the web server's
// response cache, the build and the benches. They never see the sandbox clock nor `CLOCK_NOW`, and
// a time they write (a connection test id's issue time, a cache entry's age) is compared only with
// this clock, here or in the app (`realNow()` of src/lib/clock.ts, which is this one).
// ESLint refuses `Date.now()` and `new Date()` without arguments anywhere but here and there.

/** The machine's time. */
export function realNow() {
  return new Date()
}

/** The machine's time in milliseconds since the epoch. */
export function realMs() {
  return Date.now()
}

/**
 * The machine's time in milliseconds with a fraction (the process's monotonic clock from its start):
 * for stamps compared within and between processes where two events in one millisecond must still
 * be told apart (the render cache's tag stamps and render starts).
 */
export function realPreciseMs() {
  return performance.timeOrigin + performance.now()
}
