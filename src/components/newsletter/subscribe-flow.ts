// The newsletter form's press, after the field is filled: loaded on the form's first focus.
import type { HumanCheckHandle } from '@/components/auth/human-check-types'
import { withHumanCheck } from '@/components/auth/human-request'
import { setLoading, showError, showSuccess } from '@/lib/feedback.client'
import { newsletterEmail } from '@/lib/validation/newsletter'
import { apiFetch, type ApiFailure } from '@/lib/session.client'
import { subscribeResult, type SubscribeResultTexts } from './subscribe-result'

/** What a press ends in: the address refused in place, the human check failed, or the result modal shown. */
export type SubscribeStep = 'invalid' | 'unproven' | 'shown'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The address is checked with the shared rule (lower-cased); the press waits for the human
 * check's proof; one request (`withHumanCheck`: a second step if the server asks for one) to `POST /api/coms/subscribe/` (the site's loader shows while it runs);
 * the check is renewed after any answer, and the answer opens the site's success or error modal,
 * which gives the focus back to `field` when it closes.
 */
export async function subscribeFlow(typed: string, locale: string, check: HumanCheckHandle | null, texts: SubscribeResultTexts, field: HTMLElement | null): Promise<SubscribeStep> {
  const parsed = newsletterEmail.safeParse(typed)
  if (!parsed.success) return 'invalid'
  const address = parsed.data
  let outcome: Parameters<typeof subscribeResult>[0]
  try {
    // The loader shows while a request runs, not while a second step's challenge may be on screen.
    const sent = await withHumanCheck(check, (proof) => {
      setLoading(true)
      return apiFetch<{ username?: unknown }>('/api/coms/subscribe/', { body: { ...proof, username: address, source: 'vpn-site', type: 'common', locale } }).finally(() => setLoading(false))
    })
    if (!sent) return 'unproven'
    outcome = { username: typeof sent.answer.username === 'string' ? sent.answer.username : address }
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
