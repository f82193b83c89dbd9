/**
 * The card processor's script for checkout under PAYMENTS_PROVIDER=stripe: Stripe.js (`loadStripe`
 * from the `pure` entry, so importing this module fetches nothing) and the Payment Element in
 * deferred mode, making a PaymentMethod (`pm_…`) from the card when the buyer pays. Loaded on
 * demand like the sandbox's tokenizer, on checkout only. The card number never reaches our
 * server: it goes from Stripe's iframe to Stripe.
 */
import { loadStripe } from '@stripe/stripe-js/pure'
import type { StripeElementLocale, StripeElements, StripePaymentElement } from '@stripe/stripe-js'

/** Our billing fields, sent with the PaymentMethod (the Element asks for none of them). */
export type Billing = { name: string; email: string; country: string; postalCode: string; line1: string; city: string }
export type MadeMethod = { id: string } | { error: { message: string } }

export type StripeCard = {
  /** The order's total changed: the Element shows and checks the new amount. */
  update: (amount: number) => void
  /** Checks the Element, then makes a new PaymentMethod from what it holds (a retry after a decline makes another). */
  createPaymentMethod: (billing: Billing) => Promise<MadeMethod>
  focus: () => void
  destroy: () => void
}

/** Our locale codes that Stripe names differently; codes Stripe lacks fall back to the browser's (`auto`). */
const stripeLocales: Record<string, StripeElementLocale> = { jp: 'ja', no: 'nb' }
const supported = new Set<string>(['ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'hr', 'ko', 'lt', 'lv', 'nl', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'zh'])
export const stripeLocale = (locale: string): StripeElementLocale => stripeLocales[locale] ?? (supported.has(locale) ? (locale as StripeElementLocale) : 'auto')

/** A deferred Element needs a positive amount; a free first period saves the card instead. */
const modeFor = (amount: number) => (amount > 0 ? ({ mode: 'payment', amount } as const) : ({ mode: 'setup' } as const))

export async function mountStripeCard(input: { publishableKey: string; locale: string; amount: number; target: HTMLElement; onChange: (complete: boolean) => void }): Promise<StripeCard> {
  const stripe = await loadStripe(input.publishableKey)
  if (!stripe) throw new Error('Stripe.js did not load')
  const elements: StripeElements = stripe.elements({ ...modeFor(input.amount), currency: 'usd', paymentMethodCreation: 'manual', locale: stripeLocale(input.locale) })
  const element: StripePaymentElement = elements.create('payment', { wallets: { applePay: 'never', googlePay: 'never' }, fields: { billingDetails: 'never' } })
  element.on('change', (event) => input.onChange(event.complete))
  element.mount(input.target)
  return {
    update: (amount) => elements.update(modeFor(amount)),
    async createPaymentMethod(billing) {
      const submitted = await elements.submit()
      if (submitted.error) return { error: { message: submitted.error.message ?? '' } }
      const made = await stripe.createPaymentMethod({
        elements,
        params: {
          billing_details: {
            name: billing.name,
            email: billing.email,
            phone: '',
            address: { country: billing.country, postal_code: billing.postalCode, line1: billing.line1, line2: '', city: billing.city, state: '' },
          },
        },
      })
      if (made.error || !made.paymentMethod) return { error: { message: made.error?.message ?? '' } }
      return { id: made.paymentMethod.id }
    },
    focus: () => element.focus(),
    destroy: () => element.destroy(),
  }
}
