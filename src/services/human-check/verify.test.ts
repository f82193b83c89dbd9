import { describe, expect, it, vi } from 'vitest'
import { hcaptchaOutcome, hcaptchaProvider } from './hcaptcha'
import { recaptchaOutcome, recaptchaProvider } from './recaptcha'
import { siteverify } from './siteverify'

const hosts = new Set(['www.veilgate.example', 'localhost'])
const v3 = { step: 'v3' as const, action: 'register', hosts, minScore: 0.5, next: 'v2' as const }
const good = { success: true, score: 0.9, action: 'register', hostname: 'www.veilgate.example' }

describe('recaptchaOutcome', () => {
  it('passes v3 at or above the minimum score, for the form action on this site', () => {
    expect(recaptchaOutcome(good, v3)).toEqual({ ok: true })
    expect(recaptchaOutcome({ ...good, score: 0.5 }, v3)).toEqual({ ok: true })
  })

  it('sends a score below the minimum on to the next step', () => {
    expect(recaptchaOutcome({ ...good, score: 0.49 }, v3)).toEqual({ ok: false, next: 'v2' })
    expect(recaptchaOutcome({ ...good, score: 0.1 }, { ...v3, next: 'hcaptcha' })).toEqual({ ok: false, next: 'hcaptcha' })
    expect(recaptchaOutcome({ ...good, score: 0.1 }, { ...v3, next: undefined })).toEqual({ ok: false })
  })

  it('refuses another action, a foreign host, a missing score, and a failed answer', () => {
    expect(recaptchaOutcome({ ...good, action: 'subscribe' }, v3)).toEqual({ ok: false })
    expect(recaptchaOutcome({ ...good, hostname: 'evil.example' }, v3)).toEqual({ ok: false })
    expect(recaptchaOutcome({ ...good, hostname: undefined }, v3)).toEqual({ ok: false })
    expect(recaptchaOutcome({ ...good, score: undefined }, v3)).toEqual({ ok: false })
    expect(recaptchaOutcome({ success: false, 'error-codes': ['timeout-or-duplicate'] }, v3)).toEqual({ ok: false })
    expect(recaptchaOutcome({ success: false, 'error-codes': ['invalid-input-response'] }, v3)).toEqual({ ok: false })
    expect(recaptchaOutcome(null, v3)).toEqual({ ok: false })
  })

  it('passes v2 on success from this site, with neither score nor action', () => {
    const v2 = { ...v3, step: 'v2' as const, next: 'hcaptcha' as const }
    expect(recaptchaOutcome({ success: true, hostname: 'localhost' }, v2)).toEqual({ ok: true })
    expect(recaptchaOutcome({ success: true, hostname: 'elsewhere.example' }, v2)).toEqual({ ok: false })
    expect(recaptchaOutcome({ success: false, 'error-codes': ['timeout-or-duplicate'] }, v2)).toEqual({ ok: false })
  })
})

describe('hcaptchaOutcome', () => {
  it('passes a success from this site; refuses reuse and foreign hosts', () => {
    expect(hcaptchaOutcome({ success: true, hostname: 'localhost' }, hosts)).toEqual({ ok: true })
    expect(hcaptchaOutcome({ success: false, 'error-codes': ['invalid-or-already-seen-response'] }, hosts)).toEqual({ ok: false })
    expect(hcaptchaOutcome({ success: true, hostname: 'evil.example' }, hosts)).toEqual({ ok: false })
    expect(hcaptchaOutcome(null, hosts)).toEqual({ ok: false })
  })
})

const answering = (body: unknown, status = 200) => vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

describe('the providers', () => {
  const context = { ip: '203.0.113.7', action: 'register', host: 'localhost:3000' }

  it('send secret, response and remote address (hCaptcha also its site key) as a form', async () => {
    const fetch = answering(good)
    expect(await recaptchaProvider({ step: 'v3', secret: 's3', verifyUrl: 'https://verify.test/r', hosts, minScore: 0.5, next: 'v2', fetch }).verify('tok-1', context)).toEqual({ ok: true })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://verify.test/r')
    expect(Object.fromEntries(new URLSearchParams(String(init!.body)))).toEqual({ secret: 's3', response: 'tok-1', remoteip: '203.0.113.7' })
    const hfetch = answering({ success: true, hostname: 'localhost' })
    expect(await hcaptchaProvider({ siteKey: 'hk', secret: 'hs', verifyUrl: 'https://verify.test/h', hosts, fetch: hfetch }).verify('tok-2', { ...context, ip: null })).toEqual({ ok: true })
    expect(Object.fromEntries(new URLSearchParams(String(hfetch.mock.calls[0]![1]!.body)))).toEqual({ secret: 'hs', response: 'tok-2', sitekey: 'hk' })
  })

  it('fail when the verify call is refused, malformed, unreachable or too slow', async () => {
    const provider = (fetch: typeof globalThis.fetch, timeoutMs?: number) => recaptchaProvider({ step: 'v3', secret: 's', verifyUrl: 'https://verify.test/r', hosts, minScore: 0.5, next: 'v2', fetch, timeoutMs })
    expect(await provider(answering(good, 500)).verify('t', context)).toEqual({ ok: false })
    expect(await provider(answering({ ok: 'yes' })).verify('t', context)).toEqual({ ok: false })
    expect(await provider(vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('fetch failed')))).verify('t', context)).toEqual({ ok: false })
    // Never answers: the call is abandoned at the time-out.
    const hanging = vi.fn<typeof fetch>((_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))))
    expect(await provider(hanging, 20).verify('t', context)).toEqual({ ok: false })
    expect(hanging).toHaveBeenCalledOnce()
  })

  it('waits 5 seconds by default', async () => {
    let signal: AbortSignal | undefined
    await siteverify('https://verify.test/r', { secret: 's' }, { fetch: vi.fn<typeof fetch>(async (_url, init) => ((signal = init!.signal!), new Response('{"success":true}'))) })
    expect(signal).toBeInstanceOf(AbortSignal)
    expect(signal!.aborted).toBe(false)
  })
})
