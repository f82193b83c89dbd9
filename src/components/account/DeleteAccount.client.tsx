'use client'

import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { apiFetch, clearSession, type ApiFailure } from '@/lib/session.client'

export type DeleteAccountTexts = Record<
  'deleteHeading' | 'deleteText' | 'deleteOpen' | 'deleteDialogTitle' | 'deletePasswordText' | 'deleteEmailText' | 'deleteConfirm' | 'deleteKeep' | 'currentPassword' | 'emailLabel',
  string
>

type Props = {
  hasPassword: boolean
  texts: DeleteAccountTexts
  errors: Record<string, string>
  /** The account is gone: the page says so (the session is already cleared). */
  onDeleted: () => void
  onSignedOut: () => void
}

/**
 * "Delete account": a modal dialog (focus held inside, Escape closes, focus goes back to the
 * button) asks for the password, or for the e-mail address typed out when the account has none,
 * then `account/delete/`. A refusal shows under the field, focused, with what was typed kept.
 */
export function DeleteAccount({ hasPassword, texts, errors: messages, onDeleted, onSignedOut }: Props) {
  const ids = useId()
  const dialog = useRef<HTMLDialogElement | null>(null)
  const field = useRef<HTMLInputElement | null>(null)
  const [opened, setOpened] = useState(0)
  const [value, setValue] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!opened || !dialog.current || dialog.current.open) return
    dialog.current.showModal()
    field.current?.focus()
  }, [opened])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!value.trim()) {
      setError(messages.REQUIRED ?? '')
      field.current?.focus()
      return
    }
    setBusy(true)
    try {
      await apiFetch('/api/veilgate/account/delete/', { body: hasPassword ? { password: value } : { email: value.trim().toLowerCase() } })
      clearSession()
      dialog.current?.close()
      onDeleted()
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.statusCode === 401 && answer.code === 'EXPIRED_SESSION') return onSignedOut()
      setError(answer.code ? answer.message : (messages.undefinedError ?? ''))
      field.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  const inputId = `${ids}-confirm`
  const errorId = `${ids}-error`
  return (
    <>
      <p className="text-muted">{texts.deleteText}</p>
      <button type="button" onClick={() => setOpened((count) => count + 1)} className="w-fit rounded-md border border-red-700 px-4 py-2 font-medium text-red-700">
        {texts.deleteOpen}
      </button>
      <dialog ref={dialog} aria-labelledby={`${ids}-title`} className="m-auto max-w-md rounded-2xl p-6 backdrop:bg-black/40" onClose={() => setError('')}>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" data-delete-account>
          <h2 id={`${ids}-title`} className="text-xl font-bold">
            {texts.deleteDialogTitle}
          </h2>
          <p>{hasPassword ? texts.deletePasswordText : texts.deleteEmailText}</p>
          <div className="grid gap-1">
            <label htmlFor={inputId} className="font-medium">
              {hasPassword ? texts.currentPassword : texts.emailLabel}
            </label>
            <input
              ref={field}
              id={inputId}
              type={hasPassword ? 'password' : 'email'}
              autoComplete={hasPassword ? 'current-password' : 'off'}
              value={value}
              onChange={(event) => {
                setValue(event.target.value)
                setError('')
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="rounded-md border border-line bg-white px-3 py-2 aria-invalid:border-red-700"
            />
            {error && (
              <p id={errorId} className="text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" aria-busy={busy ? true : undefined} className="rounded-md bg-red-700 px-5 py-2.5 font-medium text-white">
              {texts.deleteConfirm}
            </button>
            <button type="button" onClick={() => dialog.current?.close()} className="rounded-md border border-line px-5 py-2.5 font-medium">
              {texts.deleteKeep}
            </button>
          </div>
        </form>
      </dialog>
    </>
  )
}
