// Whether this process is draining (SIGTERM received): set by the web server (scripts/server.mjs),
// read by `/api/health` inside Next, which runs in the same process but in bundles of its own, so
// the flag lives on globalThis.
const DRAINING = Symbol.for('veilgate.draining')

/** Marks the process as draining: `/api/health` answers 503 `draining` from now on. */
export function startDraining() {
  globalThis[DRAINING] = true
}

export function isDraining() {
  return globalThis[DRAINING] === true
}
