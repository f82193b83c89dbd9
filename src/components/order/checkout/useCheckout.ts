// Checkout's state in one hook: what was typed, the server's quote, the order being paid again, and paying.
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { Mounted, StripeCheckout } from '../stripe-card'
import { moneyFormatter } from '@/lib/money-format'
import { localizePath } from '@/i18n/paths'
import { cardComplete, hintBlocks, parseExpiry, payHint, stageOf, type CardFields } from '@/services/purchase-flow/checkout-rules'
import { accountKey } from '@/services/purchase-flow/account-storage'
import { restoreTyped, retryKey, typedFields, typedKey } from '@/services/purchase-flow/checkout-storage'
import { apiFetch, isSignedIn, onSessionChange, storeLogin, type ApiFailure } from '@/lib/session.client'
import { looksLikeEmail } from '@/services/purchase-flow/purchase-state'
import { chosenAddOns, parseSelection, selectionParams } from '@/services/purchase-flow/selection'
import { CARD_SCRIPT_DELAY_MS, deviceOffers, loadCardScript, loadOrder, newKey, storage, subscribeToUrl } from './browser'
import { nextSend, samePurchase, unfinished, type Sent } from './resend'
import { checkField } from './checks'
import { checkoutMethods, fieldOrder, isDeviceWallet, type Attached, type CheckoutMethod, type CheckoutProps, type DeviceWallet, type Field, type OrderView, type Quote } from './types'
import { attachParams, extrasChoice } from './extras'

export type CheckoutState = ReturnType<typeof useCheckout>

export function useCheckout({ locale, data, texts, defaultCountry, sandboxWallets = false }: Omit<CheckoutProps, 'countries'>) {
  const ids = useId()
  const search = useSyncExternalStore(subscribeToUrl, () => window.location.search, () => '')
  const selection = useMemo(() => parseSelection(new URLSearchParams(search), data.catalogue), [search, data.catalogue])
  const emailOptional = useMemo(() => new URLSearchParams(search).get('variant') === 'no-email', [search])
  /** Extras for a subscription the buyer owns (`?attachTo=` with the picker's add-on parameters), instead of a plan. */
  const extras = useMemo(() => extrasChoice(new URLSearchParams(search)), [search])
  const orderHash = useMemo(() => {
    const hash = new URLSearchParams(search).get('hash')
    return hash && /^[A-Za-z0-9_-]{22}$/.test(hash) ? hash : null
  }, [search])
  // Neither formatter is built at hydration: amounts come from the server's pattern, dates need one only once a quote has any.
  const money = useMemo(() => moneyFormatter(data.money), [data.money])
  const dates = useMemo(() => {
    let format: Intl.DateTimeFormat | null = null
    return { format: (date: Date) => (format ??= new Intl.DateTimeFormat(data.currencyTag, { dateStyle: 'long' })).format(date) }
  }, [data.currencyTag])

  const [email, setEmail] = useState('')
  const [consent, setConsent] = useState(true)
  const [method, setMethod] = useState<string | null>(null)
  /** What the device answered for each wallet, once asked (on choosing it). */
  const [walletOffered, setWalletOffered] = useState<Partial<Record<DeviceWallet, boolean>>>({})
  const [card, setCard] = useState<CardFields & { address: string; city: string }>({ name: '', number: '', expiry: '', cvc: '', country: defaultCountry, postalCode: '', address: '', city: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [quote, setQuote] = useState<Quote | null>(null)
  /** The plan's methods payable here (`purchase/cost/`'s `methods`); until it answers, the plan's own. */
  const [payable, setPayable] = useState<string[] | null>(null)
  /** Who takes cards here (`purchase/cost/`'s `card`): the sandbox's tokenizer, or Stripe.js with its key. */
  const [cardSetup, setCardSetup] = useState<{ provider: string; publishableKey?: string } | null>(null)
  /** The card script is due: 1.7 s after checkout appeared, or a card field got focus, or Pay was pressed. */
  const [scriptDue, setScriptDue] = useState(false)
  /** Stripe.js with its Elements group, once loaded; where the Payment Element and the Express Checkout Element mount; whether the card is complete. */
  const [stripe, setStripe] = useState<StripeCheckout | null>(null)
  const [stripeTarget, setStripeTarget] = useState<HTMLElement | null>(null)
  const [expressTarget, setExpressTarget] = useState<HTMLElement | null>(null)
  const [stripeComplete, setStripeComplete] = useState(false)
  const stripeCard = useRef<Mounted | null>(null)
  const [fromOrder, setFromOrder] = useState<OrderView | null>(null)
  const [attached, setAttached] = useState<Attached | null>(null)
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
  /** A purchase that got no answer or 503: the next Pay sends it again, same key and body (`resend.ts`). */
  const unanswered = useRef<Sent | null>(null)
  const failed = useRef<{ hash: string; selection: string } | null>(null)
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({})

  // Typed fields (never a card field) survive a reload, and a trip to 3-D Secure, in this tab.
  useEffect(() => {
    const hash = new URLSearchParams(window.location.search).get('hash')
    const saved = restoreTyped((hash && storage.get(typedKey(hash))) || storage.get(typedKey()))
    // Tab storage exists only in the browser, so what was typed comes back after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saved.email) setEmail(saved.email)
    if (saved.consent !== undefined) setConsent(saved.consent)
    // The method typed before, else the one the picker's link names (`?method=`).
    const linked = new URLSearchParams(window.location.search).get('method')
    if (saved.method) setMethod(saved.method)
    else if (linked && (checkoutMethods as readonly string[]).includes(linked)) setMethod(linked)
    setCard((current) => ({ ...current, country: saved.country ?? current.country, postalCode: saved.postalCode ?? current.postalCode, address: saved.address ?? current.address, city: saved.city ?? current.city }))
    setReady(true)
    const timer = window.setTimeout(() => setScriptDue(true), CARD_SCRIPT_DELAY_MS)
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
    // Focus is asked for once: done, the request is cleared.
    // eslint-disable-next-line react-hooks/set-state-in-effect
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
    // Another hash in the URL: what the last one showed goes before the new one loads.
    // eslint-disable-next-line react-hooks/set-state-in-effect
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

  // Extras: only for the signed-in owner (sign-in first, then back here); the subscription's plan
  // from the account, the prorated lines from `check-upgrade-possibility/` (what the order will charge).
  useEffect(() => {
    if (!extras) return
    if (!isSignedIn()) return window.location.replace(`${localizePath(locale, '/sign-in')}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`)
    let live = true
    type Checked = { possible: true; lines: Extract<Attached, { possible: true }>['lines']; total: number; periodEnd: string } | Extract<Attached, { possible: false }>
    Promise.all([
      apiFetch<{ subscriptions: { id: number; plan: { id: string; title: string } }[] }>('/api/veilgate/account/overview/', { query: { locale } }),
      apiFetch<Checked>('/api/veilgate/sales/check-upgrade-possibility/', { body: { subscription: extras.attachTo, ...attachParams(extras), locale } }),
    ])
      .then(([overview, checked]) => {
        if (!live) return
        const owned = overview.subscriptions.find((entry) => entry.id === extras.attachTo)
        if (!owned) return setOrderMissing(true)
        setAttached(checked.possible ? { ...checked, plan: owned.plan } : checked)
      })
      .catch((failure: ApiFailure) => {
        if (!live) return
        if (failure.statusCode === 401) return window.location.replace(`${localizePath(locale, '/sign-in')}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`)
        if (failure.statusCode === 404) return setOrderMissing(true)
        setAlert(failure.code ? failure.message : texts.genericError)
      })
    return () => {
      live = false
    }
  }, [extras, locale, texts.genericError])

  // The server's price of the selection (what the order will charge) and the methods payable here;
  // an order paid again names its own plan.
  const attachedPlan = attached?.possible ? attached.plan.id : null
  const costQuery = useMemo(() => {
    const params = selectionParams(selection)
    if (fromOrder) return new URLSearchParams({ plan: fromOrder.plan }).toString()
    // Extras: the plan's methods and who takes cards (the price is the extras', not the plan's).
    if (extras) return attachedPlan ? new URLSearchParams({ plan: attachedPlan }).toString() : null
    const query = new URLSearchParams({ plan: selection.plan })
    for (const name of ['slots', 'server', 'region', 'ipRegion']) if (params.get(name)) query.set(name, params.get(name)!)
    if (selection.bonus) query.set('bonus', selection.bonus)
    return query.toString()
  }, [selection, fromOrder, extras, attachedPlan])
  useEffect(() => {
    if (costQuery === null) return
    const controller = new AbortController()
    fetch(`/api/veilgate/purchase/cost/?${costQuery}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { quote?: Quote; methods?: string[]; card?: { provider: string; publishableKey?: string } } | null) => {
        setQuote(body?.quote ?? null)
        setPayable(body?.methods ?? null)
        if (body?.card) setCardSetup((current) => (current?.provider === body.card!.provider && current.publishableKey === body.card!.publishableKey ? current : body.card!))
      })
      .catch(() => undefined)
    return () => controller.abort()
  }, [costQuery])

  const plan = data.plans.find((entry) => entry.id === selection.plan)
  const offer = data.catalogue.plans.find((entry) => entry.id === (fromOrder?.plan ?? attachedPlan ?? selection.plan))
  const methods = useMemo(() => checkoutMethods.filter((entry) => (payable ?? offer?.methods ?? ['card']).includes(entry)), [payable, offer])
  // A method restored from this tab that this plan or this site does not take is chosen again.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (payable && method && !methods.includes(method as CheckoutMethod)) setMethod(null)
  }, [payable, method, methods])
  // A wallet is asked of the device when chosen; until it says yes, no method is chosen. Under
  // Stripe, its Express Checkout Element answers once mounted (Stripe.js is due at once).
  useEffect(() => {
    if (!isDeviceWallet(method) || walletOffered[method] !== undefined || !cardSetup) return
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (cardSetup.provider === 'stripe') return setScriptDue(true)
    let live = true
    void deviceOffers(method, sandboxWallets).then((offered) => {
      if (live) setWalletOffered((current) => ({ ...current, [method]: offered }))
    })
    return () => {
      live = false
    }
  }, [method, walletOffered, sandboxWallets, cardSetup])
  const walletMissing = isDeviceWallet(method) && walletOffered[method] !== true
  const walletMessage = isDeviceWallet(method) && walletOffered[method] === false ? (method === 'apple-pay' ? texts.walletApple : texts.walletGeneric) : null
  /** The method as far as paying goes: a wallet the device does not offer is none. */
  const payingMethod = walletMissing ? null : method
  const addOnIds = chosenAddOns(selection, data.catalogue)
  const prices = data.addOnPrices[selection.plan] ?? {}
  const total = fromOrder?.total ?? (extras ? (attached?.possible ? attached.total : 0) : null) ?? quote?.total ?? (plan?.amount ?? 0) + addOnIds.reduce((sum, id) => sum + (prices[id]?.amount ?? 0), 0)

  // An order from `?hash=` already has its e-mail.
  const emailValid = Boolean(fromOrder || account) || looksLikeEmail(email.trim().toLowerCase())
  const stripeOn = cardSetup?.provider === 'stripe' && Boolean(cardSetup.publishableKey)
  // The sandbox's tokenizer once due; under Stripe, Stripe.js and the Payment Element once due and shown.
  useEffect(() => {
    if (scriptDue && cardSetup && !stripeOn) void loadCardScript()
  }, [scriptDue, cardSetup, stripeOn])
  // Stripe.js and its Elements group, once due; the total they show kept up to date.
  const publishableKey = stripeOn ? cardSetup?.publishableKey : undefined
  const amount = useRef(total)
  useEffect(() => {
    amount.current = total
    stripe?.update(total)
  }, [stripe, total])
  useEffect(() => {
    if (!publishableKey || !scriptDue) return
    let live = true
    import('../stripe-card')
      .then(({ openStripe }) => openStripe({ publishableKey, locale, amount: amount.current }))
      .then((opened) => live && setStripe(opened))
      .catch(() => live && setAlert(texts.genericError))
    return () => {
      live = false
      setStripe(null)
    }
  }, [publishableKey, scriptDue, locale, texts.genericError])
  // The Payment Element, while the card section shows.
  useEffect(() => {
    if (!stripe || !stripeTarget) return
    const mounted = stripe.mountCard(stripeTarget, setStripeComplete)
    stripeCard.current = mounted
    return () => {
      mounted.destroy()
      stripeCard.current = null
      setStripeComplete(false)
    }
  }, [stripe, stripeTarget])
  /** The Stripe wallet chosen: its Express Checkout Element shows in place of Pay, unless the device turned out not to offer it. */
  const expressWallet = stripeOn && isDeviceWallet(method) ? method : null
  const expressShown = expressWallet !== null && walletOffered[expressWallet] !== false
  /** What the wallet's button does, as of the last render (the Element is mounted once per wallet). */
  const walletHandlers = useRef<{ pressed: () => boolean; pay: (id: string) => Promise<string | null> }>({ pressed: () => false, pay: async () => null })
  useEffect(() => {
    if (!stripe || !expressTarget || !expressWallet) return
    let live = true
    const mounted = stripe.mountExpress(expressTarget, expressWallet, {
      onReady: (offered) => {
        if (live) setWalletOffered((current) => ({ ...current, [expressWallet]: offered }))
      },
      onClick: () => walletHandlers.current.pressed(),
      onPaymentMethod: (id) => walletHandlers.current.pay(id),
      onError: (message) => {
        if (!live) return
        setAlert(message || texts.genericError)
        setOutcome('failed')
      },
    })
    return () => {
      live = false
      mounted.destroy()
    }
  }, [stripe, expressTarget, expressWallet, texts.genericError])
  /** Where the Payment Element mounts; an error on the card focuses it. */
  const stripeMount = useCallback((element: HTMLElement | null) => {
    setStripeTarget(element)
    fields.current.number = element ? ({ focus: () => stripeCard.current?.focus() } as HTMLElement) : null
  }, [])
  const wantCardScript = () => setScriptDue(true)
  const cardReady = stripeOn ? stripeComplete && card.name.trim().length > 0 && /^[A-Z]{2}$/.test(card.country) && card.postalCode.trim().length > 0 : cardComplete(card)
  const hint = payHint({ email: emailValid, method: payingMethod, card: cardReady, emailOptional })
  const blocked = hintBlocks(hint)
  const stage = stageOf({ plan: extras && !fromOrder ? Boolean(attached?.possible && attached.lines.length) : Boolean(fromOrder ?? plan), email: emailValid, method: payingMethod, card: cardReady, emailOptional, outcome })

  const fieldError = (field: Field) => checkField(field, { email, emailValid, emailOptional, password, terms, method: payingMethod, card, elementComplete: stripeOn ? stripeComplete : undefined, skipContact: Boolean(fromOrder || account), signInOpen }, texts)
  const check = (field: Field) => setErrors((current) => ({ ...current, [field]: fieldError(field) }))
  const setError = (field: Field, message: string | undefined) => setErrors((current) => ({ ...current, [field]: message }))
  /** Where a field's element registers itself, so that an error can focus it. */
  const register = (field: Field) => (element: HTMLElement | null) => {
    fields.current[field] = element
  }

  /** A declined card: its fields emptied and the number focused; everything else stays as typed (Stripe's Element keeps the card: paying again makes a new PaymentMethod from it). */
  const clearCard = () => {
    if (stripeOn) return setFocusField('number')
    setCard((current) => ({ ...current, number: '', expiry: '', cvc: '' }))
    setFocusField('number')
  }

  /**
   * Sends a purchase: under a new Idempotency-Key, or, after no answer or a 503, the unfinished
   * one again with its key, body and card token when nothing was changed. Before the browser
   * leaves for 3-D Secure the typed fields and the card token are kept under the order's hash;
   * a decline keeps the order's hash so that paying again is a new attempt on the same order.
   * Answers null when the browser goes on to the next page, else the message the buyer is shown.
   */
  const submit = async (body: Record<string, unknown>, token: string, selectionKey: string): Promise<string | null> => {
    type Answer = { url?: string; hash?: string; status?: string; code?: string; message?: string; retryable?: boolean; field?: string; statusCode?: number; token?: string; clientSecret?: string; setup?: boolean; noAnswer?: true; account?: { number: string; secret: string } }
    const send = nextSend(unanswered.current, body, newKey)
    if (send.resent && typeof send.body.cardToken === 'string') token = send.body.cardToken
    const answer = await apiFetch<Answer>('/api/veilgate/purchase/url-with-email/', { body: send.body, headers: { 'idempotency-key': send.key } }).catch((failure: ApiFailure) => failure as Answer)
    unanswered.current = unfinished(answer) ? { key: send.key, body: send.body } : null
    // This purchase made the buyer's account (with the password typed here): they are signed in,
    // exactly as `auth/login/` signs in, whatever the payment's outcome.
    if (typeof answer.token === 'string' && answer.token) storeLogin(answer.token)
    if (answer.hash) {
      storage.set(typedKey(answer.hash), typed)
      // Bought without an e-mail: the account's number and secret, for the success page to show once.
      if (answer.account) storage.set(accountKey(answer.hash), JSON.stringify(answer.account))
      // A sandbox token can be sent again after a failed 3-D Secure; a Stripe PaymentMethod cannot.
      if (token && !stripeOn) storage.set(retryKey(answer.hash), token)
    }
    // A subscription's first invoice (Stripe Billing), or a trial's card to save: confirmed here with
    // the PaymentMethod just made (Stripe shows 3-D Secure in place), then the order's outcome is asked of our server.
    if (!answer.statusCode && answer.clientSecret && answer.hash && stripe && token) {
      const confirmed = await stripe.confirmPayment(answer.clientSecret, token, `${window.location.origin}${localizePath(locale, `/payment-success?hash=${answer.hash}`)}`, answer.setup === true)
      const step = (await fetch(`/api/veilgate/purchase/url/?hash=${answer.hash}&locale=${locale}`)
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null)) as { status?: string; url?: string; failure?: { message: string; retryable: boolean } } | null
      if (step?.url && (step.status === 'paid' || step.status === 'awaiting_provider')) {
        setOutcome(step.status === 'paid' ? 'success' : null)
        window.location.assign(localizePath(locale, step.url))
        return null
      }
      const message = step?.failure?.message || confirmed.error?.message || texts.genericError
      failed.current = step?.failure?.retryable === false ? null : { hash: answer.hash, selection: selectionKey }
      setAlert(message)
      setOutcome('failed')
      if (method === 'card') clearCard()
      return message
    }
    if (!answer.statusCode && answer.url) {
      setOutcome(answer.status === 'paid' ? 'success' : null)
      window.location.assign(localizePath(locale, answer.url))
      return null
    }
    failed.current = answer.hash && answer.retryable ? { hash: answer.hash, selection: selectionKey } : null
    setRetryToken(null)
    // The address has an account: sign in beside the e-mail, which stays filled in.
    if (answer.code === 'ALREADY_IN_USE') {
      setSignInOpen(true)
      setError('signIn', answer.message)
      setFocusField('signIn')
      return answer.message ?? texts.genericError
    }
    // A field the API refused (the password's rules, the terms): told under it.
    if (answer.statusCode === 400 && (answer.field === 'password' || answer.field === 'terms' || answer.field === 'email')) {
      setError(answer.field, answer.message)
      setFocusField(answer.field)
      return answer.message ?? texts.genericError
    }
    // No answer: the generic message (not the browser's words); a 503 says "Server maintenance".
    const message = (!answer.noAnswer && answer.message) || texts.genericError
    setAlert(message)
    setOutcome('failed')
    if (answer.statusCode === 402 && method === 'card') clearCard()
    return message
  }

  /** Signs in beside the e-mail (`auth/login/`); the token is kept as the site's session, and the purchase goes on for that customer. */
  const signIn = async () => {
    if (signingIn) return
    if (!looksLikeEmail(email.trim().toLowerCase())) {
      setError('email', email.trim() ? texts.invalidEmail : texts.required)
      return fields.current.email?.focus()
    }
    if (!signInPassword) {
      setError('signIn', texts.required)
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
      setError('signIn', (failure as ApiFailure).message || texts.genericError)
      fields.current.signIn?.focus()
    } finally {
      setSigningIn(false)
    }
  }

  /** One payment try: busy while it runs; anything thrown (the card script, the network) is told as the generic error. Answers what `submit` answered, or that error. */
  const running = async (work: () => Promise<string | null>): Promise<string | null> => {
    setBusy(true)
    setAlert(null)
    setOutcome(null)
    try {
      return await work()
    } catch {
      setAlert(texts.genericError)
      return texts.genericError
    } finally {
      setBusy(false)
    }
  }

  /** Every field checked: true when the purchase can go; else the errors are shown and the first wrong field focused. */
  const readyToPay = () => {
    const found = Object.fromEntries(fieldOrder.map((field) => [field, fieldError(field)])) as Partial<Record<Field, string>>
    if (!blocked && !found.password && !found.terms) return true
    setErrors(found)
    const first = fieldOrder.find((field) => found[field])
    if (first) fields.current[first]?.focus()
    return false
  }

  /** The purchase's body: paying the order again (a decline's, or `?hash=`'s) as a new attempt, else a new order from the selection. */
  const purchaseBody = (paying: Record<string, unknown>) => {
    const current = selectionParams(selection).toString()
    const retry = fromOrder?.hash ?? (failed.current && failed.current.selection === current ? failed.current.hash : null)
    const body = retry
      ? { hash: retry, ...paying, locale }
      : extras
        ? { email: account?.email ?? email.trim().toLowerCase(), receiveMarketingEmails: consent, attachTo: extras.attachTo, ...attachParams(extras), ...paying, country: card.country, locale }
        : {
          email: account ? account.email : email.trim().toLowerCase(),
          ...(!account && password ? { password, terms } : {}),
          receiveMarketingEmails: consent,
          plan: selection.plan,
          slots: selection.slots,
          ...(selection.server && selection.region ? { server: selection.server, region: selection.region } : {}),
          ...(selection.ipRegion ? { ipRegion: selection.ipRegion } : {}),
          ...(selection.bonus ? { bonusCode: selection.bonus } : {}),
          ...paying,
          country: card.country,
          locale,
        }
    return { body, current }
  }

  /** A Stripe wallet's button: pressed (its sheet opens only when every field is right), then its PaymentMethod bought with. */
  const walletPressed = () => !busy && readyToPay()
  const payWithWallet = (paymentMethod: string) => async (cardToken: string) => {
    if (busy) return texts.genericError
    const { body, current } = purchaseBody({ paymentMethod, cardToken })
    return running(() => submit(body, cardToken, current))
  }

  const pay = async () => {
    if (busy) return
    setScriptDue(true)
    // A Stripe wallet pays by its own button (its sheet needs that press); Pay only checks the fields.
    if (!readyToPay() || expressWallet) return
    await running(async () => {
      // The unfinished purchase again, unchanged: sent as it was, its card token and all.
      const again = purchaseBody({ paymentMethod: method })
      if (unanswered.current && samePurchase(unanswered.current.body, again.body)) return submit(again.body, '', again.current)
      // A card is tokenized by the processor's script first; a redirect method is approved on its provider's page after.
      let cardToken: string | null = null
      if (method === 'card' && stripeOn) {
        const made = stripe && stripeCard.current
          ? await stripe.createPaymentMethod({
              name: card.name.trim(),
              email: account ? account.email : email.trim().toLowerCase(),
              country: card.country,
              postalCode: card.postalCode.trim(),
              line1: card.address.trim(),
              city: card.city.trim(),
            })
          : { error: { message: texts.genericError } }
        if ('error' in made) {
          setAlert(made.error.message || texts.genericError)
          setOutcome('failed')
          return made.error.message || texts.genericError
        }
        cardToken = made.id
      } else if (method === 'card') {
        const processor = await loadCardScript()
        const expiry = parseExpiry(card.expiry)!
        const tokenized = await processor.tokenizeCard({ number: card.number, expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc, name: card.name.trim(), postalCode: card.postalCode.trim(), locale })
        if ('error' in tokenized) {
          setAlert(tokenized.error.message)
          setOutcome('failed')
          return tokenized.error.message
        }
        cardToken = tokenized.token
      }
      const { body, current } = purchaseBody(cardToken ? { paymentMethod: 'card', cardToken } : { paymentMethod: method })
      return submit(body, cardToken ?? '', current)
    })
  }

  useEffect(() => {
    walletHandlers.current = { pressed: walletPressed, pay: payWithWallet(expressWallet ?? 'card') }
  })

  /** "Try again" after a failed authentication: the same order with the same card token, nothing re-typed. */
  const retryOrder = async () => {
    if (busy || !fromOrder || !retryToken) return
    await running(() => submit({ hash: fromOrder.hash, cardToken: retryToken, locale }, retryToken, selectionParams(selection).toString()))
  }

  return {
    ids, locale, data, texts, selection, money, dates,
    email, setEmail, consent, setConsent, method, setMethod, methods, walletMessage, card, stripeOn, stripeMount, expressShown, expressMount: setExpressTarget, wantCardScript, cardSetupKnown: cardSetup !== null, setCard, password, setPassword, terms, setTerms,
    signInOpen, setSignInOpen, signInPassword, setSignInPassword, signingIn, account,
    errors, setError, check, register, setFocusField,
    alert, busy, quote, fromOrder, orderMissing, retryToken, extras, attached,
    plan, addOnIds, prices, total, hint, blocked, stage,
    pay, signIn, retryOrder,
  }
}
