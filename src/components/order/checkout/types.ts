// Checkout's shared types: its texts, its fields, the server's quote and an unpaid order shown again.
import type { ExtrasRefusal } from '@/services/orders/extras'
import type { PickerData } from '@/services/purchase-flow/picker'
import type { HintKey } from '@/services/purchase-flow/checkout-rules'
import type { PasswordIssue } from '@/lib/validation/password-rule'

export type CheckoutTexts = Record<
  | 'summaryHeading' | 'changePlan' | 'total' | 'renews' | 'oneTime' | 'emailLabel' | 'invalidEmail' | 'required' | 'marketingConsent' | 'noSpam'
  | 'methodLegend' | 'methodCard' | 'methodPaypal' | 'methodPaymentwall' | 'methodRedirect' | 'methodInvoice' | 'walletApple' | 'walletGeneric' | 'cardLegend' | 'cardName' | 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'country' | 'address' | 'city' | 'postalCode'
  | 'pay' | 'paying' | 'bonusToggle' | 'bonusLabel' | 'bonusApply' | 'stepsLabel' | 'stagePricing' | 'stageSuccess' | 'stageFailed' | 'receiptTo' | 'orderNotFound' | 'trialEnds' | 'tryAgain' | 'genericError' | 'passwordLabel' | 'passwordHint' | 'termsLabel' | 'signInToggle' | 'signIn' | 'signedInAs' | 'signOut' | HintKey
  | 'addedTo' | 'backToAccount' | 'extrasEnded' | 'extrasTrial' | 'extrasRenewing' | 'extrasNotAvailable' | 'extrasOwned',
  string
> & { addOnLabels: Record<string, string>; errors: Record<PasswordIssue | 'TERMS_AGREE', string> }

export type CheckoutProps = {
  locale: string
  data: PickerData
  texts: CheckoutTexts
  countries: { code: string; name: string }[]
  defaultCountry: string
  /** SANDBOX_WALLETS=available: act as a device that offers Apple Pay and Google Pay. */
  sandboxWallets?: boolean
}

export type Field = 'email' | 'password' | 'terms' | 'signIn' | 'name' | 'number' | 'expiry' | 'cvc' | 'country' | 'postalCode' | 'method'

/** The order in which fields are checked and the first wrong one is focused. */
export const fieldOrder: Field[] = ['email', 'password', 'terms', 'method', 'name', 'number', 'expiry', 'cvc', 'country', 'postalCode']

/**
 * Extras for a subscription (`?attachTo=`): the plan they are added to and until when, and the
 * prorated lines `check-upgrade-possibility/` priced; or why the subscription takes none now.
 */
export type Attached =
  | { possible: true; plan: { id: string; title: string }; lines: { id: string; amount: number; renewalAmount: number | null; region: string | null }[]; total: number; periodEnd: string }
  | { possible: false; reason: ExtrasRefusal }

export type Quote = { total: number; discount: number; renewal: { cost: number; at: string } | null; trialEndsAt: string | null }

/** An unpaid order named by `?hash=`: checkout charges it again instead of making a new one. */
export type OrderView = {
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

/** The methods checkout can offer, in this order (each with its name and mark); the plan and the site narrow them. */
export const checkoutMethods = ['card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'paymentwall', 'bitcoin', 'coinpayments'] as const
export type CheckoutMethod = (typeof checkoutMethods)[number]

/** The methods the buyer's device must offer (asked on choosing one). */
export const deviceWallets = ['apple-pay', 'google-pay'] as const
export type DeviceWallet = (typeof deviceWallets)[number]
export const isDeviceWallet = (method: string | null): method is DeviceWallet => (deviceWallets as readonly string[]).includes(method ?? '')
