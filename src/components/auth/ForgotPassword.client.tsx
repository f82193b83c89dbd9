'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { apiFetch, type ApiFailure } from '@/lib/session.client'
import { looksLikeEmail } from '@/services/purchase-flow/purchase-state'
import { refusalText } from './form-helpers.client'

export type ForgotPasswordTexts = Record<'emailLabel' | 'submit' | 'submitting' | 'sent' | 'backToSignIn' | 'required' | 'invalidEmail' | 'retryIn' | 'undefinedError', string>

type Props = { locale: string; texts: ForgotPasswordTexts; signInHref: string }

/**
 * "Forgot your password?": the address of the account, sent to `auth/password-reset/`. The answer is
 * the same whether or not an account uses it, and so is what the page says afterwards.
 */
export function ForgotPassword({ locale, texts, signInHref }: Props) {
  const ids = useId()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const field = useRef<HTMLInputElement | null>(null)
  const alertRef = useRef<HTMLDivElement | null>(null)
  const sentRef = useRef<HTMLParagraphElement | null>(null)

  useEffect(() => {
    if (sentTo) sentRef.current?.focus()
  }, [sentTo])

  const check = (value: string) => (!value.trim() ? texts.required : looksLikeEmail(value.trim().toLowerCase()) ? null : texts.invalidEmail)

  const submit = async () => {
    if (busy) return
    const found = check(email)
    setError(found)
    if (found) return field.current?.focus()
    setBusy(true)
    setAlert(null)
    const username = email.trim().toLowerCase()
    try {
      await apiFetch('/api/veilgate/auth/password-reset/', { body: { username, locale } })
      setSentTo(username)
    } catch (failure) {
      const answer = failure as ApiFailure
      const message = refusalText(answer, texts)
      if (answer.field === 'username' && answer.statusCode === 400) {
        setError(message)
        field.current?.focus()
      } else {
        setAlert(message)
        alertRef.current?.focus()
      }
    } finally {
      setBusy(false)
    }
  }

  if (sentTo)
    return (
      <div className="mt-8 grid max-w-md gap-4" data-reset-sent>
        <p ref={sentRef} tabIndex={-1} role="status" className="text-lg font-semibold outline-none">
          {texts.sent.replace('{email}', sentTo)}
        </p>
        <a href={signInHref} className="font-medium text-brand-700 underline underline-offset-2">
          {texts.backToSignIn}
        </a>
      </div>
    )

  const errorId = `${ids}-email-error`
  return (
    <form
      noValidate
      className="mt-8 grid max-w-md gap-5"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={`${ids}-email`} className="text-sm font-medium">
          {texts.emailLabel}
        </label>
        <input
          id={`${ids}-email`}
          ref={field}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setEmail(event.target.value)}
          className="rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700"
        />
        {error && (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div ref={alertRef} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700 outline-none" data-reset-alert>
        {alert}
      </div>
      <button type="submit" aria-disabled={busy ? true : undefined} className="btn-primary w-fit px-6 py-3 aria-disabled:opacity-60">
        {busy ? texts.submitting : texts.submit}
      </button>
      <a href={signInHref} className="text-sm font-medium text-brand-700 underline underline-offset-2">
        {texts.backToSignIn}
      </a>
    </form>
  )
}
