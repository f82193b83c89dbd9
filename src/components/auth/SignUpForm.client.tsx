'use client'

import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { localizePath } from '@/i18n/paths'
import { timezoneOffset } from './form-helpers.client'
import type { HumanCheckHandle, HumanCheckTexts } from './human-check-types'
import { LazyHumanCheck } from './LazyHumanCheck.client'
import type { SignUpField } from './sign-up-flow'
import type { DownloadOffer, GiftCodeTexts, SignUpTexts } from './sign-up-types'
import { StrengthMeter, useStrength } from './strength.client'

export type { DownloadOffer, GiftCodeTexts, SignUpTexts } from './sign-up-types'

type Props = {
  locale: string
  texts: SignUpTexts
  /** Catalogue messages by code (REQUIRED, INVALID_EMAIL, PASSWORD_*, CONFIRM_PASSWORD, TERMS_AGREE, NOT_VERIFIED_CAPTCHA, undefinedError). */
  errors: Record<string, string>
  humanCheck: HumanCheckTexts
  /** The terms checkbox's label, its links to the company site's terms and privacy policy included. */
  termsLabel: ReactNode
  signInHref: string
  /** The download variant offers the visitor's app once the account exists. */
  downloads?: DownloadOffer[]
  /** `/sign-up`: "Have a gift code?", pre-filled from `?code=`. */
  giftCode?: GiftCodeTexts
}

type Field = SignUpField
const fieldOrder: Field[] = ['email', 'password', 'confirmPassword', 'terms', 'code', 'human']

const noChange = () => () => undefined
/** A gift code in the page's address (`/sign-up?code=…`), read once the page runs in the browser. */
const codeOfAddress = () => new URLSearchParams(window.location.search).get('code')?.trim().slice(0, 64) ?? ''
const beforeHydration = () => ''

/** The submit (rules, API call, session) and the done state load on the first focus, not with the page. */
const loadFlow = () => import('./sign-up-flow').then((module) => module.signUpFlow)
const loadDone = () => import('./SignUpDone.client')
const SignUpDone = lazy(() => loadDone().then((module) => ({ default: module.SignUpDone })))

/**
 * The sign-up form of `/sign-up` and of the `signUp` block: e-mail, password with a strength meter,
 * confirmation, terms, marketing consent, the human check, "Create account". The shared schemas
 * of `src/lib/validation/auth.ts` run first; each error shows under its field and the first one
 * takes the focus; nothing typed is cleared. The human check starts on the form's first focus and
 * a submit waits for it.
 */
export function SignUpForm({ locale, texts, errors: messages, humanCheck, termsLabel, signInHref, downloads, giftCode }: Props) {
  const ids = useId()
  const codeInAddress = useSyncExternalStore(noChange, codeOfAddress, beforeHydration)
  const [typedCode, setTypedCode] = useState<string | null>(null)
  const [giftOpen, setGiftOpen] = useState(false)
  const code = typedCode ?? codeInAddress
  const showGift = Boolean(giftCode) && (giftOpen || Boolean(codeInAddress))
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [terms, setTerms] = useState(false)
  const [consent, setConsent] = useState(false)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const strength = useStrength()
  const [focusField, setFocusField] = useState<{ field: Field } | null>(null)
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})
  const check = useRef<HumanCheckHandle | null>(null)
  const alertRef = useRef<HTMLDivElement | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (!focusField) return
    if (focusField.field === 'human') check.current?.focus()
    else fields.current[focusField.field]?.focus()
  }, [focusField])

  /** The first focus anywhere in the form: the rules load and the human check starts solving. */
  const start = () => {
    if (started.current) return
    started.current = true
    void loadFlow().catch(() => undefined)
    void loadDone().catch(() => undefined)
    check.current?.arm()
  }

  const messageOf = (code: string | undefined): string => (code && messages[code]) || messages.undefinedError || ''

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found)
    const first = fieldOrder.find((field) => found[field])
    if (first) setFocusField({ field: first })
    return Boolean(first)
  }

  const submit = async () => {
    if (busy) return
    start()
    setBusy(true)
    setAlert(null)
    try {
      const input = { username: email, password, confirmPassword, terms, marketingConsent: consent, locale, timezone: timezoneOffset(), ...(showGift && code.trim() ? { code } : {}) }
      const step = await loadFlow().then(
        (flow) => flow(input, check.current, messageOf, () => setErrors({})),
        () => ({ alert: messageOf(undefined) }),
      )
      // With a gift code, the new account opens on its subscriptions.
      if ('done' in step && step.redeemed) window.location.assign(localizePath(locale, '/my-account'))
      else if ('done' in step) setDone(step.done)
      else if ('errors' in step) showErrors(step.errors)
      else {
        setAlert(step.alert)
        alertRef.current?.focus()
      }
    } finally {
      setBusy(false)
    }
  }

  if (done)
    return (
      <Suspense fallback={null}>
        <SignUpDone email={done} texts={texts} downloads={downloads} />
      </Suspense>
    )

  const errorId = (field: Field) => `${ids}-${field}-error`
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={errorId(field)} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null
  const aria = (field: Field) => ({ 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errors[field] ? errorId(field) : undefined })
  const inputClass = 'rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700'

  const score = strength.score(password, email)

  return (
    <form
      noValidate
      className="grid max-w-md gap-5"
      onFocus={start}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
      data-sign-up-form
    >
      <div className="grid gap-1">
        <label htmlFor={`${ids}-email`} className="text-sm font-medium">
          {texts.emailLabel}
        </label>
        <input id={`${ids}-email`} ref={(element) => {
            fields.current.email = element
          }} type="email" autoComplete="email" inputMode="email" value={email} {...aria('email')} onChange={(event) => setEmail(event.target.value)} className={inputClass} />
        {errorOf('email')}
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${ids}-password`} className="text-sm font-medium">
          {texts.passwordLabel}
        </label>
        <input
          id={`${ids}-password`}
          ref={(element) => {
            fields.current.password = element
          }}
          type="password"
          autoComplete="new-password"
          value={password}
          {...aria('password')}
          onChange={(event) => {
            strength.start()
            setPassword(event.target.value)
          }}
          className={inputClass}
        />
        <StrengthMeter score={score} texts={texts} />
        {errorOf('password')}
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${ids}-confirm`} className="text-sm font-medium">
          {texts.confirmPasswordLabel}
        </label>
        <input
          id={`${ids}-confirm`}
          ref={(element) => {
            fields.current.confirmPassword = element
          }}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          {...aria('confirmPassword')}
          onChange={(event) => {
            strength.start()
            setConfirmPassword(event.target.value)
          }}
          className={inputClass}
        />
        {errorOf('confirmPassword')}
      </div>
      <div className="grid gap-1">
        <div className="flex items-start gap-2">
          <input id={`${ids}-terms`} ref={(element) => {
            fields.current.terms = element
          }} type="checkbox" checked={terms} {...aria('terms')} onChange={(event) => setTerms(event.target.checked)} className="mt-1 size-4" />
          <label htmlFor={`${ids}-terms`} className="text-sm">
            {termsLabel}
          </label>
        </div>
        {errorOf('terms')}
      </div>
      <div className="grid gap-1">
        <div className="flex items-start gap-2">
          <input id={`${ids}-consent`} type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} className="mt-1 size-4" aria-describedby={`${ids}-no-spam`} />
          <label htmlFor={`${ids}-consent`} className="text-sm">
            {texts.marketingConsent}
          </label>
        </div>
        <p id={`${ids}-no-spam`} className="text-xs text-muted">
          {texts.noSpam}
        </p>
      </div>
      {giftCode && (
        <div className="grid gap-1" data-gift-code>
          <button
            type="button"
            aria-expanded={showGift}
            aria-controls={`${ids}-gift`}
            onClick={() => setGiftOpen(!showGift)}
            className="w-fit text-start text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            {giftCode.toggle}
          </button>
          <div id={`${ids}-gift`} hidden={!showGift} className="grid gap-1">
            <label htmlFor={`${ids}-code`} className="text-sm font-medium">
              {giftCode.label}
            </label>
            <input
              id={`${ids}-code`}
              ref={(element) => {
                fields.current.code = element
              }}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={code}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? `${errorId('code')} ${ids}-gift-hint` : `${ids}-gift-hint`}
              onChange={(event) => setTypedCode(event.target.value)}
              className={inputClass}
            />
            <p id={`${ids}-gift-hint`} className="text-xs text-muted">
              {giftCode.hint}
            </p>
            {errorOf('code')}
          </div>
        </div>
      )}
      <fieldset className="grid gap-1">
        <legend className="sr-only">{texts.humanCheckLegend}</legend>
        <LazyHumanCheck ref={check} action="register" locale={locale} texts={humanCheck} invalid={Boolean(errors.human)} describedBy={errors.human ? errorId('human') : undefined} />
        {errorOf('human')}
      </fieldset>
      <div ref={alertRef} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700 outline-none" data-sign-up-alert>
        {alert}
      </div>
      <button type="submit" aria-disabled={busy ? true : undefined} className="btn-primary w-fit px-6 py-3 aria-disabled:opacity-60">
        {busy ? texts.submitting : texts.submit}
      </button>
      <p className="text-sm">
        {texts.haveAccount}{' '}
        <a href={signInHref} className="font-medium text-brand-700 underline underline-offset-2">
          {texts.signInLink}
        </a>
      </p>
    </form>
  )
}
