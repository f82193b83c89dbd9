import type { ApiFailure } from '@/lib/session.client'
import { realNow } from '@/lib/clock'

/** The browser's offset from UTC as the API wants it: `+0200`. */
export function timezoneOffset(): string {
  const minutes = -realNow().getTimezoneOffset()
  const abs = Math.abs(minutes)
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
}

/**
 * What an auth form says of a refusal: the code's message from the API (the generic one when no
 * answer came), with the wait of TOO_MANY_REQUESTS from `Retry-After`.
 */
export function refusalText(answer: ApiFailure, texts: { retryIn: string; undefinedError: string }): string {
  const message = answer.statusCode === 500 && !answer.code ? texts.undefinedError : answer.message || texts.undefinedError
  const wait = answer.code === 'TOO_MANY_REQUESTS' && typeof answer.retryAfter === 'number' ? ` ${texts.retryIn.replace('{seconds}', String(answer.retryAfter))}` : ''
  return message + wait
}
