// What the newsletter form's result modal says (spec section 7, "Subscribe handling").
import type { ApiFailure } from '@/lib/session.client'

export type SubscribeResultTexts = Record<'successTitle' | 'success' | 'errorTitle' | 'invalidEmail' | 'alreadyExists' | 'undefinedError', string>

export type SubscribeResult = { tone: 'success' | 'error'; title: string; message: string }

/** The address is isolated (FSI … PDI) so it reads whole inside right-to-left sentences. */
const fill = (text: string, email: string) => text.replaceAll('{email}', `\u2068${email}\u2069`)

/** An answer's `errors` as one text: a string as it is, a list or a map of messages joined. */
const errorsText = (errors: unknown): string => {
  if (typeof errors === 'string') return errors.trim()
  const parts = Array.isArray(errors) ? errors : errors && typeof errors === 'object' ? Object.values(errors) : []
  return parts
    .map((part) => (typeof part === 'string' ? part : part && typeof part === 'object' && typeof (part as { message?: unknown }).message === 'string' ? (part as { message: string }).message : ''))
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ')
}

/**
 * The modal after a subscribe request: on success the confirmation with the address the API
 * answered; an error keyed on `username` gives the e-mail message; 409 the "already exists"
 * message with the address; any other answer its `errors` text or `message`; no answer at all
 * (`failure` without a catalogue code or `errors`) the general error.
 */
export function subscribeResult(outcome: { username: string } | { failure: ApiFailure }, email: string, texts: SubscribeResultTexts): SubscribeResult {
  if ('username' in outcome) return { tone: 'success', title: texts.successTitle, message: fill(texts.success, outcome.username || email) }
  const { failure } = outcome
  const error = (message: string): SubscribeResult => ({ tone: 'error', title: texts.errorTitle, message: message || texts.undefinedError })
  if (failure.field === 'username') return error(texts.invalidEmail)
  if (failure.statusCode === 409) return error(fill(texts.alreadyExists, email))
  const listed = errorsText(failure.errors)
  if (listed) return error(listed)
  if (failure.code) return error(failure.message)
  return error(texts.undefinedError)
}
