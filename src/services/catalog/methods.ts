// The payment methods a plan may be bought with.
/** The payment methods of spec section 9 (no dependencies: the picker's island imports it). */
export const paymentMethods = ['card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments', 'paymentwall'] as const
export type PaymentMethod = (typeof paymentMethods)[number]

/** The methods' brand names, the same in every language (a card is named by the page's own text). */
export const methodBrandNames: Record<PaymentMethod, string> = {
  card: 'Card',
  paypal: 'PayPal',
  'amazon-pay': 'Amazon Pay',
  'apple-pay': 'Apple Pay',
  'google-pay': 'Google Pay',
  bitcoin: 'Bitcoin',
  coinpayments: 'CoinPayments',
  paymentwall: 'Paymentwall',
}

/** A method's brand name for a stored kind (a method, or something else such as `gift`: as it is). */
export const brandNameOf = (kind: string): string => (methodBrandNames as Record<string, string>)[kind] ?? kind
