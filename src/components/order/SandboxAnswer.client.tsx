'use client'

import { useState } from 'react'
import { localizePath } from '@/i18n/paths'

type Props = {
  /** The sandbox endpoint that records the answer and names the page to go to. */
  endpoint: string
  /** The body's field the answer goes in (`outcome`; the invoice page's is `action`). */
  field?: string
  locale: string
  answers: { outcome: string; label: string; primary?: boolean }[]
  errorText: string
}

/**
 * A sandbox payment page's answers (3-D Secure's Complete / Fail, an approval's Approve / Cancel /
 * Fail, an invoice's Pay in full / Pay less / Let it expire): the chosen one is posted, and the browser goes where the sandbox says (a site page in
 * this language, or a provider's return route as it is).
 */
export function SandboxAnswer({ endpoint, field = 'outcome', locale, answers, errorText }: Props) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const answer = async (outcome: string) => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ [field]: outcome, locale }) })
      const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string }
      if (response.ok && body.url) return window.location.assign(body.url.startsWith('/api/') ? body.url : localizePath(locale, body.url))
      setError(body.message || errorText)
    } catch {
      setError(errorText)
    }
    setBusy(false)
  }
  return (
    <div className="mt-8 grid gap-3">
      <div className="flex flex-wrap gap-3">
        {answers.map(({ outcome, label, primary }) => (
          <button
            key={outcome}
            type="button"
            data-outcome={outcome}
            aria-disabled={busy ? true : undefined}
            onClick={() => void answer(outcome)}
            className={
              primary ? 'rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white aria-disabled:opacity-60' : 'rounded-md border border-line px-5 py-2.5 font-semibold aria-disabled:opacity-60'
            }
          >
            {label}
          </button>
        ))}
      </div>
      <div role="alert" className="text-sm font-medium text-red-700">
        {error}
      </div>
    </div>
  )
}
