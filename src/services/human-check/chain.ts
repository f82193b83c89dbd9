// Which human checks guard the forms, from the environment: ALTCHA alone, or the third-party chain.
import type { Env } from '@/lib/env'
import type { HumanCheckVersion } from './types'

export type CaptchaSettings = Pick<
  Env,
  | 'RECAPTCHA_V3_SITE_KEY'
  | 'RECAPTCHA_V3_SECRET'
  | 'RECAPTCHA_V2_SITE_KEY'
  | 'RECAPTCHA_V2_SECRET'
  | 'HCAPTCHA_SITE_KEY'
  | 'HCAPTCHA_SECRET'
  | 'MIRROR_SITE'
  | 'RECAPTCHA_SCRIPT_URL'
  | 'HCAPTCHA_SCRIPT_URL'
>

/** A third-party step of the chain. */
export type CaptchaStep = Exclude<HumanCheckVersion, 'altcha'>

/** What the browser is told (`GET /api/veilgate/captcha/chain/`): never a secret. */
export type CaptchaChainView = {
  chain: HumanCheckVersion[]
  siteKeys: Partial<Record<CaptchaStep, string>>
  scripts: { recaptcha?: string; hcaptcha?: string }
}

/** Each step's pair, as configured: a step runs only with both halves (half a pair stops start-up in `env()`). */
function pairs(settings: CaptchaSettings): Record<CaptchaStep, { siteKey: string; secret: string } | null> {
  const pair = (siteKey?: string, secret?: string) => (siteKey && secret ? { siteKey, secret } : null)
  return {
    v3: pair(settings.RECAPTCHA_V3_SITE_KEY, settings.RECAPTCHA_V3_SECRET),
    v2: pair(settings.RECAPTCHA_V2_SITE_KEY, settings.RECAPTCHA_V2_SECRET),
    hcaptcha: pair(settings.HCAPTCHA_SITE_KEY, settings.HCAPTCHA_SECRET),
  }
}

/**
 * The chain in order: reCAPTCHA v3, then v2 invisible, then hCaptcha, each only with both of its
 * keys; with any of them ALTCHA leaves the chain. No keys: ALTCHA alone. A mirror site starts
 * (and ends) at hCaptcha, or keeps ALTCHA without hCaptcha keys.
 */
export function captchaChain(settings: CaptchaSettings): HumanCheckVersion[] {
  const configured = pairs(settings)
  if (settings.MIRROR_SITE) return configured.hcaptcha ? ['hcaptcha'] : ['altcha']
  const steps = (['v3', 'v2', 'hcaptcha'] as const).filter((step) => configured[step])
  return steps.length ? [...steps] : ['altcha']
}

/** The secret of a step in the chain (server only). */
export function captchaSecret(settings: CaptchaSettings, step: CaptchaStep): string | null {
  return pairs(settings)[step]?.secret ?? null
}

/** The step after `step` in the chain, if any: where a form goes when this one is not enough. */
export function nextStep(chain: HumanCheckVersion[], step: HumanCheckVersion): HumanCheckVersion | undefined {
  const at = chain.indexOf(step)
  return at >= 0 ? chain[at + 1] : undefined
}

/** The chain as the browser needs it: the site keys and scripts of its steps only. */
export function captchaChainView(settings: CaptchaSettings): CaptchaChainView {
  const chain = captchaChain(settings)
  const configured = pairs(settings)
  const siteKeys: CaptchaChainView['siteKeys'] = {}
  for (const step of chain) if (step !== 'altcha') siteKeys[step] = configured[step]!.siteKey
  const scripts: CaptchaChainView['scripts'] = {}
  if (chain.includes('v3') || chain.includes('v2')) scripts.recaptcha = settings.RECAPTCHA_SCRIPT_URL
  if (chain.includes('hcaptcha')) scripts.hcaptcha = settings.HCAPTCHA_SCRIPT_URL
  return { chain, siteKeys, scripts }
}
