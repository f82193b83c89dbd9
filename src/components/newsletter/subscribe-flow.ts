// The newsletter form's press, after the field is filled: loaded on the form's first focus.
import type { HumanCheckHandle } from '@/components/auth/HumanCheck.client'
import { setLoading, showError, showSuccess } from '@/lib/feedback.client'
import { newsletterEmail } from '@/lib/validation/newsletter'
import { apiFetch, type ApiFailure } from '@/lib/session.client'
import { subscribeResult, type SubscribeResultTexts } from './subscribe-result'

/** What a press ends in: the address refused in place, the human check failed, or the result modal shown. */
export type SubscribeStep = 'invalid' | 'unproven' | 'shown'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The address is checked with the shared rule (lower-cased); the press waits for the human
 * check's token; one request to `POST /api/coms/subscribe/` (the site's loader shows while it runs);
 * the check is renewed after any answer, and the answer opens the site's success or error modal,
 * which gives the focus back to `field` when it closes.
 */
export async function subscribeFlow(typed: string, locale: string, check: HumanCheckHandle | null, texts: SubscribeResultTexts, field: HTMLElement | null): Promise<SubscribeStep> {
  const parsed = newsletterEmail.safeParse(typed)
  if (!parsed.success) return 'invalid'
  const address = parsed.data
  const token = await check?.solution()
  if (!token) return 'unproven'
  let outcome: Parameters<typeof subscribeResult>[0]
  setLoading(true)
  try {
    const answer = await apiFetch<{ username?: unknown }>('/api/coms/subscribe/', { body: { inrecaptcha: token, version: 'altcha', username: address, source: 'vpn-site', type: 'common', locale } })
    outcome = { username: typeof answer.username === 'string' ? answer.username : address }
  } catch (failure) {
    outcome = { failure: failure as ApiFailure }
  } finally {
    setLoading(false)
  }
  // A token is spent by any answer: the next press gets a fresh one.
  check?.renew()
  const result = subscribeResult(outcome, address, texts)
  if (result.tone === 'success') showSuccess(result.title, escapeHtml(result.message), { returnFocus: field })
  else showError(result.message, { title: result.title, returnFocus: field })
  return 'shown'
}
