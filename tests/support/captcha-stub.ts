// A local stand-in for reCAPTCHA's and hCaptcha's siteverify endpoints, for suites that run the third-party chain offline.
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the provider is to answer for a token: by default a success on `localhost` (a v3 token adds score and action). */
export type StubVerdict = { success?: boolean; score?: number; action?: string; hostname?: string; errorCodes?: string[] }

/**
 * A token the stub understands, as the fake provider scripts of the browser suites hand out:
 * `stub_<base64url verdict>_<random>`. Each is accepted once, as the real providers do.
 */
export function stubToken(verdict: StubVerdict = {}): string {
  return `stub_${Buffer.from(JSON.stringify(verdict)).toString('base64url')}_${randomBytes(6).toString('hex')}`
}

/** Key pairs for the three providers, as a site under test is started with (`startCaptchaStub()` knows their secrets). */
export const stubKeys = {
  RECAPTCHA_V3_SITE_KEY: 'stub-v3-site-key',
  RECAPTCHA_V3_SECRET: 'stub-v3-secret',
  RECAPTCHA_V2_SITE_KEY: 'stub-v2-site-key',
  RECAPTCHA_V2_SECRET: 'stub-v2-secret',
  HCAPTCHA_SITE_KEY: 'stub-hcaptcha-site-key',
  HCAPTCHA_SECRET: 'stub-hcaptcha-secret',
}

export type StubCall = { provider: 'recaptcha' | 'hcaptcha'; form: Record<string, string> }

export type CaptchaStub = {
  recaptchaUrl: string
  hcaptchaUrl: string
  calls: StubCall[]
  /** `slow`: answers after `ms` (past the site's 5 s limit); `error`: 500. */
  mode: { slow?: number; error?: boolean }
  close: () => Promise<void>
}

/**
 * `POST /recaptcha/api/siteverify` and `POST /siteverify` (hCaptcha), as the providers answer:
 * an unknown secret → `invalid-input-secret`; hCaptcha's `sitekey` not the secret's →
 * `sitekey-secret-mismatch`; a token not from `stubToken()` → `invalid-input-response`; a token
 * seen before → `timeout-or-duplicate` (reCAPTCHA) or `invalid-or-already-seen-response` (hCaptcha).
 */
export async function startCaptchaStub(
  keys: { recaptchaSecrets: string[]; hcaptcha?: { siteKey: string; secret: string } } = {
    recaptchaSecrets: [stubKeys.RECAPTCHA_V3_SECRET, stubKeys.RECAPTCHA_V2_SECRET],
    hcaptcha: { siteKey: stubKeys.HCAPTCHA_SITE_KEY, secret: stubKeys.HCAPTCHA_SECRET },
  },
): Promise<CaptchaStub> {
  const seen = new Set<string>()
  const calls: StubCall[] = []
  const mode: CaptchaStub['mode'] = {}
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://stub').pathname
      const provider = path === '/recaptcha/api/siteverify' ? 'recaptcha' : path === '/siteverify' ? 'hcaptcha' : null
      if (request.method !== 'POST' || !provider) return void response.writeHead(404).end()
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      calls.push({ provider, form })
      const answer = (body: Record<string, unknown>) => {
        const send = () => response.writeHead(mode.error ? 500 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
        if (mode.slow) setTimeout(send, mode.slow).unref()
        else send()
      }
      const refuse = (code: string) => answer({ success: false, 'error-codes': [code] })
      const secretKnown = provider === 'recaptcha' ? keys.recaptchaSecrets.includes(form.secret ?? '') : form.secret === keys.hcaptcha?.secret
      if (!secretKnown) return refuse('invalid-input-secret')
      if (provider === 'hcaptcha' && form.sitekey !== keys.hcaptcha?.siteKey) return refuse('sitekey-secret-mismatch')
      const match = /^stub_([A-Za-z0-9_-]+)_[0-9a-f]{12}$/.exec(form.response ?? '')
      let verdict: StubVerdict | null = null
      try {
        verdict = match ? (JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as StubVerdict) : null
      } catch {
        verdict = null
      }
      if (!verdict) return refuse('invalid-input-response')
      if (seen.has(form.response!)) return refuse(provider === 'recaptcha' ? 'timeout-or-duplicate' : 'invalid-or-already-seen-response')
      seen.add(form.response!)
      const success = verdict.success ?? true
      answer({
        success,
        challenge_ts: new Date().toISOString(),
        hostname: verdict.hostname ?? 'localhost',
        ...(verdict.score !== undefined ? { score: verdict.score } : {}),
        ...(verdict.action !== undefined ? { action: verdict.action } : {}),
        ...(success ? {} : { 'error-codes': verdict.errorCodes ?? ['invalid-input-response'] }),
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    recaptchaUrl: `${base}/recaptcha/api/siteverify`,
    hcaptchaUrl: `${base}/siteverify`,
    calls,
    mode,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
