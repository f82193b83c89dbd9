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
