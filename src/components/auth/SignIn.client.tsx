'use client'

import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { localizePath } from '@/i18n/paths'
import { safeNext } from '@/lib/next-path'
import { apiFetch, isSignedIn, storeLogin, type ApiFailure } from '@/lib/session.client'
import { classifyUsername } from '@/lib/validation/account-number'
import { looksLikeEmail } from '@/services/purchase-flow/purchase-state'
import type { FastLoginTexts } from './FastLogin.client'
import { refusalText } from './form-helpers.client'
import type { HumanCheckTexts } from './human-check-types'

export type SignInTexts = Record<'emailLabel' | 'passwordLabel' | 'showPassword' | 'hidePassword' | 'submit' | 'submitting' | 'required' | 'invalidEmail' | 'invalidId' | 'retryIn' | 'undefinedError', string>

type Props = {
  locale: string
  texts: SignInTexts & Record<'linkInstead' | 'passwordInstead', string>
  /** Signing in by a link and code by e-mail instead of the password. */
  fastLogin: { texts: FastLoginTexts; humanCheck: HumanCheckTexts }
}
type Field = 'email' | 'password'

/** The sign-in by e-mail link, with its human check, loads only when the visitor asks for it. */
const FastLogin = lazy(() => import('./FastLogin.client').then((module) => ({ default: module.FastLogin })))

const noChange = () => () => undefined
/** `?by=link` (the "Send the link again" of a purchase without a password) opens the sign-in by e-mail link. */
const linkAsked = () => new URLSearchParams(window.location.search).get('by') === 'link'

/** Where the visitor goes once signed in: a same-site `?next=`, else My account, in this locale. */
const destination = (locale: string) => {
  const next = new URLSearchParams(window.location.search).get('next')
  const target = safeNext(next, '/my-account')
  return localizePath(locale, target)
}

/**
 * The sign-in form: e-mail and password (with show/hide), `auth/login/` through the client session.
 * Each refusal shows its code's message from the API (with the wait for TOO_MANY_REQUESTS); no
 * answer at all shows the generic message. A visitor already signed in goes on at once.
 */
export function SignIn({ locale, texts, fastLogin }: Props) {
  const ids = useId()
  const askedForLink = useSyncExternalStore(noChange, linkAsked, () => false)
  const [chosen, setByLink] = useState<boolean | null>(null)
  const byLink = chosen ?? askedForLink
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [visible, setVisible] = useState(false)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})
  const alertRef = useRef<HTMLDivElement | null>(null)

  useEffect(() => {
    if (isSignedIn()) window.location.replace(destination(locale))
  }, [locale])

  const check = (field: Field, value = field === 'email' ? email : password): string | undefined => {
    if (!value.trim()) return texts.required
    if (field !== 'email') return undefined
    // One field for both: an address, or an account number (digits, spaces and dashes) of 16 digits.
    const name = classifyUsername(value)
    if (name.kind === 'invalid-number') return texts.invalidId
    if (name.kind === 'email' && !looksLikeEmail(name.email)) return texts.invalidEmail
    return undefined
  }

  const submit = async () => {
    if (busy) return
    const found = { email: check('email'), password: check('password') }
    setErrors(found)
    const first = (['email', 'password'] as const).find((field) => found[field])
    if (first) return fields.current[first]?.focus()
    setBusy(true)
    setAlert(null)
    try {
      const { token } = await apiFetch<{ token: string }>('/api/veilgate/auth/login/', { body: { username: email.trim(), password, locale } })
      storeLogin(token)
      window.location.assign(destination(locale))
      return
    } catch (failure) {
      const answer = failure as ApiFailure
      const field = answer.field === 'username' ? 'email' : answer.field === 'password' ? 'password' : null
      const message = refusalText(answer, texts)
      if (field && answer.statusCode === 400) {
        setErrors({ [field]: message })
        fields.current[field]?.focus()
      } else {
        setAlert(message)
        alertRef.current?.focus()
      }
    } finally {
      setBusy(false)
    }
  }

  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${ids}-${field}-error`} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null

  const switchTo = (link: boolean) => (
    <button type="button" onClick={() => setByLink(link)} className="mt-4 text-sm font-medium text-brand-700 underline underline-offset-2" data-sign-in-mode>
      {link ? texts.linkInstead : texts.passwordInstead}
    </button>
  )

  if (byLink)
    return (
      <>
        <Suspense fallback={<p className="mt-8 text-sm text-muted">{fastLogin.texts.intro}</p>}>
          <FastLogin locale={locale} texts={fastLogin.texts} humanCheck={fastLogin.humanCheck} initialEmail={email} destination={() => destination(locale)} />
        </Suspense>
        {switchTo(false)}
      </>
    )

  return (
    <>
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
            ref={(element) => {
              fields.current.email = element
            }}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${ids}-email-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => email && setErrors((current) => ({ ...current, email: check('email') }))}
            className="rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700"
          />
          {errorOf('email')}
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-password`} className="text-sm font-medium">
            {texts.passwordLabel}
          </label>
          <div className="flex gap-2">
            <input
              id={`${ids}-password`}
              ref={(element) => {
                fields.current.password = element
              }}
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? `${ids}-password-error` : undefined}
              onChange={(event) => setPassword(event.target.value)}
              className="min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700"
            />
            <button type="button" aria-pressed={visible} aria-controls={`${ids}-password`} onClick={() => setVisible(!visible)} className="rounded-md border border-line px-3 py-2 text-sm font-medium">
              {visible ? texts.hidePassword : texts.showPassword}
            </button>
          </div>
          {errorOf('password')}
        </div>
        <div ref={alertRef} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700 outline-none" data-sign-in-alert>
          {alert}
        </div>
        <button type="submit" aria-disabled={busy ? true : undefined} className="btn-primary w-fit px-6 py-3 aria-disabled:opacity-60">
          {busy ? texts.submitting : texts.submit}
        </button>
      </form>
      {switchTo(true)}
    </>
  )
}
