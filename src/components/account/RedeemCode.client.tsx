'use client'

import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { apiFetch, type ApiFailure } from '@/lib/session.client'
import type { Redemption } from '@/services/account/redeem'
import type { CodeLookup } from '@/services/catalog/codes'
import { fill } from './fill'

export type RedeemTexts = Record<
  | 'redeemHeading'
  | 'redeemLabel'
  | 'redeemButton'
  | 'redeemChecking'
  | 'redeemGivesPlan'
  | 'redeemGivesDays'
  | 'redeemGivesDiscount'
  | 'redeemAddedPlan'
  | 'redeemAddedDays'
  | 'invalidCode'
  | 'undefinedError',
  string
>

type Props = {
  locale: string
  tag: string
  texts: RedeemTexts
  /** After a redemption: the account is read again, so the new end date shows. */
  onRedeemed: () => void
  /** A 401 from the API: the session ended. */
  onSignedOut: () => void
}

/** Typing stops this long before the code is looked up. */
const PREVIEW_DELAY_MS = 350
const MIN_LENGTH = 3

/**
 * "Redeem a gift or bonus code": as the code is typed it says what the code gives (redeem-code/,
 * which redeems nothing), and "Redeem" posts it to redeem-gift/, then says what was added or
 * gives the code's message under the field, keeping what was typed.
 */
export function RedeemCode({ locale, tag, texts, onRedeemed, onSignedOut }: Props) {
  const ids = useId()
  const [code, setCode] = useState('')
  /** What the typed code gives, or why it gives nothing; `checking` while it is looked up. */
  const [preview, setPreview] = useState<{ found: CodeLookup } | { message: string } | { checking: true } | null>(null)
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement | null>(null)
  /** Only the newest lookup may write the preview. */
  const latest = useRef(0)

  const days = (count: number) => new Intl.NumberFormat(tag, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(count)
  const date = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date(iso))
  const list = (items: string[]) => new Intl.ListFormat(tag, { type: 'conjunction' }).format(items)

  const describe = (found: CodeLookup) => {
    if (found.type === 'gift') return fill(texts.redeemGivesPlan, { items: list([found.planTitle, ...found.addOnTitles]) })
    if (found.effect.type === 'days') return fill(texts.redeemGivesDays, { days: days(found.effect.value) })
    const amount =
      found.effect.type === 'percent'
        ? new Intl.NumberFormat(tag, { style: 'percent' }).format(found.effect.value / 100)
        : new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(found.effect.value / 100)
    return fill(texts.redeemGivesDiscount, { amount })
  }

  useEffect(() => {
    const typed = code.trim()
    const ticket = ++latest.current
    if (typed.length < MIN_LENGTH) return
    const timer = setTimeout(() => {
      if (ticket !== latest.current) return
      setPreview({ checking: true })
      apiFetch<CodeLookup>('/api/veilgate/sales/redeem-code/', { query: { code: typed, locale } })
        .then((found) => {
          if (ticket === latest.current) setPreview({ found })
        })
        .catch((failure: ApiFailure) => {
          if (ticket === latest.current) setPreview(failure.code ? { message: failure.message } : null)
        })
    }, PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
    // The lookup follows the typed code only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const typed = code.trim()
    setDone('')
    if (!typed) {
      setError(texts.invalidCode)
      input.current?.focus()
      return
    }
    setBusy(true)
    try {
      const result = await apiFetch<Redemption>('/api/veilgate/sales/redeem-gift/', { body: { code: typed, locale } })
      const gift = preview && 'found' in preview && preview.found.type === 'gift' && preview.found.code === result.code ? preview.found : null
      latest.current++
      setError('')
      setPreview(null)
      setCode('')
      const until = date(result.subscription.currentPeriodEnd)
      setDone(
        result.added.plan
          ? fill(texts.redeemAddedPlan, { items: gift ? list([gift.planTitle, ...gift.addOnTitles]) : result.added.plan, date: until })
          : fill(texts.redeemAddedDays, { days: days(result.added.days), date: until }),
      )
      onRedeemed()
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.statusCode === 401) return onSignedOut()
      setError(answer.code ? answer.message : texts.undefinedError)
      input.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  const inputId = `${ids}-code`
  const errorId = `${ids}-error`
  const previewId = `${ids}-preview`
  return (
    <section aria-labelledby={`${ids}-heading`} className="grid gap-3">
      <h2 id={`${ids}-heading`} className="text-2xl font-bold">
        {texts.redeemHeading}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid max-w-xl gap-2" data-redeem>
        <label htmlFor={inputId} className="font-medium">
          {texts.redeemLabel}
        </label>
        <div className="flex flex-wrap gap-3">
          <input
            ref={input}
            id={inputId}
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            value={code}
            onChange={(event) => {
              setCode(event.target.value)
              setError('')
              if (event.target.value.trim().length < MIN_LENGTH) setPreview(null)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : null, previewId].filter(Boolean).join(' ')}
            className="min-w-0 flex-1 rounded-md border border-line px-3 py-2 font-mono uppercase aria-[invalid=true]:border-red-700"
          />
          <button type="submit" aria-busy={busy ? true : undefined} className="btn-primary px-5 py-2">
            {texts.redeemButton}
          </button>
        </div>
        {error && (
          <p id={errorId} className="text-sm font-medium text-red-700" data-redeem-error>
            {error}
          </p>
        )}
        <p id={previewId} role="status" className="min-h-5 text-sm text-muted" data-redeem-preview>
          {error || !preview ? '' : 'found' in preview ? describe(preview.found) : 'message' in preview ? preview.message : texts.redeemChecking}
        </p>
        <p role="status" className="min-h-5 font-medium text-green-800" data-redeem-done>
          {done}
        </p>
      </form>
    </section>
  )
}
