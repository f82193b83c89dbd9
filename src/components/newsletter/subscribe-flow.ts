// The newsletter form's press, after the field is filled: loaded on the form's first focus.
import type { HumanCheckHandle } from '@/components/auth/HumanCheck.client'
import { newsletterEmail } from '@/lib/validation/newsletter'
import { apiFetch, type ApiFailure } from '@/lib/session.client'
import { subscribeResult, type SubscribeResult, type SubscribeResultTexts } from './subscribe-result'

/** What a press ends in: the address refused in place, the human check failed, or the modal's result. */
export type SubscribeStep = 'invalid' | 'unproven' | SubscribeResult

/**
 * The address is checked with the shared rule (lower-cased); the press waits for the human
 * check's token; one request to `POST /api/coms/subscribe/`; the check is renewed after any answer.
 */
export async function subscribeFlow(typed: string, locale: string, check: HumanCheckHandle | null, texts: SubscribeResultTexts): Promise<SubscribeStep> {
  const parsed = newsletterEmail.safeParse(typed)
  if (!parsed.success) return 'invalid'
  const address = parsed.data
  const token = await check?.solution()
  if (!token) return 'unproven'
  let outcome: Parameters<typeof subscribeResult>[0]
  try {
    const answer = await apiFetch<{ username?: unknown }>('/api/coms/subscribe/', { body: { inrecaptcha: token, version: 'altcha', username: address, source: 'vpn-site', type: 'common', locale } })
    outcome = { username: typeof answer.username === 'string' ? answer.username : address }
  } catch (failure) {
    outcome = { failure: failure as ApiFailure }
  }
  // A token is spent by any answer: the next press gets a fresh one.
  check?.renew()
  return subscribeResult(outcome, address, texts)
}
