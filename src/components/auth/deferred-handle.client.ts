// A human check's handle whose calls wait for the check behind it to mount (it loads on demand).
import type { HumanCheckHandle } from './human-check-types'

/**
 * Made once per component (`useState(() => deferredCheck(…))`): `attach` is the inner check's
 * ref, `handle` the one the form holds. `arm()` calls `arm` (the caller mounts the inner check)
 * and arms it once there; `solution()` arms and waits for it; before it exists, `focus()` calls
 * `focusBefore` (the placeholder).
 */
export function deferredCheck(arm: () => void, focusBefore: () => void): { attach: (inner: HumanCheckHandle | null) => void; handle: HumanCheckHandle } {
  let inner: HumanCheckHandle | null = null
  let waiting: Array<(inner: HumanCheckHandle) => void> = []
  const mounted = (): Promise<HumanCheckHandle> => {
    if (inner) return Promise.resolve(inner)
    arm()
    return new Promise((resolve) => waiting.push(resolve))
  }
  return {
    attach: (handle) => {
      inner = handle
      if (!handle) return
      const ready = waiting
      waiting = []
      for (const resolve of ready) resolve(handle)
    },
    handle: {
      arm: () => {
        arm()
        inner?.arm()
      },
      solution: async (from) => (await mounted()).solution(from),
      renew: () => inner?.renew(),
      focus: () => (inner ? inner.focus() : focusBefore()),
    },
  }
}
