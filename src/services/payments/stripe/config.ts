// Whether Stripe's keys let it take card payments here: all three present, and all of one mode.

export type StripeKeys = { secretKey?: string; publishableKey?: string; webhookSecret?: string }

/** `live` or `test`, from a secret (`sk_…`, restricted `rk_…`) or publishable (`pk_…`) key. */
export const keyMode = (key: string): 'live' | 'test' | null => (/^(?:sk|rk|pk)_(live|test)_/.exec(key)?.[1] as 'live' | 'test' | undefined) ?? null

/** Stripe takes cards here: PAYMENTS_PROVIDER=stripe with its three keys in order (the proxy's question, without the registry). */
export const stripeCardsOn = (settings: { PAYMENTS_PROVIDER: string; STRIPE_SECRET_KEY?: string; STRIPE_PUBLISHABLE_KEY?: string; STRIPE_WEBHOOK_SECRET?: string }) =>
  settings.PAYMENTS_PROVIDER === 'stripe' &&
  stripeConfigProblem({ secretKey: settings.STRIPE_SECRET_KEY, publishableKey: settings.STRIPE_PUBLISHABLE_KEY, webhookSecret: settings.STRIPE_WEBHOOK_SECRET }) === null

/**
 * Why PAYMENTS_PROVIDER=stripe cannot take card payments with these keys (the log line, naming the
 * variable), or null when it can: the secret key makes PaymentIntents, the publishable key lets
 * Stripe.js make PaymentMethods in the browser, the webhook secret verifies Stripe's events; a
 * live key beside a test one would make PaymentMethods the server cannot charge.
 */
export function stripeConfigProblem(keys: StripeKeys): string | null {
  const needs = (name: string) => `[payments] PAYMENTS_PROVIDER=stripe needs ${name}: card purchases answer 503`
  if (!keys.secretKey) return needs('STRIPE_SECRET_KEY')
  if (!keys.publishableKey) return needs('STRIPE_PUBLISHABLE_KEY')
  if (!keys.webhookSecret) return needs('STRIPE_WEBHOOK_SECRET')
  const secret = keyMode(keys.secretKey)
  const publishable = keyMode(keys.publishableKey)
  if (secret !== publishable) return `[payments] STRIPE_SECRET_KEY is a ${secret} key but STRIPE_PUBLISHABLE_KEY a ${publishable} key: card purchases answer 503`
  return null
}
