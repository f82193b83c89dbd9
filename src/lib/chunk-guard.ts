// The chunk-reload guard (spec sections 4 and 9): after a code chunk fails to load, one full reload,
// at most once per 60 seconds, the time kept in sessionStorage.

/** Spec section 9: chunk-reload guard 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000
export const CHUNK_RELOAD_KEY = 'veilgate:chunk-reload-at'

/** Whether a failed chunk may reload the page now, given when it last did (null: never in this tab). */
export function mayReload(now: number, last: number | null): boolean {
  return last === null || !Number.isFinite(last) || now - last >= CHUNK_RELOAD_GUARD_MS || now < last
}

/** A rejection that means a code chunk did not load (webpack's and Turbopack's wording, and the browser's for import()). */
export function isChunkFailure(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false
  const { name, message } = reason as { name?: unknown; message?: unknown }
  if (name === 'ChunkLoadError') return true
  return typeof message === 'string' && /Loading chunk|Failed to load chunk|dynamically imported module|Importing a module script failed/i.test(message)
}

/** Whether a failed element is one of the site's code chunks. */
export function isChunkScript(src: string): boolean {
  return /^(?:https?:\/\/[^/]+)?\/_next\/static\//.test(src)
}
