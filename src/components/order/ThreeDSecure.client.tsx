'use client'

import { useState } from 'react'
import { localizePath } from '@/i18n/paths'

type Props = { reference: string; locale: string; texts: { complete: string; fail: string; error: string } }

/** The challenge's two answers; the sandbox records the chosen one and names the page to go back to. */
export function ThreeDSecure({ reference, locale, texts }: Props) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const answer = async (outcome: 'complete' | 'fail') => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const response = await fetch(`/api/payments/sandbox/3ds/${reference}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome, locale }) })
      const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string }
      if (response.ok && body.url) return window.location.assign(localizePath(locale, body.url))
      setError(body.message || texts.error)
    } catch {
      setError(texts.error)
    }
    setBusy(false)
  }
  return (
    <div className="mt-8 grid gap-3">
      <div className="flex flex-wrap gap-3">
        <button type="button" aria-disabled={busy ? true : undefined} onClick={() => void answer('complete')} className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white aria-disabled:opacity-60">
          {texts.complete}
        </button>
        <button type="button" aria-disabled={busy ? true : undefined} onClick={() => void answer('fail')} className="rounded-md border border-line px-5 py-2.5 font-semibold aria-disabled:opacity-60">
          {texts.fail}
        </button>
      </div>
      <div role="alert" className="text-sm font-medium text-red-700">
        {error}
      </div>
    </div>
  )
}
