// The third-party human checks in the browser: reCAPTCHA v3, v2 invisible and hCaptcha, loaded on demand, each falling through to the next.
import type { HumanCheckVersion } from '@/services/human-check/types'
import type { CaptchaChainView, CaptchaStep } from '@/services/human-check/chain'

/** What a form sends with its request: the token and the check that made it. */
export type HumanProof = { inrecaptcha: string; version: HumanCheckVersion }

/** A provider's script may take this long to load and become ready; then the next step runs. */
export const SCRIPT_TIMEOUT_MS = 5_000
/** How often a loaded script is asked whether its API is ready. */
export const READY_POLL_MS = 800
/** v3 answers without a person; longer than this and the next step runs. */
const EXECUTE_TIMEOUT_MS = 5_000
/** v2 and hCaptcha may show a picture challenge: a person gets this long (their tokens last 2 minutes). */
const CHALLENGE_TIMEOUT_MS = 120_000

type Grecaptcha = {
  ready?: (callback: () => void) => void
  execute: ((siteKey: string, options: { action: string }) => Promise<string>) & ((widget: number) => void)
  render: (element: HTMLElement, options: Record<string, unknown>) => number
  reset: (widget?: number) => void
}
type Hcaptcha = {
  render: (element: HTMLElement, options: Record<string, unknown>) => string
  execute: (widget: string, options: { async: true }) => Promise<{ response: string }>
  reset: (widget?: string) => void
}
type CaptchaGlobals = { grecaptcha?: Grecaptcha; hcaptcha?: Hcaptcha }
const globals = () => window as unknown as CaptchaGlobals

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms))

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer = 0
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = window.setTimeout(() => reject(new Error('timed out')), ms)
    }),
  ]).finally(() => window.clearTimeout(timer))
}

const scripts = new Map<string, Promise<void>>()

/** Adds the script once (async); rejects on `onerror` (a failed load may be tried again later). */
function addScript(src: string): Promise<void> {
  let loading = scripts.get(src)
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => {
        script.remove()
        scripts.delete(src)
        reject(new Error(`could not load ${new URL(src).host}`))
      }
      document.head.appendChild(script)
    })
    scripts.set(src, loading)
  }
  return loading
}

/**
 * The provider's API once it is ready: the script added if `api()` is not there yet, then asked
 * again every 800 ms; a load error, or 5 seconds without it, rejects (the chain goes on).
 */
async function ready<T>(src: string, api: () => T | undefined): Promise<T> {
  const deadline = performance.now() + SCRIPT_TIMEOUT_MS
  const found = api()
  if (found) return found
  let failed: unknown = null
  addScript(src).catch((error: unknown) => {
    failed = error
  })
  for (;;) {
    await wait(Math.min(READY_POLL_MS, Math.max(0, deadline - performance.now())))
    if (failed) throw failed
    const now = api()
    if (now) return now
    if (performance.now() >= deadline) throw new Error('not ready in time')
  }
}

/** The script URL with its query: `render=<v3 key>` or `render=explicit` (hCaptcha without its reCAPTCHA stand-in). */
function scriptUrl(base: string, query: Record<string, string>): string {
  const url = new URL(base, window.location.href)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}

export type CaptchaRunner = {
  /** Loads the first step's script (a form's first focus), so a submit does not wait for it. */
  preload: () => void
  /** The chain from `from` (else its first step) until one step gives a token; null when none did. */
  solve: (from?: HumanCheckVersion) => Promise<HumanProof | null>
  /** A token is used once: the widgets start over for the next one. */
  reset: () => void
}

/**
 * Runs the third-party chain of `view` for the form's `action`. Invisible widgets render into
 * `slot`. `onStep` tells which provider is at work (its notice is shown).
 */
export function captchaRunner(view: CaptchaChainView, slot: HTMLElement, action: string, onStep: (step: CaptchaStep) => void): CaptchaRunner {
  const { siteKeys } = view
  let v2Widget: number | undefined
  let hcaptchaWidget: string | undefined
  let v2Answer: ((token: string | null) => void) | null = null

  const recaptcha = (render: string) =>
    ready(scriptUrl(view.scripts.recaptcha!, { render }), () => {
      const g = globals().grecaptcha
      return g && typeof g.execute === 'function' && typeof g.render === 'function' ? g : undefined
    }).then((g) => (g.ready ? within(new Promise<Grecaptcha>((resolve) => g.ready!(() => resolve(g))), SCRIPT_TIMEOUT_MS) : g))
  const hcaptcha = () =>
    ready(scriptUrl(view.scripts.hcaptcha!, { render: 'explicit', recaptchacompat: 'off' }), () => {
      const h = globals().hcaptcha
      return h && typeof h.execute === 'function' && typeof h.render === 'function' ? h : undefined
    })
  const widgetBox = () => {
    const box = document.createElement('div')
    slot.appendChild(box)
    return box
  }

  const steps: Record<CaptchaStep, () => Promise<string | null>> = {
    v3: async () => {
      const g = await recaptcha(siteKeys.v3!)
      return within(g.execute(siteKeys.v3!, { action }), EXECUTE_TIMEOUT_MS)
    },
    v2: async () => {
      const g = await recaptcha('explicit')
      const answer = new Promise<string | null>((resolve) => {
        v2Answer = resolve
      })
      if (v2Widget === undefined) {
        v2Widget = g.render(widgetBox(), {
          sitekey: siteKeys.v2!,
          size: 'invisible',
          badge: 'inline',
          callback: (token: string) => v2Answer?.(token),
          'error-callback': () => v2Answer?.(null),
          'expired-callback': () => v2Answer?.(null),
        })
      } else g.reset(v2Widget)
      g.execute(v2Widget)
      return within(answer, CHALLENGE_TIMEOUT_MS)
    },
    hcaptcha: async () => {
      const h = await hcaptcha()
      hcaptchaWidget ??= h.render(widgetBox(), { sitekey: siteKeys.hcaptcha!, size: 'invisible' })
      // A network error, a closed challenge: the promise rejects and the check ends here.
      const { response } = await within(h.execute(hcaptchaWidget, { async: true }), CHALLENGE_TIMEOUT_MS)
      return response
    },
  }

  const chain = view.chain.filter((step): step is CaptchaStep => step !== 'altcha')
  return {
    preload: () => {
      const first = chain[0]
      if (first === 'hcaptcha') void hcaptcha().catch(() => undefined)
      else if (first) void recaptcha(first === 'v3' ? siteKeys.v3! : 'explicit').catch(() => undefined)
    },
    solve: async (from) => {
      const start = from ? chain.indexOf(from as CaptchaStep) : 0
      if (start < 0) return null
      for (const step of chain.slice(start)) {
        onStep(step)
        const token = await steps[step]().catch(() => null)
        if (token) return { inrecaptcha: token, version: step }
      }
      return null
    },
    reset: () => {
      const { grecaptcha: g, hcaptcha: h } = globals()
      if (v2Widget !== undefined) g?.reset(v2Widget)
      if (hcaptchaWidget !== undefined) h?.reset(hcaptchaWidget)
    },
  }
}
