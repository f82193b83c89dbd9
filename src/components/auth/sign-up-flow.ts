// The sign-up form's submit, loaded on the form's first focus (the form is on many pages; this is not).
import { apiFetch, storeLogin, type ApiFailure } from '@/lib/session.client'
import type { HumanCheckHandle } from './human-check-types'
import { withHumanCheck } from './human-request'
import { loadRules } from './strength.client'

export type SignUpField = 'email' | 'password' | 'confirmPassword' | 'terms' | 'code' | 'human'
/** `code`: a gift or extra-days code to redeem on the new account (`purchase/redeem/`). */
export type SignUpInput = { username: string; password: string; confirmPassword: string; terms: boolean; marketingConsent: boolean; locale: string; timezone: string; code?: string }
/** How a submit ends: errors under fields, one alert for the form, or the account created (its address; `redeemed`: with the code's gift). */
export type SignUpStep = { errors: Partial<Record<SignUpField, string>> } | { alert: string } | { done: string; redeemed?: boolean }

/** The API's field names, as they come back with a refusal. */
const fromApiField: Record<string, SignUpField> = { username: 'email', password: 'password', confirmPassword: 'confirmPassword', terms: 'terms', code: 'code', inrecaptcha: 'human' }

/**
 * The shared rules first (`registerSchema`); with none broken, `onValid()`, then `register/` with
 * the human check's proof (`withHumanCheck`: waited for, one more step if the server asks), or `purchase/redeem/` with a gift code (the account and
 * the code's gift together, or neither). The login is kept on success; a refusal names its field
 * when the API does, and the check is renewed (its token may be spent).
 */
export async function signUpFlow(input: SignUpInput, check: HumanCheckHandle | null, messageOf: (code?: string) => string, onValid: () => void): Promise<SignUpStep> {
  const rules = await loadRules()
  const parsed = rules.registerSchema.safeParse(input)
  if (!parsed.success) {
    const errors: Partial<Record<SignUpField, string>> = {}
    for (const issue of parsed.error.issues) {
      const field = fromApiField[String(issue.path[0])]
      if (field && !errors[field]) errors[field] = messageOf(issue.message)
    }
    if (Object.keys(errors).length) return { errors }
  }
  onValid()
  const username = input.username.trim().toLowerCase()
  const code = input.code?.trim()
  try {
    const sent = await withHumanCheck(check, (proof) => {
      const body = { ...input, username, ...proof }
      return code
        ? apiFetch<{ token: string }>('/api/veilgate/purchase/redeem/', { body: { ...body, code } })
        : apiFetch<{ token: string }>('/api/veilgate/auth/register/', { body: { ...body, code: undefined } })
    })
    if (!sent) return { errors: { human: messageOf('NOT_VERIFIED_CAPTCHA') } }
    storeLogin(sent.answer.token)
    return code ? { done: username, redeemed: true } : { done: username }
  } catch (failure) {
    const answer = failure as ApiFailure
    check?.renew()
    const field = answer.field ? fromApiField[answer.field] : undefined
    const message = answer.statusCode === 500 && !answer.code ? messageOf(undefined) : answer.message || messageOf(answer.code)
    return field ? { errors: { [field]: message } } : { alert: message }
  }
}
