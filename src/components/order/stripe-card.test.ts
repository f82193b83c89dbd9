// Unit tests of the Stripe card module: the Element's locale for each of ours, and the Elements group against a fake Stripe.js (the card's billing, the wallet's button, sheet and PaymentMethod).
import { describe, expect, it } from 'vitest'
import { locales } from '@/i18n/locales'
import { expressOptions, openStripe, stripeLocale, type ExpressHandlers } from './stripe-card'

describe('the Payment Element’s locale', () => {
  it('is ours where Stripe has it, Stripe’s name where it differs, else the browser’s', () => {
    expect(['en', 'de', 'ar', 'zh', 'pt'].map(stripeLocale)).toEqual(['en', 'de', 'ar', 'zh', 'pt'])
    expect([stripeLocale('jp'), stripeLocale('no')]).toEqual(['ja', 'nb'])
    expect(['fa', 'be', 'bs', 'sr', 'ua', 'is'].map(stripeLocale)).toEqual(Array(6).fill('auto'))
    // Every locale of the site gets an answer Stripe takes.
    for (const { code } of locales) expect(stripeLocale(code)).toMatch(/^(?:auto|[a-z]{2})$/)
  })
})

type Listener = (event: Record<string, unknown>) => void
/** Stripe.js as far as the module calls it: each Element keeps its listeners, each call is recorded. */
function fakeStripe(made: { paymentMethod?: { id: string }; error?: { message: string } } = { paymentMethod: { id: 'pm_1' } }) {
  const calls: { name: string; args: unknown[] }[] = []
  const listeners: Record<string, Listener> = {}
  const elements = {
    create: (type: string, options: unknown) => {
      calls.push({ name: 'create', args: [type, options] })
      return {
        on: (name: string, listener: Listener) => (listeners[name] = listener),
        mount: () => calls.push({ name: 'mount', args: [type] }),
        focus: () => undefined,
        destroy: () => calls.push({ name: 'destroy', args: [type] }),
      }
    },
    update: (options: unknown) => calls.push({ name: 'update', args: [options] }),
    submit: async () => ({}),
  }
  const stripe = {
    elements: (options: unknown) => {
      calls.push({ name: 'elements', args: [options] })
      return elements
    },
    createPaymentMethod: async (options: unknown) => {
      calls.push({ name: 'createPaymentMethod', args: [options] })
      return made
    },
  }
  const load = (async () => stripe) as unknown as Parameters<typeof openStripe>[1]
  return { calls, listeners, load, elements }
}
const target = {} as HTMLElement
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const handlers = (overrides: Partial<ExpressHandlers> = {}) => {
  const seen = { ready: [] as boolean[], errors: [] as string[], paid: [] as string[] }
  const value: ExpressHandlers = {
    onReady: (offered) => seen.ready.push(offered),
    onClick: () => true,
    onPaymentMethod: async (id) => {
      seen.paid.push(id)
      return null
    },
    onError: (message) => seen.errors.push(message),
    ...overrides,
  }
  return { seen, value }
}

describe('Stripe’s Elements group', () => {
  it('is deferred for the order’s total, saves the card when nothing is due, and follows the total', async () => {
    const fake = fakeStripe()
    const opened = await openStripe({ publishableKey: 'pk_test_1', locale: 'jp', amount: 0 }, fake.load)
    opened.update(4_999)
    expect(fake.calls.slice(0, 2)).toEqual([
      { name: 'elements', args: [{ mode: 'setup', currency: 'usd', paymentMethodCreation: 'manual', locale: 'ja' }] },
      { name: 'update', args: [{ mode: 'payment', amount: 4_999 }] },
    ])
  })

  it('sends our name and address with a card’s PaymentMethod', async () => {
    const fake = fakeStripe()
    const opened = await openStripe({ publishableKey: 'pk_test_1', locale: 'en', amount: 100 }, fake.load)
    opened.mountCard(target, () => undefined)
    const made = await opened.createPaymentMethod({ name: 'Ada', email: 'a@example.com', country: 'DE', postalCode: '10115', line1: 'Street 1', city: 'Berlin' })
    expect(made).toEqual({ id: 'pm_1' })
    const call = fake.calls.find((entry) => entry.name === 'createPaymentMethod')!.args[0] as { params: { billing_details: { name: string; address: { postal_code: string } } } }
    expect(call.params.billing_details).toMatchObject({ name: 'Ada', address: { postal_code: '10115' } })
  })

  it('shows one wallet’s button and says whether the device and Stripe offer it', async () => {
    const fake = fakeStripe()
    const opened = await openStripe({ publishableKey: 'pk_test_1', locale: 'en', amount: 100 }, fake.load)
    const apple = handlers()
    opened.mountExpress(target, 'apple-pay', apple.value)
    expect(fake.calls.find((entry) => entry.name === 'create')!.args).toEqual(['expressCheckout', expressOptions('apple-pay')])
    expect(expressOptions('apple-pay').paymentMethods).toEqual({ applePay: 'auto', googlePay: 'never', link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' })
    fake.listeners.ready!({ availablePaymentMethods: { googlePay: true } })
    fake.listeners.ready!({ availablePaymentMethods: undefined })
    fake.listeners.ready!({ availablePaymentMethods: { applePay: true } })
    fake.listeners.loaderror!({})
    expect(apple.seen.ready).toEqual([false, false, true, false])
  })

  it('opens the wallet’s sheet only when checkout’s fields are right', async () => {
    const fake = fakeStripe()
    const opened = await openStripe({ publishableKey: 'pk_test_1', locale: 'en', amount: 100 }, fake.load)
    let right = false
    opened.mountExpress(target, 'google-pay', handlers({ onClick: () => right }).value)
    const answers: string[] = []
    const click = { resolve: () => answers.push('resolve'), reject: () => answers.push('reject') }
    fake.listeners.click!(click)
    right = true
    fake.listeners.click!(click)
    expect(answers).toEqual(['reject', 'resolve'])
  })

  it('buys with the wallet’s PaymentMethod (its own name and address) and tells a refusal on the sheet', async () => {
    const fake = fakeStripe({ paymentMethod: { id: 'pm_wallet' } })
    const opened = await openStripe({ publishableKey: 'pk_test_1', locale: 'en', amount: 100 }, fake.load)
    const answers: (string | null)[] = ['Your card was declined.', null]
    const wallet = handlers({ onPaymentMethod: async () => answers.shift() ?? null })
    opened.mountExpress(target, 'google-pay', wallet.value)
    const failed: unknown[] = []
    const confirm = { expressPaymentType: 'google_pay', paymentFailed: (payload: unknown) => failed.push(payload) }
    fake.listeners.confirm!(confirm)
    await settle()
    fake.listeners.confirm!(confirm)
    await settle()
    expect(failed).toEqual([{ reason: 'fail', message: 'Your card was declined.' }])
    expect(fake.calls.filter((entry) => entry.name === 'createPaymentMethod').map((entry) => entry.args[0])).toEqual([{ elements: fake.elements }, { elements: fake.elements }])
  })

  it('fails the sheet when the wallet made no PaymentMethod, and buys nothing', async () => {
    const fake = fakeStripe({ error: { message: 'Your card is not supported.' } })
    const opened = await openStripe({ publishableKey: 'pk_test_1', locale: 'en', amount: 100 }, fake.load)
    const wallet = handlers()
    opened.mountExpress(target, 'apple-pay', wallet.value)
    const failed: unknown[] = []
    fake.listeners.confirm!({ paymentFailed: (payload: unknown) => failed.push(payload) })
    await settle()
    expect(failed).toEqual([{ reason: 'fail' }])
    expect(wallet.seen).toMatchObject({ errors: ['Your card is not supported.'], paid: [] })
  })
})
