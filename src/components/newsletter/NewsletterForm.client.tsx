'use client'

import { useId, useRef, useState, type FormEvent } from 'react'
import type { HumanCheckHandle, HumanCheckTexts } from '@/components/auth/human-check-types'
import { LazyHumanCheck } from '@/components/auth/LazyHumanCheck.client'
import { showError } from '@/lib/feedback.client'
import type { SubscribeResultTexts } from './subscribe-result'

export type NewsletterFormTexts = SubscribeResultTexts & Record<'emailLabel' | 'consent' | 'submit' | 'proveHuman' | 'humanCheckLegend', string>

type Props = {
  locale: string
  texts: NewsletterFormTexts
  humanCheck: HumanCheckTexts
  /** `footer` on the dark footer, `block` on a page's light background. */
  tone: 'footer' | 'block'
}

/**
 * What the form does beyond showing itself (the address rule, the API call and the result rules),
 * fetched on its first focus: the first load of every page (the form is in every footer) carries
 * only the form. The result shows in the site's success or error modal.
 */
const loadFlow = () => import('./subscribe-flow').then((module) => module.subscribeFlow)

/**
 * The newsletter sign-up (spec section 4, "Subscribe form"): idle → e-mail check → human check →
 * request → result modal → input cleared. An empty field does nothing; an invalid address is
 * told under the field and sends nothing; the human check starts on the form's first focus and a
 * press waits for it; one press sends one request. The modal always opens after a request and
 * gives the focus back to the field when it closes.
 */
export function NewsletterForm({ locale, texts, humanCheck, tone }: Props) {
  const ids = useId()
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [unproven, setUnproven] = useState(false)
  const [busy, setBusy] = useState(false)
  const started = useRef(false)
  const field = useRef<HTMLInputElement | null>(null)
  const check = useRef<HumanCheckHandle | null>(null)
  /** Set at once on a press (state lands a render later): a second press while busy sends nothing. */
  const pending = useRef(false)

  /** The first focus anywhere in the form: its parts load and the human check starts solving. */
  const start = () => {
    if (started.current) return
    started.current = true
    check.current?.arm()
    void loadFlow().catch(() => undefined)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending.current) return
    const typed = email.trim()
    if (!typed) return
    pending.current = true
    setBusy(true)
    start()
    try {
      const step = await loadFlow().then(
        (flow) => flow(typed, locale, check.current, texts, field.current),
        () => 'unloaded' as const,
      )
      setInvalid(step === 'invalid')
      setUnproven(step === 'unproven')
      if (step === 'invalid') field.current?.focus()
      else if (step === 'unproven') check.current?.focus()
      // Nothing could be sent: the address stays for the next try.
      else if (step === 'unloaded') showError(texts.undefinedError, { title: texts.errorTitle, returnFocus: field.current })
      else setEmail('')
    } finally {
      pending.current = false
      setBusy(false)
    }
  }

  const dark = tone === 'footer'
  const errorClass = dark ? 'text-sm text-red-300' : 'text-sm text-red-700'
  const inputId = `${ids}-email`
  const errorId = `${ids}-error`
  const consentId = `${ids}-consent`
  const humanErrorId = `${ids}-human-error`
  return (
    <>
      <form noValidate method="post" className={`grid gap-3 text-start ${dark ? 'max-w-80' : 'mx-auto max-w-md'}`} onFocus={start} onSubmit={(event) => void submit(event)} data-newsletter-form={tone} data-island="">
        <label htmlFor={inputId} className={`text-sm font-medium ${dark ? 'text-white' : ''}`}>
          {texts.emailLabel}
        </label>
        <input
          ref={field}
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            setInvalid(false)
          }}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${errorId} ${consentId}` : consentId}
          className="w-full rounded-md border border-line bg-white px-3 py-2 text-base text-ink aria-invalid:border-red-700"
        />
        {invalid && (
          <p id={errorId} className={errorClass}>
            {texts.invalidEmail}
          </p>
        )}
        <fieldset className="grid gap-1">
          <legend className="sr-only">{texts.humanCheckLegend}</legend>
          <LazyHumanCheck ref={check} action="subscribe" locale={locale} texts={humanCheck} invalid={unproven} describedBy={unproven ? humanErrorId : undefined} />
          {unproven && (
            <p id={humanErrorId} className={errorClass}>
              {texts.proveHuman}
            </p>
          )}
        </fieldset>
        <p id={consentId} className={`text-xs ${dark ? 'text-white/70' : 'text-muted'}`}>
          {texts.consent}
        </p>
        <button type="submit" aria-busy={busy ? true : undefined} className="btn-primary w-fit px-5 py-2.5 aria-busy:opacity-70">
          {texts.submit}
        </button>
      </form>
    </>
  )
}
