// hCaptcha, verified on the server at HCAPTCHA_VERIFY_URL.
import type { HumanCheckProvider, HumanCheckResult } from './types'
import { ownHost, siteverify, type SiteverifyAnswer, type SiteverifyOptions } from './siteverify'

/** A success solved on this site; a reused token answers `invalid-or-already-seen-response`. */
export function hcaptchaOutcome(answer: SiteverifyAnswer | null, hosts: Set<string>): HumanCheckResult {
  return { ok: Boolean(answer?.success) && ownHost(answer!, hosts) }
}

export type HcaptchaSetup = { siteKey: string; secret: string; verifyUrl: string; hosts: Set<string> } & SiteverifyOptions

/** hCaptcha: `secret`, `response`, `remoteip` and `sitekey` to siteverify, then `hcaptchaOutcome()`. */
export function hcaptchaProvider(setup: HcaptchaSetup): HumanCheckProvider {
  return {
    id: 'hcaptcha',
    async verify(token, context) {
      const answer = await siteverify(setup.verifyUrl, { secret: setup.secret, response: token, remoteip: context.ip, sitekey: setup.siteKey }, setup)
      return hcaptchaOutcome(answer, setup.hosts)
    },
  }
}
