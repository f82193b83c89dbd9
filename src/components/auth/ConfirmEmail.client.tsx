'use client'

import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { apiFetch, storeAccess, type ApiFailure } from '@/lib/session.client'

export type ConfirmEmailTexts = Record<'submit' | 'submitting' | 'confirmed' | 'linkMissing' | 'myAccount' | 'undefinedError', string>

type Props = { locale: string; texts: ConfirmEmailTexts; myAccountHref: string }

const noChange = () => () => undefined
/** The link's `?token=`; null when the link lost it. */
const tokenOfAddress = () => new URLSearchParams(window.location.search).get('token')?.trim() || null
/** Unknown while the cached HTML is rendered on the server. */
const beforeHydration = () => undefined

/**
 * The confirmation link's page: one button sends the link's token to `confirm/`. A GET alone
 * confirms nothing, since mail scanners follow links.
 */
export function ConfirmEmail({ locale, texts, myAccountHref }: Props) {
  const token = useSyncExternalStore(noChange, tokenOfAddress, beforeHydration)
  const [busy, setBusy] = useState(false)
  const [confirmed, setConfirmed] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  const doneRef = useRef<HTMLParagraphElement | null>(null)
  const alertRef = useRef<HTMLDivElement | null>(null)

  useEffect(() => {
    if (confirmed) doneRef.current?.focus()
  }, [confirmed])

  const submit = async () => {
    if (busy || !token) return
    setBusy(true)
    setAlert(null)
    try {
      const answer = await apiFetch<{ confirmed: boolean; token?: string }>('/api/veilgate/auth/confirm/', { body: { token, locale } })
      // An account without a password is signed in by its confirmation: "My account" opens it.
      if (answer.token) storeAccess(answer.token)
      setConfirmed(true)
    } catch (failure) {
      const answer = failure as ApiFailure
      setAlert(answer.statusCode === 500 && !answer.code ? texts.undefinedError : answer.message || texts.undefinedError)
      alertRef.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  if (confirmed)
    return (
      <div className="mt-8 grid gap-4" data-confirmed>
        <p ref={doneRef} tabIndex={-1} role="status" className="text-lg font-semibold outline-none">
          {texts.confirmed}
        </p>
        <a href={myAccountHref} className="btn-primary w-fit px-6 py-3">
          {texts.myAccount}
        </a>
      </div>
    )

  return (
    <div className="mt-8 grid gap-4">
      {token === null ? (
        <p role="alert" className="font-medium text-red-700">
          {texts.linkMissing}
        </p>
      ) : (
        <button type="button" onClick={() => void submit()} aria-disabled={busy || token === undefined ? true : undefined} className="btn-primary w-fit px-6 py-3 aria-disabled:opacity-60">
          {busy ? texts.submitting : texts.submit}
        </button>
      )}
      <div ref={alertRef} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700 outline-none" data-confirm-alert>
        {alert}
      </div>
    </div>
  )
}
