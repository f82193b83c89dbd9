// The human check behind one interface, with the chain of providers and `requireHuman`.
import type { Payload } from 'payload'
import { z } from 'zod'
import { clientAddress } from '@/lib/client-address'
import { apiError } from '@/lib/http'
import { env } from '@/lib/env'
import { altchaProvider } from './altcha'
import { captchaChain, captchaSecret, nextStep } from './chain'
import { hcaptchaProvider } from './hcaptcha'
import { recaptchaProvider } from './recaptcha'
import { siteHosts } from './siteverify'
import type { HumanCheckContext, HumanCheckProvider, HumanCheckVersion } from './types'

export type { HumanCheckContext, HumanCheckProvider, HumanCheckVersion } from './types'

/**
 * The human check behind one interface: `verify(token, { ip, action, host })` → `{ ok, next? }`.
 * ALTCHA alone without keys (works offline); with keys the third-party chain, reCAPTCHA v3 → v2
 * invisible → hCaptcha (`captchaChain()`), each step told which one follows it.
 */
export function humanCheckChain(payload: Payload): HumanCheckProvider[] {
  const settings = env()
  const chain = captchaChain(settings)
  const hosts = siteHosts(settings.SITE_URL, settings.LOCALE_DOMAINS)
  return chain.map((step): HumanCheckProvider => {
    if (step === 'altcha') return altchaProvider(payload)
    const secret = captchaSecret(settings, step)!
    if (step === 'hcaptcha') return hcaptchaProvider({ siteKey: settings.HCAPTCHA_SITE_KEY!, secret, verifyUrl: settings.HCAPTCHA_VERIFY_URL, hosts })
    return recaptchaProvider({ step, secret, verifyUrl: settings.RECAPTCHA_VERIFY_URL, hosts, minScore: settings.CAPTCHA_V3_MIN_SCORE, next: nextStep(chain, step) })
  })
}

/** What forms send: the token as `inrecaptcha` and its kind as `version`. */
export const humanCheckFields = {
  inrecaptcha: z.string({ error: 'NOT_VERIFIED_CAPTCHA' }).min(1, 'NOT_VERIFIED_CAPTCHA').max(20_000, 'NOT_VERIFIED_CAPTCHA'),
  version: z.string({ error: 'NOT_VERIFIED_CAPTCHA' }).max(20, 'NOT_VERIFIED_CAPTCHA'),
}
const humanCheckBody = z.object(humanCheckFields)

/**
 * Checks a form's human check, or throws 400 NOT_VERIFIED_CAPTCHA (`field: "inrecaptcha"`): a
 * missing, forged, foreign, reused or expired token, a `version` outside the configured chain, or
 * a provider that could not be asked. A reCAPTCHA v3 score below the minimum adds `next` (the
 * chain's following step), which the form runs before sending again.
 */
export async function requireHuman(payload: Payload, request: Request, body: Record<string, unknown>, action: string): Promise<void> {
  const parsed = humanCheckBody.safeParse(body)
  if (!parsed.success) throw apiError('NOT_VERIFIED_CAPTCHA', 'inrecaptcha')
  const provider = humanCheckChain(payload).find((entry) => entry.id === (parsed.data.version as HumanCheckVersion))
  if (!provider) throw apiError('NOT_VERIFIED_CAPTCHA', 'inrecaptcha')
  const context: HumanCheckContext = { ip: clientAddress(request.headers), action, host: request.headers.get('host') }
  const { ok, next } = await provider.verify(parsed.data.inrecaptcha, context)
  if (!ok) throw apiError('NOT_VERIFIED_CAPTCHA', 'inrecaptcha', next ? { next } : undefined)
}
