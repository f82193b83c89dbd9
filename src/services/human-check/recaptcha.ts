// reCAPTCHA v3 and v2 invisible, verified on the server at RECAPTCHA_VERIFY_URL.
import type { HumanCheckProvider, HumanCheckResult, HumanCheckVersion } from './types'
import { ownHost, siteverify, type SiteverifyAnswer, type SiteverifyOptions } from './siteverify'

export type RecaptchaExpectation = { step: 'v3' | 'v2'; action: string; hosts: Set<string>; minScore: number; next?: HumanCheckVersion }

/**
 * What an answer means: it must be a success (a reused token answers `timeout-or-duplicate`)
 * solved on this site; v3 also for the form's own action, with a score of at least the minimum.
 * Below it, the form may go on to the next step of the chain (`next`).
 */
export function recaptchaOutcome(answer: SiteverifyAnswer | null, expect: RecaptchaExpectation): HumanCheckResult {
  if (!answer?.success || !ownHost(answer, expect.hosts)) return { ok: false }
  if (expect.step === 'v2') return { ok: true }
  if (answer.action !== expect.action || typeof answer.score !== 'number') return { ok: false }
  if (answer.score >= expect.minScore) return { ok: true }
  return expect.next ? { ok: false, next: expect.next } : { ok: false }
}

export type RecaptchaSetup = { step: 'v3' | 'v2'; secret: string; verifyUrl: string; hosts: Set<string>; minScore: number; next?: HumanCheckVersion } & SiteverifyOptions

/** A reCAPTCHA step: `secret`, `response`, `remoteip` to siteverify, then `recaptchaOutcome()`. */
export function recaptchaProvider(setup: RecaptchaSetup): HumanCheckProvider {
  return {
    id: setup.step,
    async verify(token, context) {
      const answer = await siteverify(setup.verifyUrl, { secret: setup.secret, response: token, remoteip: context.ip }, setup)
      return recaptchaOutcome(answer, { step: setup.step, action: context.action, hosts: setup.hosts, minScore: setup.minScore, next: setup.next })
    },
  }
}
