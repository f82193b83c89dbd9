// Checkout's links to the browser: the order named by `?hash=`, tab storage, URL changes and the card script.
import { cardLabel } from '@/services/purchase-flow/checkout-rules'
import type { OrderView } from './types'
import { realNow } from '@/lib/clock'

/**
 * Where an order named by `?hash=` stands (`purchase/url/`, which first brings it up to date):
 * paid or waiting for the processor → its success page; waiting for 3-D Secure → that page;
 * failed, not yet charged, or a subscription's first invoice never confirmed → its lines (`purchase-detail-by-hash/`), renewal (`success-info/`)
 * and failure, to pay again; anything else (expired, unknown) → null.
 */
export async function loadOrder(hash: string, locale: string, signal: AbortSignal): Promise<OrderView | { go: string } | null> {
  const read = (path: string, extra = '') => fetch(`/api/veilgate/${path}?hash=${hash}${extra}`, { signal }).then((response) => (response.ok ? response.json() : null))
  const step = (await read('purchase/url/', `&locale=${locale}`)) as { status: string; url: string; failure?: OrderView['failure'] } | null
  if (!step) return null
  // A subscription's first invoice left unconfirmed waits on this page (its url is checkout's): paid again from here.
  const confirmHere = step.status === 'requires_action' && step.url.startsWith('/order/checkout')
  if (['paid', 'awaiting_provider', 'requires_action'].includes(step.status) && !confirmHere) return { go: step.url }
  if (step.status !== 'failed' && step.status !== 'pending' && !confirmHere) return null
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

export const storage = {
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
export const CARD_SCRIPT_DELAY_MS = 1700

export const URL_CHANGE = 'veilgate:checkout-url'
export const subscribeToUrl = (notify: () => void) => {
  window.addEventListener('popstate', notify)
  window.addEventListener(URL_CHANGE, notify)
  return () => {
    window.removeEventListener('popstate', notify)
    window.removeEventListener(URL_CHANGE, notify)
  }
}

let cardScript: Promise<typeof import('../sandbox-card')> | null = null
/** The card processor's script, loaded once, on demand. */
export const loadCardScript = () => (cardScript ??= import('../sandbox-card'))

export const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${realNow().getTime()}-${Math.random().toString(36).slice(2)}`)

/**
 * Whether this device offers a wallet: Apple Pay by `ApplePaySession.canMakePayments()`, Google
 * Pay by a `PaymentRequest` for its method asked `canMakePayment()` (no answer in 3 s: no);
 * `sandbox` (SANDBOX_WALLETS=available) stands for a device that offers both.
 */
export async function deviceOffers(method: 'apple-pay' | 'google-pay', sandbox: boolean): Promise<boolean> {
  if (sandbox) return true
  try {
    if (method === 'apple-pay') {
      const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession
      return Boolean(session?.canMakePayments?.())
    }
    if (typeof PaymentRequest === 'undefined') return false
    const googlePay = { apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [{ type: 'CARD', parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['MASTERCARD', 'VISA'] } }] }
    const request = new PaymentRequest([{ supportedMethods: 'https://google.com/pay', data: googlePay }], { total: { label: 'Total', amount: { currency: 'USD', value: '0.00' } } })
    return await Promise.race([request.canMakePayment(), new Promise<boolean>((resolve) => window.setTimeout(() => resolve(false), 3000))])
  } catch {
    return false
  }
}
