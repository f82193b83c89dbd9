// One solve of the ALTCHA widget at a time. The widget itself starts a second `verify()` when asked
// while it is already solving: a submit that lands between the widget's mount and its own start
// (the browser runs input before timers) fetched a second challenge, costing one more point of the
// visitor's rate limit, and a `reset()` during a solve made the first solve report an error.

export type WidgetState = 'unverified' | 'verifying' | 'verified' | 'expired' | 'error' | 'code'

/** The widget's methods this needs; `getState` and `verify` appear once the element has upgraded. */
export type Solvable = { verify?: () => Promise<unknown>; getState?: () => WidgetState; reset?: () => void }

/** The states a solve may start from: not the ones solving, holding a token, or asking for a code. */
const STARTABLE: ReadonlySet<WidgetState | undefined> = new Set(['unverified', 'expired', 'error'])

/** Widgets whose `verify()` has not settled yet. */
const solving = new WeakSet<Solvable>()

/**
 * Starts the widget's solve unless one is under way (ours, or the widget's own after a click on
 * its checkbox), it holds a valid token, or it has not upgraded yet; false when it did not start one.
 */
export function solveOnce(widget: Solvable): boolean {
  if (!widget.verify || solving.has(widget) || !STARTABLE.has(widget.getState?.())) return false
  solving.add(widget)
  // Called at once; a throw becomes a rejection. A failed solve is told by the widget's own state
  // ("error"), and the next request starts afresh.
  void new Promise((resolve) => resolve(widget.verify?.())).catch(() => undefined).finally(() => solving.delete(widget))
  return true
}

/**
 * A fresh token after the server refused one: a solve under way already brings a token nobody has
 * used, so it is left to finish; otherwise the widget is reset and solves again.
 */
export function renewSolution(widget: Solvable): void {
  if (solving.has(widget) || widget.getState?.() === 'verifying') return
  widget.reset?.()
  solveOnce(widget)
}
