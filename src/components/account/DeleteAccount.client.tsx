'use client'

import { useId, useRef, useState, type FormEvent } from 'react'
import { Modal } from '@/components/ui/Modal.client'
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
  const field = useRef<HTMLInputElement | null>(null)
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

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
      setOpen(false)
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
      <button type="button" onClick={() => setOpen(true)} className="w-fit rounded-md border border-red-700 px-4 py-2 font-medium text-red-700">
        {texts.deleteOpen}
      </button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false)
          setError('')
        }}
        title={texts.deleteDialogTitle}
        message={hasPassword ? texts.deletePasswordText : texts.deleteEmailText}
        initialFocus={field}
        name="delete-account"
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" data-delete-account>
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
            <button type="button" onClick={() => setOpen(false)} className="rounded-md border border-line px-5 py-2.5 font-medium">
              {texts.deleteKeep}
            </button>
          </div>
        </form>
      </Modal>
    </>
  )
}
