'use client'

import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { localizePath } from '@/i18n/paths'
import { safeNext } from '@/lib/next-path'
import { apiFetch, storeAccess, type ApiFailure } from '@/lib/session.client'

export type LinkSignInTexts = Record<'button' | 'signingIn' | 'expired' | 'linkMissing' | 'signInAgain' | 'undefinedError', string>

type Props = {
  locale: string
  texts: LinkSignInTexts
  /** The sign-in page, offered when the link no longer works. */
  signInHref: string
  /**
   * `button`: the e-mail's link waits for a press (mail scanners follow links); `auto`: a link an
   * app opened signs in at once.
   */
  mode: 'button' | 'auto'
}

const noChange = () => () => undefined
/** The link's `?token=`; null when the link lost it. */
const tokenOfAddress = () => new URLSearchParams(window.location.search).get('token')?.trim() || null
/** Unknown while the cached HTML is rendered on the server. */
const beforeHydration = () => undefined

/**
 * A one-time sign-in link's page (`/fast-login` from the e-mail, `/autologin` from an app): the
 * token goes to `auth/autologin/` for an access token, then on to `?next=` (a path on this site)
 * or My account. A used or expired link says so and offers the sign-in page.
 */
export function LinkSignIn({ locale, texts, signInHref, mode }: Props) {
  const token = useSyncExternalStore(noChange, tokenOfAddress, beforeHydration)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const started = useRef(false)
  const failureRef = useRef<HTMLParagraphElement | null>(null)

  const signIn = async (value: string) => {
    setBusy(true)
    setFailure(null)
    try {
      const answer = await apiFetch<{ token: string }>('/api/veilgate/auth/autologin/', { body: { token: value, locale } })
      storeAccess(answer.token)
      const next = new URLSearchParams(window.location.search).get('next')
      window.location.replace(localizePath(locale, safeNext(next, '/my-account')))
    } catch (error) {
      const answer = error as ApiFailure
      setFailure(answer.code === 'EXPIRED_SESSION' ? texts.expired : answer.statusCode === 500 && !answer.code ? texts.undefinedError : answer.message || texts.undefinedError)
      setBusy(false)
    }
  }

  useEffect(() => {
    if (mode !== 'auto' || !token || started.current) return
    started.current = true
    void signIn(token)
    // signIn reads only stable props; the link is exchanged once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, token])

  useEffect(() => {
    if (failure) failureRef.current?.focus()
  }, [failure])

  if (token === null || failure)
    return (
      <div className="mt-8 grid max-w-md gap-4" data-link-failed>
        <p ref={failureRef} tabIndex={-1} role="alert" className="font-medium text-red-700 outline-none">
          {token === null ? texts.linkMissing : failure}
        </p>
        <a href={signInHref} className="btn-primary w-fit px-6 py-3">
          {texts.signInAgain}
        </a>
      </div>
    )

  if (mode === 'auto')
    return (
      <p role="status" className="mt-8 text-lg font-semibold" data-link-signing-in>
        {texts.signingIn}
      </p>
    )

  return (
    <div className="mt-8">
      <button type="button" onClick={() => token && void signIn(token)} aria-disabled={busy || token === undefined ? true : undefined} className="btn-primary w-fit px-6 py-3 aria-disabled:opacity-60">
        {busy ? texts.signingIn : texts.button}
      </button>
    </div>
  )
}
