/**
 * The visitor's session in this browser (spec section 3, "Client session values"; section 4,
 * "Login"): an auth token and an access token in `localStorage`. Signed in when either is
 * stored; signing in stores the login's answer as the auth token; signing out calls `logout/`
 * and removes both. `apiFetch` is the one way every screen calls the API: it sends the tokens,
 * gives up after 20 s, adds `ts` to GETs, and forgets the tokens when the API answers 401
 * EXPIRED_SESSION.
 */

import { realNow } from './clock'

export const AUTH_TOKEN_KEY = 'veilgate:auth-token'
export const ACCESS_TOKEN_KEY = 'veilgate:access-token'
/** Spec section 9: request time-out. */
export const REQUEST_TIMEOUT_MS = 20_000

/** A refused or failed call: the API's body with its status (and `Retry-After` in seconds, when sent); without an answer, the message alone and 500. */
export type ApiFailure = { statusCode: number; code?: string; message: string; field?: string; retryAfter?: number; noAnswer?: true } & Record<string, unknown>

const listeners = new Set<() => void>()

const store = () => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

const read = (key: string) => {
  try {
    return store()?.getItem(key) || null
  } catch {
    return null
  }
}

const changed = () => {
  for (const listener of listeners) listener()
}

/** The stored tokens (null when absent or storage is refused). */
export function sessionTokens(): { auth: string | null; access: string | null } {
  return { auth: read(AUTH_TOKEN_KEY), access: read(ACCESS_TOKEN_KEY) }
}

/** Signed in when either token is stored. */
export function isSignedIn(): boolean {
  const { auth, access } = sessionTokens()
  return Boolean(auth || access)
}

/** Keeps a login's answer as the auth token. */
export function storeLogin(token: string): void {
  try {
    store()?.setItem(AUTH_TOKEN_KEY, token)
  } catch {
    // Storage refused: the visitor stays signed in for this page only through the caller's state.
  }
  changed()
}

/** Keeps the answer of a sign-in by e-mail link, code or app link as the access token. */
export function storeAccess(token: string): void {
  try {
    store()?.setItem(ACCESS_TOKEN_KEY, token)
  } catch {
    // Storage refused, as above.
  }
  changed()
}

/** Forgets both tokens (no call to the API). */
export function clearSession(): void {
  try {
    store()?.removeItem(AUTH_TOKEN_KEY)
    store()?.removeItem(ACCESS_TOKEN_KEY)
  } catch {
    // Nothing stored, or storage refused.
  }
  changed()
}

/** Calls a listener when this tab, or another one (`storage` events), signs in or out. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener)
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === ACCESS_TOKEN_KEY) listener()
  }
  if (typeof window !== 'undefined') window.addEventListener('storage', fromOtherTab)
  return () => {
    listeners.delete(listener)
    if (typeof window !== 'undefined') window.removeEventListener('storage', fromOtherTab)
  }
}

type Init = { method?: string; body?: unknown; headers?: Record<string, string>; query?: Record<string, string | undefined> }

/** The window event each `apiFetch` call ends with (the debug logger's requests): no query, no body, no headers. */
export const API_EVENT = 'veilgate:api'
export type ApiReport = { method: string; path: string; status: number; ms: number }

function report(method: string, path: string, status: number, started: number) {
  if (typeof window === 'undefined' || typeof window.dispatchEvent !== 'function') return
  const detail: ApiReport = { method, path, status, ms: Math.round(performance.now() - started) }
  window.dispatchEvent(new CustomEvent(API_EVENT, { detail }))
}

/**
 * One API call. Resolves with the JSON answer; rejects with an `ApiFailure`: the answer's body plus
 * `statusCode`, or `{ message, statusCode: 500, noAnswer: true }` when no answer came (network, 20 s time-out).
 */
export async function apiFetch<T = Record<string, unknown>>(path: string, init: Init = {}): Promise<T> {
  const method = (init.method ?? (init.body === undefined ? 'GET' : 'POST')).toUpperCase()
  const url = new URL(path, typeof window === 'undefined' ? 'http://localhost' : window.location.origin)
  for (const [name, value] of Object.entries(init.query ?? {})) if (value !== undefined) url.searchParams.set(name, value)
  if (method === 'GET') url.searchParams.set('ts', String(realNow().getTime()))
  const { auth, access } = sessionTokens()
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (auth) headers['x-auth-token'] = auth
  if (access) headers['x-access-token'] = access
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  const started = performance.now()
  let response: Response
  try {
    response = await fetch(typeof window === 'undefined' ? url.toString() : `${url.pathname}${url.search}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: controller.signal,
    })
  } catch (error) {
    report(method, url.pathname, 0, started)
    throw { statusCode: 500, message: error instanceof Error ? error.message : String(error), noAnswer: true } satisfies ApiFailure
  } finally {
    clearTimeout(timer)
  }
  report(method, url.pathname, response.status, started)
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (response.ok) return body as T
  // A refused one-time link names its field; only a refused session token ends the session here.
  if (response.status === 401 && body.code === 'EXPIRED_SESSION' && !body.field) clearSession()
  const retryAfter = Number(response.headers.get('retry-after'))
  throw {
    ...body,
    statusCode: response.status,
    message: typeof body.message === 'string' ? body.message : response.statusText,
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
  } satisfies ApiFailure
}

/** Signs out: `logout/` for this session (its answer does not matter), then both tokens go. */
export async function logout(): Promise<void> {
  try {
    await apiFetch('/api/veilgate/auth/logout/', { method: 'POST', body: {} })
  } catch {
    // Offline or already ended: the tokens go all the same.
  }
  clearSession()
}
