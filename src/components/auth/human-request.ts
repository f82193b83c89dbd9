// A form's request with its human check: the proof added, and one more try at the step the server names.
import type { ApiFailure } from '@/lib/session.client'
import type { HumanCheckHandle, HumanProof } from './human-check-types'

/**
 * Waits for the check's proof and sends the form's request with it (`send(proof)`). When the
 * server answers `NOT_VERIFIED_CAPTCHA` with `next` (a reCAPTCHA v3 score below the minimum),
 * that step runs and the request goes once more. Null when the check gave no proof (it could not
 * load or was not solved): the form says "Not verified Captcha" under the check. Other refusals
 * reject as `ApiFailure`, as `apiFetch` gives them.
 */
export async function withHumanCheck<T>(check: HumanCheckHandle | null | undefined, send: (proof: HumanProof) => Promise<T>): Promise<{ answer: T } | null> {
  const proof = await check?.solution()
  if (!proof) return null
  try {
    return { answer: await send(proof) }
  } catch (failure) {
    const next = (failure as ApiFailure).code === 'NOT_VERIFIED_CAPTCHA' ? (failure as ApiFailure).next : undefined
    if (typeof next !== 'string' || next === proof.version) throw failure
    const stronger = await check?.solution(next as HumanProof['version'])
    if (!stronger) return null
    return { answer: await send(stronger) }
  }
}
