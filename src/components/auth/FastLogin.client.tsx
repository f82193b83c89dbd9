'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { apiFetch, storeAccess, type ApiFailure } from '@/lib/session.client'
import { looksLikeEmail } from '@/services/purchase-flow/purchase-state'
import { refusalText, timezoneOffset } from './form-helpers.client'
import { HumanCheck, type HumanCheckHandle, type HumanCheckTexts } from './HumanCheck.client'
import { withHumanCheck } from './human-request'

export type FastLoginTexts = Record<
  'emailLabel' | 'intro' | 'submit' | 'submitting' | 'sent' | 'codeLabel' | 'codeSubmit' | 'newCode' | 'humanCheckLegend' | 'required' | 'invalidEmail' | 'retryIn' | 'undefinedError' | 'notVerified',
  string
>

type Props = {
  locale: string
  texts: FastLoginTexts
  humanCheck: HumanCheckTexts
  /** The address typed in the password form, carried over. */
  initialEmail: string
  /** Where the visitor goes once signed in. */
  destination: () => string
}

type Field = 'email' | 'human' | 'code'

/**
 * Signing in without a password: the address and the human check, then `auth/fastlogin/` e-mails
 * a link and a six-digit code. The code typed here goes to `auth/autologin/` for an access token;
 * the link opens `/fast-login`. Errors show under their field, which takes the focus; nothing typed
 * is cleared.
 */
export function FastLogin({ locale, texts, humanCheck, initialEmail, destination }: Props) {
  const ids = useId()
  const [email, setEmail] = useState(initialEmail)
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [focusField, setFocusField] = useState<{ field: Field } | null>(null)
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})
  const check = useRef<HumanCheckHandle | null>(null)
  const alertRef = useRef<HTMLDivElement | null>(null)

  useEffect(() => {
    if (!focusField) return
    if (focusField.field === 'human') check.current?.focus()
    else fields.current[focusField.field]?.focus()
  }, [focusField])

  const show = (found: Partial<Record<Field, string>>) => {
    setErrors(found)
    const first = (['email', 'human', 'code'] as const).find((field) => found[field])
    if (first) setFocusField({ field: first })
    return Boolean(first)
  }
  const fail = (answer: ApiFailure, field: Field) => {
    const message = refusalText(answer, texts)
    if (answer.statusCode === 400 && answer.field) show({ [answer.field === 'inrecaptcha' ? 'human' : answer.field === 'username' ? 'email' : field]: message })
    else {
      setAlert(message)
      alertRef.current?.focus()
    }
  }

  const send = async () => {
    if (busy) return
    check.current?.arm()
    const address = email.trim().toLowerCase()
    if (show({ email: !address ? texts.required : looksLikeEmail(address) ? undefined : texts.invalidEmail })) return
    setBusy(true)
    setAlert(null)
    try {
      const sent = await withHumanCheck(check.current, (proof) => apiFetch('/api/veilgate/auth/fastlogin/', { body: { username: address, timezone: timezoneOffset(), locale, ...proof } }))
      if (!sent) return void show({ human: texts.notVerified })
      setSentTo(address)
      setCode('')
      setFocusField({ field: 'code' })
    } catch (failure) {
      fail(failure as ApiFailure, 'email')
    } finally {
      // A token is spent with its request: the next send gets a fresh one.
      check.current?.renew()
      setBusy(false)
    }
  }

  const signIn = async () => {
    if (busy || !sentTo) return
    if (show({ code: code.trim() ? undefined : texts.required })) return
    setBusy(true)
    setAlert(null)
    try {
      const { token } = await apiFetch<{ token: string }>('/api/veilgate/auth/autologin/', { body: { username: sentTo, code, locale } })
      storeAccess(token)
      window.location.assign(destination())
    } catch (failure) {
      fail(failure as ApiFailure, 'code')
    } finally {
      setBusy(false)
    }
  }

  const errorId = (field: Field) => `${ids}-${field}-error`
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={errorId(field)} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null
  const aria = (field: Field) => ({ 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errors[field] ? errorId(field) : undefined })
  const inputClass = 'rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700'
  const alertBox = (
    <div ref={alertRef} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700 outline-none" data-fast-login-alert>
      {alert}
    </div>
  )

  if (sentTo)
    return (
      <form
        noValidate
        className="mt-8 grid max-w-md gap-5"
        onSubmit={(event) => {
          event.preventDefault()
          void signIn()
        }}
        data-fast-login-code
      >
        <p role="status" className="font-medium">
          {texts.sent.replace('{email}', sentTo)}
        </p>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-code`} className="text-sm font-medium">
            {texts.codeLabel}
          </label>
          <input
            id={`${ids}-code`}
            ref={(element) => {
              fields.current.code = element
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={code}
            {...aria('code')}
            onChange={(event) => setCode(event.target.value)}
            className={`${inputClass} w-40 tracking-widest`}
          />
          {errorOf('code')}
        </div>
        {alertBox}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" aria-disabled={busy ? true : undefined} className="btn-primary w-fit px-6 py-3 aria-disabled:opacity-60">
            {texts.codeSubmit}
          </button>
          <button type="button" onClick={() => setSentTo(null)} className="text-sm font-medium text-brand-700 underline underline-offset-2">
            {texts.newCode}
          </button>
        </div>
      </form>
    )

  return (
    <form
      noValidate
      className="mt-8 grid max-w-md gap-5"
      onFocus={() => check.current?.arm()}
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
      data-fast-login
    >
      <p className="text-sm text-muted">{texts.intro}</p>
      <div className="grid gap-1">
        <label htmlFor={`${ids}-email`} className="text-sm font-medium">
          {texts.emailLabel}
        </label>
        <input
          id={`${ids}-email`}
          ref={(element) => {
            fields.current.email = element
          }}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          {...aria('email')}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
        />
        {errorOf('email')}
      </div>
      <fieldset className="grid gap-1">
        <legend className="sr-only">{texts.humanCheckLegend}</legend>
        <HumanCheck ref={check} action="fastlogin" locale={locale} texts={humanCheck} invalid={Boolean(errors.human)} describedBy={errors.human ? errorId('human') : undefined} />
        {errorOf('human')}
      </fieldset>
      {alertBox}
      <button type="submit" aria-disabled={busy ? true : undefined} className="btn-primary w-fit px-6 py-3 aria-disabled:opacity-60">
        {busy ? texts.submitting : texts.submit}
      </button>
    </form>
  )
}
