// The payment methods a plan may be bought with.
/** The payment methods of spec section 9 (no dependencies: the picker's island imports it). */
export const paymentMethods = ['card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments', 'paymentwall'] as const
export type PaymentMethod = (typeof paymentMethods)[number]
