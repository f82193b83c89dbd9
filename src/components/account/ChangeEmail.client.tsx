'use client'

import { useId, useState, type FormEvent } from 'react'
import { loadRules } from '@/components/auth/strength.client'
import { apiFetch, type ApiFailure } from '@/lib/session.client'
import { useFieldErrors } from './field-errors.client'

export type ChangeEmailTexts = Record<'changeEmailHeading' | 'newEmailLabel' | 'currentPassword' | 'changeEmailSubmit', string>

type Field = 'email' | 'password'
const fieldOrder: Field[] = ['email', 'password']

type Props = {
  locale: string
  texts: ChangeEmailTexts
  /** Catalogue messages by code (REQUIRED, INVALID_EMAIL, …, undefinedError). */
  errors: Record<string, string>
  /** A link went to `email`: the page shows the change as pending. */
  onRequested: (email: string) => void
  onSignedOut: () => void
}

/**
 * Change e-mail address: the new address and the current password, checked with the shared schema,
 * then `account/email/`. The address in force changes only when the link sent to the new one is
 * followed. Errors show under their field with the focus; nothing typed is lost.
 */
export function ChangeEmail({ locale, texts, errors: messages, onRequested, onSignedOut }: Props) {
  const ids = useId()
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' })
  const [busy, setBusy] = useState(false)
  const { errors, setErrors, show, messageOf, fromIssues, register } = useFieldErrors(fieldOrder, messages)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      const rules = await loadRules().catch(() => null)
      const parsed = rules?.changeEmailSchema.safeParse(values)
      if (parsed && !parsed.success && show(fromIssues(parsed.error.issues))) return
      const answer = await apiFetch<{ pendingEmail: string }>('/api/veilgate/account/email/', { body: { ...values, locale } })
      setErrors({})
      setValues({ email: '', password: '' })
      onRequested(answer.pendingEmail)
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.statusCode === 401 && answer.code === 'EXPIRED_SESSION') return onSignedOut()
      const message = answer.code ? answer.message : messageOf(undefined)
      show({ [answer.field === 'email' ? 'email' : 'password']: message })
    } finally {
      setBusy(false)
    }
  }

  const errorId = (field: Field) => `${ids}-${field}-error`
  const input = (field: Field, label: string, type: string, autoComplete: string) => (
    <div className="grid gap-1">
      <label htmlFor={`${ids}-${field}`} className="font-medium">
        {label}
      </label>
      <input
        id={`${ids}-${field}`}
        ref={register(field)}
        type={type}
        autoComplete={autoComplete}
        {...(type === 'email' ? { inputMode: 'email' as const } : {})}
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? errorId(field) : undefined}
        onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
        className="rounded-md border border-line bg-white px-3 py-2 aria-invalid:border-red-700"
      />
      {errors[field] && (
        <p id={errorId(field)} className="text-sm text-red-700">
          {errors[field]}
        </p>
      )}
    </div>
  )

  return (
    <form noValidate onSubmit={(event) => void submit(event)} onFocus={() => void loadRules().catch(() => undefined)} className="grid gap-4" aria-labelledby={`${ids}-heading`} data-change-email>
      <h3 id={`${ids}-heading`} className="text-lg font-semibold">
        {texts.changeEmailHeading}
      </h3>
      {input('email', texts.newEmailLabel, 'email', 'email')}
      {input('password', texts.currentPassword, 'password', 'current-password')}
      <button type="submit" aria-busy={busy ? true : undefined} className="w-fit rounded-md border border-line px-5 py-2.5 font-medium">
        {texts.changeEmailSubmit}
      </button>
    </form>
  )
}
