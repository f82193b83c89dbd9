'use client'

import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { loadRules, StrengthMeter, useStrength, type StrengthTexts } from '@/components/auth/strength.client'
import { apiFetch, type ApiFailure } from '@/lib/session.client'
import { useFieldErrors } from './field-errors.client'

export type ChangePasswordTexts = Record<'passwordHeading' | 'currentPassword' | 'newPassword' | 'confirmNewPassword' | 'passwordSubmit' | 'passwordChanged', string> & StrengthTexts

type Field = 'password' | 'newPassword' | 'confirmPassword'
const fieldOrder: Field[] = ['password', 'newPassword', 'confirmPassword']

type Props = {
  email: string
  /** An account made at checkout has no password yet: it sets one without the current one. */
  hasPassword: boolean
  texts: ChangePasswordTexts
  /** Catalogue messages by code (REQUIRED, PASSWORD_*, CONFIRM_PASSWORD, INVALID_USERNAME_OR_PASSWORD, …, undefinedError). */
  errors: Record<string, string>
  /** After a change: the other sessions are gone, the list is read again. */
  onChanged: () => void
  onSignedOut: () => void
}

/**
 * Change password: current, new (with the strength meter) and confirmation, checked with the
 * shared schema first, then `auth/change-password/`. Errors show under their field, the first
 * takes the focus, nothing typed is cleared; success says this session stays and the others ended.
 */
export function ChangePassword({ email, hasPassword, texts, errors: messages, onChanged, onSignedOut }: Props) {
  const ids = useId()
  const [values, setValues] = useState<Record<Field, string>>({ password: '', newPassword: '', confirmPassword: '' })
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)
  const { errors, show, messageOf, fromIssues, register } = useFieldErrors(fieldOrder, messages)
  const strength = useStrength()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setDone('')
    try {
      // Without a password yet, the API ignores the current one; the schema still wants a value.
      const input = { password: hasPassword ? values.password : '-', newPassword: values.newPassword }
      const rules = await loadRules().catch(() => null)
      const parsed = rules?.changePasswordSchema.safeParse(input)
      const found = parsed && !parsed.success ? fromIssues(parsed.error.issues) : {}
      if (!found.newPassword && !found.confirmPassword && values.confirmPassword !== values.newPassword) found.confirmPassword = messageOf('CONFIRM_PASSWORD')
      if (show(found)) return
      await apiFetch('/api/veilgate/auth/change-password/', { body: input })
      setValues({ password: '', newPassword: '', confirmPassword: '' })
      setDone(texts.passwordChanged)
      onChanged()
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.statusCode === 401 && answer.code === 'EXPIRED_SESSION') return onSignedOut()
      const message = answer.code ? answer.message : messageOf(undefined)
      const field: Field = answer.field === 'newPassword' || answer.code?.startsWith('PASSWORD_') ? 'newPassword' : 'password'
      show({ [field]: message })
    } finally {
      setBusy(false)
    }
  }

  const errorId = (field: Field) => `${ids}-${field}-error`
  const aria = (field: Field) => ({ 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errors[field] ? errorId(field) : undefined })
  const input = (field: Field, label: string, autoComplete: string, extra?: ReactNode) => (
    <div className="grid gap-1">
      <label htmlFor={`${ids}-${field}`} className="font-medium">
        {label}
      </label>
      <input
        id={`${ids}-${field}`}
        ref={register(field)}
        type="password"
        autoComplete={autoComplete}
        value={values[field]}
        {...aria(field)}
        onChange={(event) => {
          if (field !== 'password') strength.start()
          setValues((current) => ({ ...current, [field]: event.target.value }))
        }}
        className="rounded-md border border-line bg-white px-3 py-2 aria-invalid:border-red-700"
      />
      {extra}
      {errors[field] && (
        <p id={errorId(field)} className="text-sm text-red-700">
          {errors[field]}
        </p>
      )}
    </div>
  )

  return (
    <form noValidate onSubmit={(event) => void submit(event)} onFocus={() => void loadRules().catch(() => undefined)} className="grid max-w-md gap-4" data-change-password>
      {/* The account's e-mail, for password managers. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {hasPassword && input('password', texts.currentPassword, 'current-password')}
      {input('newPassword', texts.newPassword, 'new-password', <StrengthMeter score={strength.score(values.newPassword, email)} texts={texts} />)}
      {input('confirmPassword', texts.confirmNewPassword, 'new-password')}
      <button type="submit" aria-busy={busy ? true : undefined} className="btn-primary w-fit px-5 py-2.5">
        {texts.passwordSubmit}
      </button>
      <p role="status" className="min-h-5 font-medium text-green-800" data-password-done>
        {done}
      </p>
    </form>
  )
}
