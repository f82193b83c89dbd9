'use client'

import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { localizePath } from '@/i18n/paths'
import type { PickerData } from '@/services/purchase-flow/picker'
import { cardComplete, cardLabel, formatCardNumber, formatExpiry, parseExpiry, payHint, stageOf, type CardFields, type HintKey } from '@/services/purchase-flow/checkout-rules'
import { restoreTyped, retryKey, typedFields, typedKey } from '@/services/purchase-flow/checkout-storage'
import { apiFetch, isSignedIn, logout, onSessionChange, storeLogin, type ApiFailure } from '@/lib/session.client'
import { passwordIssue, type PasswordIssue } from '@/lib/validation/password-rule'
import { looksLikeEmail } from '@/services/purchase-flow/purchase-state'
import { chosenAddOns, parseSelection, selectionParams } from '@/services/purchase-flow/selection'

export type CheckoutTexts = Record<
  | 'summaryHeading' | 'changePlan' | 'total' | 'renews' | 'oneTime' | 'emailLabel' | 'invalidEmail' | 'required' | 'marketingConsent' | 'noSpam'
  | 'methodLegend' | 'methodCard' | 'cardLegend' | 'cardName' | 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'country' | 'address' | 'city' | 'postalCode'
  | 'pay' | 'paying' | 'bonusToggle' | 'bonusLabel' | 'bonusApply' | 'stepsLabel' | 'stagePricing' | 'stageSuccess' | 'stageFailed' | 'receiptTo' | 'orderNotFound' | 'trialEnds' | 'tryAgain' | 'genericError' | 'passwordLabel' | 'passwordHint' | 'termsLabel' | 'signInToggle' | 'signIn' | 'signedInAs' | 'signOut' | HintKey,
  string
> & { addOnLabels: Record<string, string>; errors: Record<PasswordIssue | 'TERMS_AGREE', string> }

type Props = {
  locale: string
  data: PickerData
  texts: CheckoutTexts
  countries: { code: string; name: string }[]
  defaultCountry: string
}

type Field = 'email' | 'password' | 'terms' | 'signIn' | 'name' | 'number' | 'expiry' | 'cvc' | 'country' | 'postalCode' | 'method'
type Quote = { total: number; discount: number; renewal: { cost: number; at: string } | null; trialEndsAt: string | null }
/** An unpaid order named by `?hash=`: checkout charges it again instead of making a new one. */
type OrderView = {
  hash: string
  maskedEmail: string
  plan: string
  lines: { id: string; kind: string; amount: number; region: string | null }[]
  total: number
  discount: number
  renewal: { amount: number; at: string } | null
  card: string | null
  failure: { code: string; message: string; retryable: boolean } | null
}

/**
 * Where an order named by `?hash=` stands (`purchase/url/`, which first brings it up to date):
 * paid or waiting for the processor → its success page; waiting for 3-D Secure → that page;
 * failed or not yet charged → its lines (`purchase-detail-by-hash/`), renewal (`success-info/`)
 * and failure, to pay again; anything else (expired, unknown) → null.
 */
async function loadOrder(hash: string, locale: string, signal: AbortSignal): Promise<OrderView | { go: string } | null> {
  const read = (path: string, extra = '') => fetch(`/api/veilgate/${path}?hash=${hash}${extra}`, { signal }).then((response) => (response.ok ? response.json() : null))
  const step = (await read('purchase/url/', `&locale=${locale}`)) as { status: string; url: string; failure?: OrderView['failure'] } | null
  if (!step) return null
  if (['paid', 'awaiting_provider', 'requires_action'].includes(step.status)) return { go: step.url }
  if (step.status !== 'failed' && step.status !== 'pending') return null
  const [detail, info] = (await Promise.all([read('purchase-detail-by-hash/'), read('purchase/success-info/')])) as [
    { lines: OrderView['lines']; total: number; discount: number; maskedEmail: string; brand: string | null; last4: string | null } | null,
    { plan: string; renewal: OrderView['renewal'] } | null,
  ]
  if (!detail || !info) return null
  return {
    hash,
    maskedEmail: detail.maskedEmail,
    plan: info.plan,
    lines: detail.lines,
    total: detail.total,
    discount: detail.discount,
    renewal: info.renewal,
    card: detail.brand && detail.last4 ? cardLabel(detail.brand, detail.last4) : null,
    failure: step.failure ?? null,
  }
}

const storage = {
  get: (key: string) => {
    try {
      return sessionStorage.getItem(key)
    } catch {
      return null
    }
  },
  set: (key: string, value: string) => {
    try {
      sessionStorage.setItem(key, value)
    } catch {
      // Storage refused: nothing to restore later.
    }
  },
}

/** When the card processor's script loads by itself after checkout appears (spec section 9). */
const CARD_SCRIPT_DELAY_MS = 1700

const URL_CHANGE = 'veilgate:checkout-url'
const subscribeToUrl = (notify: () => void) => {
  window.addEventListener('popstate', notify)
  window.addEventListener(URL_CHANGE, notify)
  return () => {
    window.removeEventListener('popstate', notify)
    window.removeEventListener(URL_CHANGE, notify)
  }
}

let cardScript: Promise<typeof import('./sandbox-card')> | null = null
/** The card processor's script, loaded once, on demand. */
const loadCardScript = () => (cardScript ??= import('./sandbox-card'))

const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`)

/**
 * Checkout's island: the order summary from the URL's selection (priced by `purchase/cost/`),
 * e-mail and consent, the payment method, the card fields, and the pay button with its hint.
 * Paying tokenizes the card with the processor's script and sends the purchase once per
 * Idempotency-Key; a decline is told by the button with everything still as typed.
 */
export function Checkout({ locale, data, texts, countries, defaultCountry }: Props) {
  const ids = useId()
  const search = useSyncExternalStore(subscribeToUrl, () => window.location.search, () => '')
  const selection = useMemo(() => parseSelection(new URLSearchParams(search), data.catalogue), [search, data.catalogue])
  const emailOptional = useMemo(() => new URLSearchParams(search).get('variant') === 'no-email', [search])
  const orderHash = useMemo(() => {
    const hash = new URLSearchParams(search).get('hash')
    return hash && /^[A-Za-z0-9_-]{22}$/.test(hash) ? hash : null
  }, [search])
  const money = useMemo(() => new Intl.NumberFormat(data.currencyTag, { style: 'currency', currency: 'USD' }), [data.currencyTag])
  const dates = useMemo(() => new Intl.DateTimeFormat(data.currencyTag, { dateStyle: 'long' }), [data.currencyTag])

  const [email, setEmail] = useState('')
  const [consent, setConsent] = useState(true)
  const [method, setMethod] = useState<string | null>(null)
  const [card, setCard] = useState<CardFields & { address: string; city: string }>({ name: '', number: '', expiry: '', cvc: '', country: defaultCountry, postalCode: '', address: '', city: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [quote, setQuote] = useState<Quote | null>(null)
  const [bonusOpen, setBonusOpen] = useState(false)
  const [bonusInput, setBonusInput] = useState('')
  const [bonusError, setBonusError] = useState<string | null>(null)
  const [fromOrder, setFromOrder] = useState<OrderView | null>(null)
  const [orderMissing, setOrderMissing] = useState(false)
  const [outcome, setOutcome] = useState<'success' | 'failed' | null>(null)
  const [ready, setReady] = useState(false)
  const [retryToken, setRetryToken] = useState<string | null>(null)
  /** The customer signed in on this browser, if any: they buy with their session, no password asked. */
  const [account, setAccount] = useState<{ email: string } | null>(null)
  const [password, setPassword] = useState('')
  const [terms, setTerms] = useState(false)
  const [signInOpen, setSignInOpen] = useState(false)
  const [signInPassword, setSignInPassword] = useState('')
  const [signingIn, setSigningIn] = useState(false)
  /** A field to focus once the next render is on screen (after a decline, a refusal, opening the sign-in). */
  const [focusField, setFocusField] = useState<Field | null>(null)
  const key = useRef<string>('')
  const failed = useRef<{ hash: string; selection: string } | null>(null)
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({})

  // Typed fields (never a card field) survive a reload, and a trip to 3-D Secure, in this tab.
  useEffect(() => {
    key.current = newKey()
    const hash = new URLSearchParams(window.location.search).get('hash')
    const saved = restoreTyped((hash && storage.get(typedKey(hash))) || storage.get(typedKey()))
    if (saved.email) setEmail(saved.email)
    if (saved.consent !== undefined) setConsent(saved.consent)
    if (saved.method) setMethod(saved.method)
    setCard((current) => ({ ...current, country: saved.country ?? current.country, postalCode: saved.postalCode ?? current.postalCode, address: saved.address ?? current.address, city: saved.city ?? current.city }))
    setReady(true)
    const timer = window.setTimeout(() => void loadCardScript(), CARD_SCRIPT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])
  const typed = useMemo(() => JSON.stringify(typedFields({ email, consent, method, country: card.country, postalCode: card.postalCode, address: card.address, city: card.city })), [email, consent, method, card.country, card.postalCode, card.address, card.city])
  useEffect(() => {
    if (!ready) return
    storage.set(typedKey(), typed)
    if (orderHash) storage.set(typedKey(orderHash), typed)
  }, [ready, typed, orderHash])

  useEffect(() => {
    if (!focusField) return
    fields.current[focusField]?.focus()
    setFocusField(null)
  }, [focusField])

  // Who is signed in on this browser (any tab): their e-mail replaces the field.
  useEffect(() => {
    const refresh = () => {
      if (!isSignedIn()) return setAccount(null)
      apiFetch<{ email: string }>('/api/veilgate/auth/user-info/', { query: { locale } })
        .then((info) => setAccount({ email: info.email }))
        .catch(() => setAccount(null))
    }
    refresh()
    return onSessionChange(refresh)
  }, [locale])

  // `?hash=` of an unpaid order: summary and total from that order, its failure by the pay button;
  // a paid one shows its success page, one waiting for 3-D Secure goes back there.
  useEffect(() => {
    setFromOrder(null)
    setOrderMissing(false)
    if (!orderHash) return
    const controller = new AbortController()
    loadOrder(orderHash, locale, controller.signal)
      .then((found) => {
        if (!found) return setOrderMissing(true)
        if ('go' in found) return window.location.replace(localizePath(locale, found.go))
        setFromOrder(found)
        if (found.failure) {
          setAlert(found.failure.message)
          setOutcome('failed')
          if (found.failure.code === 'AUTHENTICATION_FAILURE' && found.failure.retryable) setRetryToken(storage.get(retryKey(orderHash)))
        }
      })
      .catch(() => undefined)
    return () => controller.abort()
  }, [orderHash, locale])

  // The server's price of the selection: what the order will charge.
  const costQuery = useMemo(() => {
    const params = selectionParams(selection)
    const query = new URLSearchParams({ plan: selection.plan })
    for (const name of ['slots', 'server', 'region', 'ipRegion']) if (params.get(name)) query.set(name, params.get(name)!)
    if (selection.bonus) query.set('bonus', selection.bonus)
    return query.toString()
  }, [selection])
  useEffect(() => {
    const controller = new AbortController()
    fetch(`/api/veilgate/purchase/cost/?${costQuery}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { quote?: Quote } | null) => setQuote(body?.quote ?? null))
      .catch(() => undefined)
    return () => controller.abort()
  }, [costQuery])

  const plan = data.plans.find((entry) => entry.id === selection.plan)
  const addOnIds = chosenAddOns(selection, data.catalogue)
  const prices = data.addOnPrices[selection.plan] ?? {}
  const total = fromOrder?.total ?? quote?.total ?? (plan?.amount ?? 0) + addOnIds.reduce((sum, id) => sum + (prices[id]?.amount ?? 0), 0)
  const regionLabel = (code: string | null, list: PickerData['regions']) => (code ? list.find((entry) => entry.code === code)?.label ?? code : null)

  // An order from `?hash=` already has its e-mail.
  const emailValid = Boolean(fromOrder || account) || looksLikeEmail(email.trim().toLowerCase())
  const cardReady = cardComplete(card)
  const hint = payHint({ email: emailValid, method, card: cardReady, emailOptional })
  const stage = stageOf({ plan: Boolean(fromOrder ?? plan), email: emailValid, method, card: cardReady, emailOptional, outcome })
  const stageLabels = [texts.stagePricing, texts.emailLabel, texts.methodLegend, texts.cardLegend, stage === 5 ? texts.stageFailed : texts.stageSuccess]
  const hintId = `${ids}-hint`
  const alertId = `${ids}-alert`

  const fieldError = (field: Field): string | undefined => {
    if (field === 'password') return fromOrder || account || signInOpen || password === '' ? undefined : ((issue) => (issue ? texts.errors[issue] : undefined))(passwordIssue(password))
    if (field === 'terms') return fromOrder || account || signInOpen || password === '' || terms ? undefined : texts.errors.TERMS_AGREE
    if (field === 'signIn') return undefined
    if (field === 'email') return fromOrder || account ? undefined : email.trim() === '' ? (emailOptional ? undefined : texts.required) : emailValid ? undefined : texts.invalidEmail
    if (field === 'method') return method ? undefined : texts.required
    if (method !== 'card') return undefined
    if (field === 'number') return card.number.replace(/\D/g, '').length >= 12 ? undefined : texts.required
    if (field === 'expiry') return parseExpiry(card.expiry) ? undefined : texts.required
    if (field === 'cvc') return /^\d{3,4}$/.test(card.cvc) ? undefined : texts.required
    if (field === 'name') return card.name.trim() ? undefined : texts.required
    if (field === 'country') return /^[A-Z]{2}$/.test(card.country) ? undefined : texts.required
    if (field === 'postalCode') return card.postalCode.trim() ? undefined : texts.required
    return undefined
  }
  const order: Field[] = ['email', 'password', 'terms', 'method', 'name', 'number', 'expiry', 'cvc', 'country', 'postalCode']
  const check = (field: Field) => setErrors((current) => ({ ...current, [field]: fieldError(field) }))

  /** A declined card: its fields emptied and the number focused; everything else stays as typed. */
  const clearCard = () => {
    setCard((current) => ({ ...current, number: '', expiry: '', cvc: '' }))
    setFocusField('number')
  }

  /**
   * Sends a purchase (one Idempotency-Key each, renewed after every answer). Before the browser
   * leaves for 3-D Secure the typed fields and the card token are kept under the order's hash;
   * a decline keeps the order's hash so that paying again is a new attempt on the same order.
   */
  const submit = async (body: Record<string, unknown>, token: string, selectionKey: string) => {
    type Answer = { url?: string; hash?: string; status?: string; code?: string; message?: string; retryable?: boolean; field?: string; statusCode?: number }
    const answer = await apiFetch<Answer>('/api/veilgate/purchase/url-with-email/', { body, headers: { 'idempotency-key': key.current } }).catch((failure: ApiFailure) => failure as Answer)
    key.current = newKey()
    if (answer.hash) {
      storage.set(typedKey(answer.hash), typed)
      storage.set(retryKey(answer.hash), token)
    }
    if (!answer.statusCode && answer.url) {
      setOutcome(answer.status === 'paid' ? 'success' : null)
      window.location.assign(localizePath(locale, answer.url))
      return
    }
    failed.current = answer.hash && answer.retryable ? { hash: answer.hash, selection: selectionKey } : null
    setRetryToken(null)
    // The address has an account: sign in beside the e-mail, which stays filled in.
    if (answer.code === 'ALREADY_IN_USE') {
      setSignInOpen(true)
      setErrors((current) => ({ ...current, signIn: answer.message }))
      setFocusField('signIn')
      return
    }
    // A field the API refused (the password's rules, the terms): told under it.
    if (answer.statusCode === 400 && (answer.field === 'password' || answer.field === 'terms' || answer.field === 'email')) {
      const field = answer.field
      setErrors((current) => ({ ...current, [field]: answer.message }))
      setFocusField(field)
      return
    }
    setAlert(answer.message || texts.genericError)
    setOutcome('failed')
    if (answer.statusCode === 402) clearCard()
  }

  /** Signs in beside the e-mail (`auth/login/`); the token is kept as the site's session, and the purchase goes on for that customer. */
  const signIn = async () => {
    if (signingIn) return
    if (!looksLikeEmail(email.trim().toLowerCase())) {
      setErrors((current) => ({ ...current, email: email.trim() ? texts.invalidEmail : texts.required }))
      return fields.current.email?.focus()
    }
    if (!signInPassword) {
      setErrors((current) => ({ ...current, signIn: texts.required }))
      return fields.current.signIn?.focus()
    }
    setSigningIn(true)
    try {
      const { token } = await apiFetch<{ token: string }>('/api/veilgate/auth/login/', { body: { username: email.trim().toLowerCase(), password: signInPassword, locale } })
      storeLogin(token)
      setSignInPassword('')
      setSignInOpen(false)
      setErrors((current) => ({ ...current, signIn: undefined, email: undefined }))
    } catch (failure) {
      setErrors((current) => ({ ...current, signIn: (failure as ApiFailure).message || texts.genericError }))
      fields.current.signIn?.focus()
    } finally {
      setSigningIn(false)
    }
  }

  /** One payment try: busy while it runs; anything thrown (the card script, the network) is told as the generic error. */
  const running = async (work: () => Promise<void>) => {
    setBusy(true)
    setAlert(null)
    setOutcome(null)
    try {
      await work()
    } catch {
      key.current = newKey()
      setAlert(texts.genericError)
    } finally {
      setBusy(false)
    }
  }

  const pay = async () => {
    if (busy) return
    void loadCardScript()
    const found = Object.fromEntries(order.map((field) => [field, fieldError(field)])) as Partial<Record<Field, string>>
    if (hint || found.password || found.terms) {
      setErrors(found)
      const first = order.find((field) => found[field])
      if (first) fields.current[first]?.focus()
      return
    }
    await running(async () => {
      const processor = await loadCardScript()
      const expiry = parseExpiry(card.expiry)!
      const tokenized = await processor.tokenizeCard({ number: card.number, expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc, name: card.name.trim(), postalCode: card.postalCode.trim(), locale })
      if ('error' in tokenized) {
        setAlert(tokenized.error.message)
        setOutcome('failed')
        return
      }
      const current = selectionParams(selection).toString()
      const retry = fromOrder?.hash ?? (failed.current && failed.current.selection === current ? failed.current.hash : null)
      const body = retry
        ? { hash: retry, cardToken: tokenized.token, locale }
        : {
            email: account ? account.email : email.trim().toLowerCase(),
            ...(!account && password ? { password, terms } : {}),
            receiveMarketingEmails: consent,
            plan: selection.plan,
            slots: selection.slots,
            ...(selection.server && selection.region ? { server: selection.server, region: selection.region } : {}),
            ...(selection.ipRegion ? { ipRegion: selection.ipRegion } : {}),
            ...(selection.bonus ? { bonusCode: selection.bonus } : {}),
            paymentMethod: 'card',
            cardToken: tokenized.token,
            country: card.country,
            locale,
          }
      await submit(body, tokenized.token, current)
    })
  }

  /** "Try again" after a failed authentication: the same order with the same card token, nothing re-typed. */
  const retryOrder = async () => {
    if (busy || !fromOrder || !retryToken) return
    await running(() => submit({ hash: fromOrder.hash, cardToken: retryToken, locale }, retryToken, selectionParams(selection).toString()))
  }

  /** Checks a bonus code for the plan (`check-new-bonus-code/`); an accepted one joins the URL's selection and the total. */
  const applyBonus = async () => {
    const code = bonusInput.trim()
    if (!code) return setBonusError(texts.required)
    const response = await fetch('/api/veilgate/sales/check-new-bonus-code/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, plan: selection.plan, locale }),
    }).catch(() => null)
    const answer = (await response?.json().catch(() => ({}))) as { code?: string; message?: string } | undefined
    if (!response?.ok || !answer?.code) return setBonusError(answer?.message || texts.required)
    setBonusError(null)
    const params = new URLSearchParams(window.location.search)
    params.set('bonus', answer.code)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params}`)
    window.dispatchEvent(new Event(URL_CHANGE))
  }

  const input = (
    field: Field,
    props: { label: string; value: string; onChange: (value: string) => void; autoComplete: string; inputMode?: 'numeric' | 'email' | 'text'; type?: string; card?: boolean; help?: string; onEnter?: () => void },
  ) => {
    const id = `${ids}-${field}`
    const error = errors[field]
    const described = [error ? `${id}-error` : null, props.help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined
    return (
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {props.label}
        </label>
        <input
          id={id}
          ref={(element) => {
            fields.current[field] = element
          }}
          type={props.type ?? 'text'}
          value={props.value}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onFocus={props.card ? () => void loadCardScript() : undefined}
          onKeyDown={
            props.onEnter
              ? (event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault()
                    props.onEnter!()
                  }
                }
              : undefined
          }
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={field === 'signIn' ? undefined : () => check(field)}
          className="rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700"
        />
        {props.help && (
          <p id={`${id}-help`} className="text-sm text-muted">
            {props.help}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    )
  }

  const renewal = fromOrder
    ? fromOrder.renewal
      ? texts.renews.replace('{price}', money.format(fromOrder.renewal.amount / 100)).replace('{date}', dates.format(new Date(fromOrder.renewal.at)))
      : texts.oneTime
    : quote?.renewal ? texts.renews.replace('{price}', money.format(quote.renewal.cost / 100)).replace('{date}', dates.format(new Date(quote.renewal.at))) : quote ? texts.oneTime : null

  const summaryLine = (key: string, label: string, amount: string | undefined) => (
    <div key={key} className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  )
  const allRegions = [...data.regions, ...data.ipRegions]

  return (
    <>
    <nav aria-label={texts.stepsLabel} className="mt-6" data-stage={stage}>
      <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {stageLabels.map((label, index) => {
          const current = index === Math.min(stage, 4)
          return (
            <li key={index} aria-current={current ? 'step' : undefined} className={`flex items-center gap-2 ${current ? 'font-semibold' : index < stage ? '' : 'text-muted'}`}>
              <span aria-hidden="true" className={`grid size-6 place-items-center rounded-full border ${current ? (stage === 5 ? 'border-red-700 bg-red-700 text-white' : 'border-brand-600 bg-brand-600 text-white') : 'border-line'}`}>
                {index + 1}
              </span>
              {label}
            </li>
          )
        })}
      </ol>
    </nav>
    {orderMissing && (
      <p role="status" className="mt-4 text-sm">
        {texts.orderNotFound}
      </p>
    )}
    <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
      <form
        noValidate
        className="grid gap-8"
        onSubmit={(event) => {
          event.preventDefault()
          void pay()
        }}
      >
        <div className="grid gap-3">
          {fromOrder ? (
            <p data-order-email>{texts.receiptTo.replace('{email}', fromOrder.maskedEmail)}</p>
          ) : account ? (
            <div className="flex flex-wrap items-center gap-3" data-account>
              <span>{texts.signedInAs.replace('{email}', account.email)}</span>
              <button type="button" onClick={() => void logout()} className="text-sm font-medium underline">
                {texts.signOut}
              </button>
            </div>
          ) : (
            <>
              {input('email', { label: texts.emailLabel, value: email, onChange: setEmail, autoComplete: 'email', inputMode: 'email', type: 'email' })}
              {signInOpen ? (
                <div className="grid gap-2" data-sign-in>
                  {input('signIn', { label: texts.passwordLabel, value: signInPassword, onChange: setSignInPassword, autoComplete: 'current-password', type: 'password', onEnter: () => void signIn() })}
                  <button type="button" aria-disabled={signingIn ? true : undefined} onClick={() => void signIn()} className="w-fit rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 aria-disabled:opacity-60">
                    {texts.signIn}
                  </button>
                </div>
              ) : (
                <>
                  {input('password', { label: texts.passwordLabel, value: password, onChange: setPassword, autoComplete: 'new-password', type: 'password', help: texts.passwordHint })}
                  <div className="grid gap-1">
                    <label className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={terms}
                        ref={(element) => {
                          fields.current.terms = element
                        }}
                        aria-invalid={errors.terms ? true : undefined}
                        aria-describedby={errors.terms ? `${ids}-terms-error` : undefined}
                        onChange={(event) => {
                          setTerms(event.target.checked)
                          if (event.target.checked) setErrors((current) => ({ ...current, terms: undefined }))
                        }}
                        className="mt-1 size-4"
                      />
                      <span>{texts.termsLabel}</span>
                    </label>
                    {errors.terms && (
                      <p id={`${ids}-terms-error`} className="text-sm text-red-700">
                        {errors.terms}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    onClick={() => {
                      setSignInOpen(true)
                      setFocusField('signIn')
                    }}
                    className="w-fit text-sm font-medium underline"
                  >
                    {texts.signInToggle}
                  </button>
                </>
              )}
            </>
          )}
          {!fromOrder && (
          <>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} className="mt-1 size-4" />
            <span>{texts.marketingConsent}</span>
          </label>
          <p className="text-sm text-muted">{texts.noSpam}</p>
          </>
          )}
        </div>

        <fieldset className="grid gap-2" aria-describedby={errors.method ? `${ids}-method-error` : undefined}>
          <legend className="mb-2 text-lg font-semibold">{texts.methodLegend}</legend>
          <label className="flex items-center gap-2 rounded-md border border-line p-3">
            <input
              type="radio"
              name={`${ids}-method`}
              value="card"
              checked={method === 'card'}
              ref={(element) => {
                fields.current.method = element
              }}
              onChange={() => {
                setMethod('card')
                setErrors((current) => ({ ...current, method: undefined }))
              }}
              className="size-4"
            />
            <span>{texts.methodCard}</span>
          </label>
          {errors.method && (
            <p id={`${ids}-method-error`} className="text-sm text-red-700">
              {errors.method}
            </p>
          )}
        </fieldset>

        {method === 'card' && (
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-lg font-semibold">{texts.cardLegend}</legend>
            {input('name', { label: texts.cardName, value: card.name, onChange: (name) => setCard({ ...card, name }), autoComplete: 'cc-name', card: true })}
            {input('number', { label: texts.cardNumber, value: card.number, onChange: (number) => setCard({ ...card, number: formatCardNumber(number) }), autoComplete: 'cc-number', inputMode: 'numeric', card: true })}
            <div className="grid grid-cols-2 gap-4">
              {input('expiry', { label: texts.cardExpiry, value: card.expiry, onChange: (expiry) => setCard({ ...card, expiry: formatExpiry(expiry) }), autoComplete: 'cc-exp', inputMode: 'numeric', card: true })}
              {input('cvc', { label: texts.cardCvc, value: card.cvc, onChange: (cvc) => setCard({ ...card, cvc: cvc.replace(/\D/g, '').slice(0, 4) }), autoComplete: 'cc-csc', inputMode: 'numeric', card: true })}
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-country`} className="text-sm font-medium">
                {texts.country}
              </label>
              <select
                id={`${ids}-country`}
                ref={(element) => {
                  fields.current.country = element
                }}
                autoComplete="country"
                value={card.country}
                onChange={(event) => setCard({ ...card, country: event.target.value })}
                className="rounded-md border border-line bg-white px-3 py-2 text-base"
              >
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            </div>
            {input('postalCode', { label: texts.postalCode, value: card.postalCode, onChange: (postalCode) => setCard({ ...card, postalCode }), autoComplete: 'postal-code', card: true })}
            <div className="grid gap-1">
              <label htmlFor={`${ids}-address`} className="text-sm font-medium">
                {texts.address}
              </label>
              <input id={`${ids}-address`} autoComplete="address-line1" value={card.address} onChange={(event) => setCard({ ...card, address: event.target.value })} className="rounded-md border border-line bg-white px-3 py-2 text-base" />
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-city`} className="text-sm font-medium">
                {texts.city}
              </label>
              <input id={`${ids}-city`} autoComplete="address-level2" value={card.city} onChange={(event) => setCard({ ...card, city: event.target.value })} className="rounded-md border border-line bg-white px-3 py-2 text-base" />
            </div>
          </fieldset>
        )}

        <div className="grid gap-2" data-pay>
          <button
            type="submit"
            aria-disabled={hint || busy ? true : undefined}
            aria-describedby={[hint ? hintId : null, alert ? alertId : null].filter(Boolean).join(' ') || undefined}
            className="rounded-md bg-brand-600 px-6 py-3 text-lg font-semibold text-white aria-disabled:opacity-60"
          >
            {busy ? texts.paying : texts.pay.replace('{total}', money.format(total / 100))}
          </button>
          {hint && (
            <p id={hintId} className="text-sm text-muted">
              {texts[hint]}
            </p>
          )}
          <div id={alertId} role="alert" className="text-sm font-medium text-red-700">
            {alert}
          </div>
          {retryToken && fromOrder?.card && (
            <div className="flex flex-wrap items-center gap-3" data-retry>
              <span>{fromOrder.card}</span>
              <button type="button" aria-disabled={busy ? true : undefined} onClick={() => void retryOrder()} className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 aria-disabled:opacity-60">
                {texts.tryAgain}
              </button>
            </div>
          )}
        </div>
      </form>

      <aside className="h-fit rounded-xl border border-line p-6" aria-labelledby={`${ids}-summary`}>
        <h2 id={`${ids}-summary`} className="text-xl font-bold">
          {texts.summaryHeading}
        </h2>
        {fromOrder ? (
          <dl className="mt-4 grid gap-2" data-order-summary>
            {fromOrder.lines.map((line) =>
              summaryLine(
                line.id,
                `${(line.kind === 'plan' ? data.plans.find((entry) => entry.id === line.id)?.title : texts.addOnLabels[line.id]) ?? line.id}${line.region ? ` · ${regionLabel(line.region, allRegions)}` : ''}`,
                money.format(line.amount / 100),
              ),
            )}
            {fromOrder.discount > 0 && summaryLine('discount', '−', `−${money.format(fromOrder.discount / 100)}`)}
            <div className="flex justify-between gap-4 border-t border-line pt-2 font-bold">
              <dt>{texts.total}</dt>
              <dd data-total>{money.format(fromOrder.total / 100)}</dd>
            </div>
          </dl>
        ) : (
        <dl className="mt-4 grid gap-2">
          <div className="flex justify-between gap-4">
            <dt>{plan?.title ?? selection.plan}</dt>
            <dd>{money.format((plan?.amount ?? 0) / 100)}</dd>
          </div>
          {addOnIds.map((id) => (
            <div key={id} className="flex justify-between gap-4">
              <dt>
                {texts.addOnLabels[id] ?? id}
                {id.startsWith('server') && selection.region ? ` · ${regionLabel(selection.region, data.regions)}` : ''}
                {id.startsWith('static-ip') && selection.ipRegion ? ` · ${regionLabel(selection.ipRegion, data.ipRegions)}` : ''}
              </dt>
              <dd>{prices[id]?.label.replace(/^\+/, '')}</dd>
            </div>
          ))}
          {quote && quote.discount > 0 && selection.bonus && (
            <div className="flex justify-between gap-4">
              <dt>{selection.bonus}</dt>
              <dd>−{money.format(quote.discount / 100)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 border-t border-line pt-2 font-bold">
            <dt>{texts.total}</dt>
            <dd data-total>{money.format(total / 100)}</dd>
          </div>
        </dl>
        )}
        {!fromOrder && quote?.trialEndsAt && (
          <p className="mt-3 text-sm" data-trial>
            {texts.trialEnds.replace('{date}', dates.format(new Date(quote.trialEndsAt)))}
          </p>
        )}
        {renewal && <p className="mt-3 text-sm text-muted">{renewal}</p>}
        {!fromOrder && (
        <div className="mt-4">
          {bonusOpen ? (
            <div className="grid gap-1">
              <label htmlFor={`${ids}-bonus`} className="text-sm font-medium">
                {texts.bonusLabel}
              </label>
              <div className="flex gap-2">
                <input
                  id={`${ids}-bonus`}
                  value={bonusInput}
                  autoComplete="off"
                  aria-invalid={bonusError ? true : undefined}
                  aria-describedby={bonusError ? `${ids}-bonus-error` : undefined}
                  onChange={(event) => setBonusInput(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault()
                      void applyBonus()
                    }
                  }}
                  className="min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700"
                />
                <button type="button" onClick={() => void applyBonus()} className="rounded-md border border-line px-4 py-2 font-semibold">
                  {texts.bonusApply}
                </button>
              </div>
              {bonusError && (
                <p id={`${ids}-bonus-error`} role="alert" className="text-sm text-red-700">
                  {bonusError}
                </p>
              )}
            </div>
          ) : (
            <button type="button" aria-expanded="false" onClick={() => setBonusOpen(true)} className="text-sm font-medium underline">
              {texts.bonusToggle}
            </button>
          )}
        </div>
        )}
        <a href={`${localizePath(locale, '/order/pickup')}?${selectionParams(selection)}`} className="mt-4 inline-block text-sm underline">
          {texts.changePlan}
        </a>
      </aside>
    </div>
    </>
  )
}
