'use client'

import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { useFieldErrors } from '@/components/account/field-errors.client'
import { apiFetch, storeLogin, type ApiFailure } from '@/lib/session.client'
import { loadRules, StrengthMeter, useStrength, type StrengthTexts } from './strength.client'

export type ResetPasswordTexts = Record<'newPassword' | 'confirmNewPassword' | 'submit' | 'submitting' | 'done' | 'myAccount' | 'expired' | 'linkMissing' | 'requestNewLink', string> & StrengthTexts

type Props = {
  texts: ResetPasswordTexts
  /** Catalogue messages by code (REQUIRED, PASSWORD_*, CONFIRM_PASSWORD, undefinedError). */
  errors: Record<string, string>
  myAccountHref: string
  forgotHref: string
}

type Field = 'password' | 'confirmPassword'
const fieldOrder: Field[] = ['password', 'confirmPassword']

const noChange = () => () => undefined
/** The link's `?token=`; null when the link lost it. */
const tokenOfAddress = () => new URLSearchParams(window.location.search).get('token')?.trim() || null
/** Unknown while the cached HTML is rendered on the server. */
const beforeHydration = () => undefined

/**
 * The password-reset link's page: a new password (with the strength meter) and its confirmation,
 * checked with the shared schema, then `auth/password-reset/confirm/`. Success signs this browser
 * in; a used or expired link says so and leads to a new one. Nothing typed is cleared on a refusal.
 */
export function ResetPassword({ texts, errors: messages, myAccountHref, forgotHref }: Props) {
  const ids = useId()
  const token = useSyncExternalStore(noChange, tokenOfAddress, beforeHydration)
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' })
  const [busy, setBusy] = useState(false)
  const [state, setState] = useState<'form' | 'done' | 'expired'>('form')
  const [alert, setAlert] = useState<string | null>(null)
  const { errors, show, messageOf, fromIssues, register } = useFieldErrors(fieldOrder, messages)
  const strength = useStrength()
  const outcomeRef = useRef<HTMLParagraphElement | null>(null)
  const alertRef = useRef<HTMLDivElement | null>(null)

  useEffect(() => {
    if (state !== 'form') outcomeRef.current?.focus()
  }, [state])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !token) return
    setBusy(true)
    setAlert(null)
    try {
      const input = { token, ...values }
      const rules = await loadRules().catch(() => null)
      const parsed = rules?.passwordResetSchema.safeParse(input)
      if (parsed && !parsed.success) {
        const found = fromIssues(parsed.error.issues)
        if (show(found)) return
        // Only the link itself was refused: the server will say so.
      }
      show({})
      const answer = await apiFetch<{ token: string }>('/api/veilgate/auth/password-reset/confirm/', { body: input })
      storeLogin(answer.token)
      setState('done')
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.code === 'EXPIRED_SESSION') return setState('expired')
      const message = answer.code ? answer.message : messageOf(undefined)
      if (answer.statusCode === 400 && (answer.field === 'password' || answer.field === 'confirmPassword')) show({ [answer.field]: message })
      else {
        setAlert(message)
        alertRef.current?.focus()
      }
    } finally {
      setBusy(false)
    }
  }

  if (token === null || state === 'expired')
    return (
      <div className="mt-8 grid max-w-md gap-4" data-reset-expired>
        <p ref={outcomeRef} tabIndex={-1} role="alert" className="font-medium text-red-700 outline-none">
          {token === null ? texts.linkMissing : texts.expired}
        </p>
        <a href={forgotHref} className="btn-primary w-fit px-6 py-3">
          {texts.requestNewLink}
        </a>
      </div>
    )

  if (state === 'done')
    return (
      <div className="mt-8 grid max-w-md gap-4" data-reset-done>
        <p ref={outcomeRef} tabIndex={-1} role="status" className="text-lg font-semibold outline-none">
          {texts.done}
        </p>
        <a href={myAccountHref} className="btn-primary w-fit px-6 py-3">
          {texts.myAccount}
        </a>
      </div>
    )

  const errorId = (field: Field) => `${ids}-${field}-error`
  const input = (field: Field, label: string, onFirstKey?: () => void) => (
    <div className="grid gap-1">
      <label htmlFor={`${ids}-${field}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${ids}-${field}`}
        ref={register(field)}
        type="password"
        autoComplete="new-password"
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? errorId(field) : undefined}
        onChange={(event) => {
          onFirstKey?.()
          setValues((current) => ({ ...current, [field]: event.target.value }))
        }}
        className="rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700"
      />
      {field === 'password' && <StrengthMeter score={strength.score(values.password, '')} texts={texts} />}
      {errors[field] && (
        <p id={errorId(field)} className="text-sm text-red-700">
          {errors[field]}
        </p>
      )}
    </div>
  )

  return (
    <form noValidate className="mt-8 grid max-w-md gap-5" onSubmit={(event) => void submit(event)} onFocus={() => void loadRules().catch(() => undefined)}>
      {input('password', texts.newPassword, strength.start)}
      {input('confirmPassword', texts.confirmNewPassword, strength.start)}
      <div ref={alertRef} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700 outline-none" data-reset-alert>
        {alert}
      </div>
      <button type="submit" aria-disabled={busy || token === undefined ? true : undefined} className="btn-primary w-fit px-6 py-3 aria-disabled:opacity-60">
        {busy ? texts.submitting : texts.submit}
      </button>
    </form>
  )
}
