'use client'

import { useRef, useState } from 'react'
import type { StrengthEstimate } from '@/lib/validation/auth'

export type StrengthTexts = Record<'strength' | 'strength0' | 'strength1' | 'strength2' | 'strength3' | 'strength4', string>

type Rules = typeof import('@/lib/validation/auth')
let rulesLoading: Promise<Rules> | null = null

/** The shared schemas (and zod with them) load when a form is first used, not with the page. */
export function loadRules(): Promise<Rules> {
  rulesLoading ??= import('@/lib/validation/auth').catch((error: unknown) => {
    rulesLoading = null
    throw error
  })
  return rulesLoading
}

/**
 * The strength estimator for a form: `start()` on the first keystroke in a password field loads
 * the dictionaries (never in the first-load JavaScript) and installs them in the shared schemas;
 * `score()` is null until then.
 */
export function useStrength() {
  const [estimate, setEstimate] = useState<{ run: StrengthEstimate; inputs: (email: string) => string[] } | null>(null)
  const started = useRef(false)
  const start = () => {
    if (started.current) return
    started.current = true
    void Promise.all([import('@/lib/validation/strength'), loadRules()])
      .then(async ([strength, rules]) => {
        const run = await strength.ensureStrengthEstimate()
        // The schemas this form runs get the estimator too (a bundle may hold its own copy of them).
        rules.setStrengthEstimate(run)
        setEstimate({ run, inputs: rules.ownerInputs })
      })
      .catch(() => {
        started.current = false
      })
  }
  const score = (password: string, email: string) => (estimate && password ? estimate.run(password, estimate.inputs(email.trim().toLowerCase())) : null)
  return { start, score }
}

/** Four bars and the verdict in words, announced politely (never colour alone). */
export function StrengthMeter({ score, texts }: { score: number | null; texts: StrengthTexts }) {
  const verdict = score === null ? '' : texts.strength.replace('{verdict}', texts[`strength${Math.max(0, Math.min(4, score)) as 0 | 1 | 2 | 3 | 4}`])
  return (
    <>
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((step) => (
          <span key={step} className={`h-1 flex-1 rounded-full ${score !== null && score > step ? (score >= 3 ? 'bg-green-700' : 'bg-amber-600') : 'bg-line'}`} />
        ))}
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-muted" data-strength={score ?? undefined}>
        {verdict}
      </p>
    </>
  )
}
