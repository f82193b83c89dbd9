/**
 * The error catalogue (spec section 8, with the section 5 validation codes): every code an
 * endpoint answers, its HTTP status, and the key of its message in the `Errors` namespace of
 * `messages/*.json`. Browser-safe: no server imports.
 */
export const errorStatus = {
  // Section 5 validation codes and other malformed input.
  REQUIRED: 400,
  INVALID_EMAIL: 400,
  PASSWORD_WHITESPACE: 400,
  PASSWORD_ASCII: 400,
  PASSWORD_BAD: 400,
  CONFIRM_PASSWORD: 400,
  TERMS_AGREE: 400,
  NOT_VERIFIED_CAPTCHA: 400,
  INVALID_USERNAME: 400,
  INVALID_VEILGATE_ID: 400,
  BAD_NEW_BONUS_CODE: 400,
  USE_NEW_BONUS_CODE_ON_OWN_ACC: 400,
  INVALID_AMOUNT_NEW_BONUS_CODE: 400,
  INVALID_BONUS_CODE: 400,
  INVALID_INPUT: 400,
  INVALID_SIGNATURE: 400,
  INVALID_FAST_LOGIN_CODE: 400,
  // Card input the processor refuses before a charge.
  INCORRECT_NUMBER: 400,
  INVALID_EXPIRY_MONTH: 400,
  INVALID_EXPIRY_YEAR: 400,
  INVALID_CVC: 400,
  // Who you are.
  INVALID_USERNAME_OR_PASSWORD: 401,
  EXPIRED_SESSION: 401,
  ACCOUNT_BANNED: 403,
  ACCOUNT_NOT_CONFIRMED: 403,
  CROSS_SITE_REQUEST: 403,
  // A charge the card's issuer or the processor declined (402 Payment Required).
  CARD_DECLINED: 402,
  INSUFFICIENT_FUNDS: 402,
  LOST_CARD: 402,
  STOLEN_CARD: 402,
  EXPIRED_CARD: 402,
  INCORRECT_CVC: 402,
  PROCESSING_ERROR: 402,
  INCORRECT_ZIP: 402,
  AUTHENTICATION_FAILURE: 402,
  // A redirect method (PayPal, Paymentwall) the buyer canceled, or the provider declined.
  PAYMENT_CANCELED: 402,
  PAYMENT_DECLINED: 402,
  // A crypto invoice paid short: the coins that came are not the total.
  PAYMENT_UNDERPAID: 402,
  NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  PLAN_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ALREADY_IN_USE: 409,
  EMAIL_ALREADY_USED_FOR_LOGIN: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  ORDER_NOT_RETRYABLE: 409,
  AUTO_RENEW_LOCKED: 409,
  TRIAL_ALREADY_USED: 409,
  REFUND_WINDOW_CLOSED: 409,
  ORDER_NOT_REFUNDABLE: 409,
  PAYLOAD_TOO_LARGE: 413,
  LOGIN_ATTEMPTS_EXCEEDED: 423,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  undefinedError: 500,
  SERVER_MAINTENANCE: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

export const errorCodes = Object.keys(errorStatus) as ErrorCode[]

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(errorStatus, value)

/** The JSON body of every error answer. */
export type ErrorBody = { statusCode: number; code: ErrorCode | string; message: string; field?: string }
