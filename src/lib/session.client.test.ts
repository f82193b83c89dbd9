import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ACCESS_TOKEN_KEY, apiFetch, AUTH_TOKEN_KEY, clearSession, isSignedIn, logout, onSessionChange, REQUEST_TIMEOUT_MS, sessionTokens, storeAccess, storeLogin } from './session.client'

/** A browser's localStorage and window, enough for the session module. */
function fakeBrowser() {
  const items = new Map<string, string>()
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
  vi.stubGlobal('window', { localStorage, location: { origin: 'https://veilgate.test' }, addEventListener: () => undefined, removeEventListener: () => undefined })
  return items
}

type Call = { url: string; init: RequestInit }
function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, init }
    calls.push(call)
    return answer(call)
  })
  return calls
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let items: Map<string, string>
beforeEach(() => {
  items = fakeBrowser()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the client session', () => {
  it('is signed in when either token is stored; login stores the auth token, clearing removes both', () => {
    expect(isSignedIn()).toBe(false)
    items.set(ACCESS_TOKEN_KEY, 'access-1')
    expect(isSignedIn()).toBe(true)
    const heard = vi.fn()
    const stop = onSessionChange(heard)
    storeLogin('auth-1')
    expect(sessionTokens()).toEqual({ auth: 'auth-1', access: 'access-1' })
    clearSession()
    expect(sessionTokens()).toEqual({ auth: null, access: null })
    expect(isSignedIn()).toBe(false)
    expect(heard).toHaveBeenCalledTimes(2)
    // A sign-in by e-mail link or code keeps its answer as the access token.
    storeAccess('access-2')
    expect(sessionTokens()).toEqual({ auth: null, access: 'access-2' })
    expect(isSignedIn()).toBe(true)
    expect(heard).toHaveBeenCalledTimes(3)
    stop()
  })

  it('sends both tokens, adds ts to GETs only, and resolves with the answer', async () => {
    items.set(AUTH_TOKEN_KEY, 'auth-2')
    items.set(ACCESS_TOKEN_KEY, 'access-2')
    const calls = fakeFetch(() => json(200, { ok: true }))
    expect(await apiFetch('/api/veilgate/auth/user-info/', { query: { locale: 'de' } })).toEqual({ ok: true })
    expect(calls[0]!.url).toMatch(/^\/api\/veilgate\/auth\/user-info\/\?locale=de&ts=\d+$/)
    expect(calls[0]!.init.headers).toMatchObject({ 'x-auth-token': 'auth-2', 'x-access-token': 'access-2' })
    await apiFetch('/api/veilgate/auth/login/', { body: { username: 'a@example.com' } })
    expect(calls[1]!.url).toBe('/api/veilgate/auth/login/')
    expect(calls[1]!.init).toMatchObject({ method: 'POST', body: '{"username":"a@example.com"}' })
    expect(calls[1]!.init.headers).toMatchObject({ 'content-type': 'application/json' })
  })

  it('rejects with the body and statusCode; 401 EXPIRED_SESSION forgets the tokens, other refusals do not', async () => {
    items.set(AUTH_TOKEN_KEY, 'auth-3')
    fakeFetch(() => json(409, { statusCode: 409, code: 'ALREADY_IN_USE', message: 'This veilgate ID is already in use', field: 'email' }))
    await expect(apiFetch('/api/veilgate/purchase/url-with-email/', { body: {} })).rejects.toEqual({ statusCode: 409, code: 'ALREADY_IN_USE', message: 'This veilgate ID is already in use', field: 'email' })
    expect(isSignedIn()).toBe(true)
    fakeFetch(() => new Response(JSON.stringify({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }), { status: 429, headers: { 'retry-after': '42' } }))
    await expect(apiFetch('/api/veilgate/auth/login/', { body: {} })).rejects.toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 42 })
    // A refused one-time link (it names its field) is not the session's end.
    fakeFetch(() => json(401, { statusCode: 401, code: 'EXPIRED_SESSION', message: 'Your session has expired. Please relogin', field: 'token' }))
    await expect(apiFetch('/api/veilgate/auth/password-reset/confirm/', { body: {} })).rejects.toMatchObject({ statusCode: 401, code: 'EXPIRED_SESSION' })
    expect(isSignedIn()).toBe(true)
    fakeFetch(() => json(401, { statusCode: 401, code: 'EXPIRED_SESSION', message: 'Your session has expired. Please relogin' }))
    await expect(apiFetch('/api/veilgate/auth/user-info/')).rejects.toMatchObject({ statusCode: 401, code: 'EXPIRED_SESSION' })
    expect(isSignedIn()).toBe(false)
  })

  it('rejects with the message, 500 and noAnswer when no answer comes, and gives up after 20 s', async () => {
    fakeFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(apiFetch('/api/veilgate/auth/user-info/')).rejects.toEqual({ statusCode: 500, message: 'Failed to fetch', noAnswer: true })
    vi.useFakeTimers()
    fakeFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))
        }),
    )
    const pending = apiFetch('/api/veilgate/auth/user-info/').catch((failure: unknown) => failure)
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    let settled = false
    void pending.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await pending).toMatchObject({ statusCode: 500, noAnswer: true })
  })

  it('signs out through logout/ and removes both tokens, even when the call fails', async () => {
    items.set(AUTH_TOKEN_KEY, 'auth-4')
    items.set(ACCESS_TOKEN_KEY, 'access-4')
    const calls = fakeFetch(() => json(500, {}))
    await logout()
    expect(calls[0]!.url).toBe('/api/veilgate/auth/logout/')
    expect(calls[0]!.init.headers).toMatchObject({ 'x-auth-token': 'auth-4' })
    expect(sessionTokens()).toEqual({ auth: null, access: null })
  })
})
