// What forms and their human check share: the texts, the handle, and what a solved check hands over.
import type { HumanCheckVersion } from '@/services/human-check/types'
import type { HumanProof } from './captcha-runner.client'

export type { HumanProof } from './captcha-runner.client'

/**
 * The check's texts in the visitor's language (the `Auth` namespace's human-check keys): ALTCHA's
 * widget, and the notices reCAPTCHA and hCaptcha require where they run.
 */
export type HumanCheckTexts = Record<
  'label' | 'verifying' | 'verified' | 'error' | 'expired' | 'waitAlert' | 'verificationRequired' | 'recaptchaNotice' | 'hcaptchaNotice' | 'privacyLink' | 'termsLink',
  string
>

/** What a form does with its check: start it (first focus), wait for the proof, start over after a token was spent. */
export type HumanCheckHandle = {
  arm: () => void
  /**
   * The token and its `version`, waiting while it is worked out; null when the check failed.
   * `from`: the step of the chain to start at (the server's `next` after a low v3 score).
   */
  solution: (from?: HumanCheckVersion) => Promise<HumanProof | null>
  /** A token is used once: after a submit, the check starts over for the next one. */
  renew: () => void
  focus: () => void
}
