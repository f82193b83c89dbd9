// The purchase state the picker and checkout share. Pure.
/**
 * The purchase state of spec section 3, shared by the plan picker and checkout: pure, no
 * framework. Rules (spec section 4): clearing a purchase resets the plan, payment method, region,
 * IP region and slot plan; setting a region clears the IP region, and setting an IP region clears
 * the region (a personal server and a static IP are alternatives).
 */
import type { PaymentMethod } from '@/services/catalog/methods'

export type PurchaseState = {
  plan: string | null
  paymentMethod: PaymentMethod | null
  /** Location code of a personal server (`de-frankfurt`). */
  region: string | null
  /** Location code of a personal static IP. */
  ipRegion: string | null
  email: string
  isValidEmail: boolean
  receiveMarketingEmails: boolean
  bonusCode: string | null
  /** Purchase id of the device-slots add-on. */
  slotPlan: string | null
}

export const initialPurchase: PurchaseState = Object.freeze({
  plan: null,
  paymentMethod: null,
  region: null,
  ipRegion: null,
  email: '',
  isValidEmail: false,
  receiveMarketingEmails: true,
  bonusCode: null,
  slotPlan: null,
})

export type PurchaseAction =
  | { type: 'setPlan'; plan: string | null }
  | { type: 'setPaymentMethod'; method: PaymentMethod | null }
  | { type: 'setRegion'; region: string | null }
  | { type: 'setIpRegion'; ipRegion: string | null }
  | { type: 'setSlotPlan'; slotPlan: string | null }
  | { type: 'setEmail'; email: string }
  | { type: 'setMarketing'; receive: boolean }
  | { type: 'setBonusCode'; code: string | null }
  | { type: 'clear' }

/** A plausible address (one @, a dot in the domain, no spaces); the server checks it again. */
export const looksLikeEmail = (value: string) => value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

export function purchaseReducer(state: PurchaseState, action: PurchaseAction): PurchaseState {
  switch (action.type) {
    case 'setPlan':
      return { ...state, plan: action.plan }
    case 'setPaymentMethod':
      return { ...state, paymentMethod: action.method }
    case 'setRegion':
      return { ...state, region: action.region, ipRegion: action.region ? null : state.ipRegion }
    case 'setIpRegion':
      return { ...state, ipRegion: action.ipRegion, region: action.ipRegion ? null : state.region }
    case 'setSlotPlan':
      return { ...state, slotPlan: action.slotPlan }
    case 'setEmail': {
      const email = action.email.trim()
      return { ...state, email, isValidEmail: looksLikeEmail(email) }
    }
    case 'setMarketing':
      return { ...state, receiveMarketingEmails: action.receive }
    case 'setBonusCode':
      return { ...state, bonusCode: action.code?.trim() ? action.code.trim().toUpperCase() : null }
    case 'clear':
      return { ...state, plan: null, paymentMethod: null, region: null, ipRegion: null, slotPlan: null }
  }
}
