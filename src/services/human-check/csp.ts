// The policy sources the configured captcha providers need (their scripts, frames, styles, calls).
import { noThirdParty, type ThirdPartySources } from '@/lib/security/headers'
import { captchaChain, type CaptchaSettings } from './chain'

const HCAPTCHA_DEFAULT = 'https://js.hcaptcha.com'

/** A script URL's source: its origin with `/recaptcha/` when the script lives there (Google's hosts), else the origin. */
function recaptchaBase(scriptUrl: string): string {
  const url = new URL(scriptUrl)
  return url.pathname.startsWith('/recaptcha/') ? `${url.origin}/recaptcha/` : url.origin
}

/**
 * Only for providers in the chain, never `'unsafe-inline'` (Google's and hCaptcha's CSP guides):
 * reCAPTCHA's script and frames under `/recaptcha/` of www.google.com and www.gstatic.com, its
 * frame on recaptcha.google.com; hCaptcha's hosts in script, frame, style and connect. A
 * configured script URL's origin (www.recaptcha.net, a mirror of hCaptcha) replaces the default.
 */
export function captchaSources(settings: CaptchaSettings): ThirdPartySources {
  const chain = captchaChain(settings)
  const sources: ThirdPartySources = { script: [], style: [], img: [], connect: [], frame: [] }
  if (chain.includes('v3') || chain.includes('v2')) {
    const base = recaptchaBase(settings.RECAPTCHA_SCRIPT_URL)
    sources.script.push(base, 'https://www.gstatic.com/recaptcha/')
    sources.frame.push(base, 'https://www.gstatic.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/')
  }
  if (chain.includes('hcaptcha')) {
    const origin = new URL(settings.HCAPTCHA_SCRIPT_URL).origin
    const hosts = origin === HCAPTCHA_DEFAULT ? ['https://hcaptcha.com', 'https://*.hcaptcha.com'] : [origin]
    for (const key of ['script', 'frame', 'style', 'connect'] as const) sources[key].push(...hosts)
  }
  return sources.script.length ? sources : noThirdParty
}
