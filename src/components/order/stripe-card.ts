/**
 * The card processor's script for checkout under PAYMENTS_PROVIDER=stripe: Stripe.js (`loadStripe`
 * from the `pure` entry, so importing this module fetches nothing) and one Elements group in
 * deferred mode, holding the Payment Element (the card) or the Express Checkout Element (Apple Pay,
 * Google Pay), each making a PaymentMethod (`pm_…`) when the buyer pays. Loaded on demand like the
 * sandbox's tokenizer, on checkout only. The card number never reaches our server: it goes from
 * Stripe's iframe (or the wallet) to Stripe.
 */
import { loadStripe } from '@stripe/stripe-js/pure'
import type { StripeElementLocale, StripeElements, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js'

/** Our billing fields, sent with a card's PaymentMethod (the Element asks for none of them). */
export type Billing = { name: string; email: string; country: string; postalCode: string; line1: string; city: string }
export type MadeMethod = { id: string } | { error: { message: string } }
export type StripeWallet = 'apple-pay' | 'google-pay'

/** What checkout does with the Express Checkout Element's events. */
export type ExpressHandlers = {
  /** Whether the device and Stripe offer the wallet (the Element's `ready`), or false when it failed to load. */
  onReady: (offered: boolean) => void
  /** The wallet's button was pressed: true opens the wallet's sheet, false (a field to fix first) keeps it shut. */
  onClick: () => boolean
  /** The wallet made a PaymentMethod: the purchase is sent; the answer is null when it went through, else the message the sheet shows. */
  onPaymentMethod: (id: string) => Promise<string | null>
  /** The wallet made no PaymentMethod: its message. */
  onError: (message: string) => void
}

export type Mounted = { focus: () => void; destroy: () => void }

export type StripeCheckout = {
  /** The order's total changed: both Elements show and check the new amount. */
  update: (amount: number) => void
  /** The Payment Element (number, expiry, CVC) in `target`; `onChange` tells whether it holds a complete card. */
  mountCard: (target: HTMLElement, onChange: (complete: boolean) => void) => Mounted
  /** The Express Checkout Element in `target`, showing one wallet's button where the device and Stripe offer it. */
  mountExpress: (target: HTMLElement, wallet: StripeWallet, handlers: ExpressHandlers) => Mounted
  /** Checks the Payment Element, then makes a new PaymentMethod from what it holds (a retry after a decline makes another). */
  createPaymentMethod: (billing: Billing) => Promise<MadeMethod>
  /**
   * Confirms what the server left to the browser with the PaymentMethod made: a subscription's
   * first invoice (`confirmPayment`), or a trial's card to save (`setup`: `confirmSetup`). Stripe
   * shows 3-D Secure in place; the order's outcome is read from our server after.
   */
  confirmPayment: (clientSecret: string, paymentMethod: string, returnUrl: string, setup?: boolean) => Promise<{ error?: { message: string } }>
}

/** Our locale codes that Stripe names differently; codes Stripe lacks fall back to the browser's (`auto`). */
const stripeLocales: Record<string, StripeElementLocale> = { jp: 'ja', no: 'nb' }
const supported = new Set<string>(['ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'hr', 'ko', 'lt', 'lv', 'nl', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'zh'])
export const stripeLocale = (locale: string): StripeElementLocale => stripeLocales[locale] ?? (supported.has(locale) ? (locale as StripeElementLocale) : 'auto')

/** A deferred Element needs a positive amount; a free first period saves the card instead. */
const modeFor = (amount: number) => (amount > 0 ? ({ mode: 'payment', amount } as const) : ({ mode: 'setup' } as const))

/** The Express Checkout Element's options for one wallet: only its button, never Link, PayPal, Amazon Pay or Klarna (ours go through their own providers). */
export const expressOptions = (wallet: StripeWallet) =>
  ({
    paymentMethods: { applePay: wallet === 'apple-pay' ? 'auto' : 'never', googlePay: wallet === 'google-pay' ? 'auto' : 'never', link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' },
    buttonType: { applePay: 'buy', googlePay: 'buy' },
    buttonHeight: 48,
  }) as const

/** Stripe.js with one Elements group for the order's total; `load` is `loadStripe` but in unit tests. */
export async function openStripe(input: { publishableKey: string; locale: string; amount: number }, load: typeof loadStripe = loadStripe): Promise<StripeCheckout> {
  const stripe = await load(input.publishableKey)
  if (!stripe) throw new Error('Stripe.js did not load')
  const elements: StripeElements = stripe.elements({ ...modeFor(input.amount), currency: 'usd', paymentMethodCreation: 'manual', locale: stripeLocale(input.locale) })

  /** `elements.submit()`, then a PaymentMethod from whichever Element is mounted (only one is, at a time). */
  const makeMethod = async (billing?: Billing): Promise<MadeMethod> => {
    const submitted = await elements.submit()
    if (submitted.error) return { error: { message: submitted.error.message ?? '' } }
    const made = await stripe.createPaymentMethod(
      billing
        ? {
            elements,
            params: {
              billing_details: {
                name: billing.name,
                email: billing.email,
                phone: '',
                address: { country: billing.country, postal_code: billing.postalCode, line1: billing.line1, line2: '', city: billing.city, state: '' },
              },
            },
          }
        : // A wallet's name and address come from the wallet.
          { elements },
    )
    if (made.error || !made.paymentMethod) return { error: { message: made.error?.message ?? '' } }
    return { id: made.paymentMethod.id }
  }

  return {
    update: (amount) => elements.update(modeFor(amount)),
    mountCard(target, onChange) {
      const element = elements.create('payment', { wallets: { applePay: 'never', googlePay: 'never' }, fields: { billingDetails: 'never' } })
      element.on('change', (event) => onChange(event.complete))
      element.mount(target)
      return { focus: () => element.focus(), destroy: () => element.destroy() }
    },
    mountExpress(target, wallet, handlers) {
      const element = elements.create('expressCheckout', expressOptions(wallet))
      const key = wallet === 'apple-pay' ? 'applePay' : 'googlePay'
      element.on('ready', (event) => handlers.onReady(Boolean(event.availablePaymentMethods?.[key])))
      element.on('loaderror', () => handlers.onReady(false))
      element.on('click', (event) => (handlers.onClick() ? event.resolve() : event.reject()))
      element.on('confirm', (event: StripeExpressCheckoutElementConfirmEvent) => {
        void makeMethod().then(async (made) => {
          if ('error' in made) {
            event.paymentFailed({ reason: 'fail' })
            return handlers.onError(made.error.message)
          }
          const failure = await handlers.onPaymentMethod(made.id)
          if (failure !== null) event.paymentFailed({ reason: 'fail', message: failure })
        })
      })
      element.mount(target)
      return { focus: () => element.focus(), destroy: () => element.destroy() }
    },
    createPaymentMethod: (billing) => makeMethod(billing),
    async confirmPayment(clientSecret, paymentMethod, returnUrl, setup = false) {
      const confirmParams = { payment_method: paymentMethod, return_url: returnUrl }
      const confirmed = setup ? await stripe.confirmSetup({ clientSecret, confirmParams, redirect: 'if_required' }) : await stripe.confirmPayment({ clientSecret, confirmParams, redirect: 'if_required' })
      return confirmed.error ? { error: { message: confirmed.error.message ?? '' } } : {}
    },
  }
}
