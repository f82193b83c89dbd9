// Whether PayPal's REST app takes PayPal payments here: none of its settings (the sandbox does), all three, or a half-set app (refused).

export type PaypalKeys = { clientId?: string; clientSecret?: string; webhookId?: string }

const names = { clientId: 'PAYPAL_CLIENT_ID', clientSecret: 'PAYPAL_CLIENT_SECRET', webhookId: 'PAYPAL_WEBHOOK_ID' } as const

/**
 * `off` when no PayPal setting is given (the sandbox takes PayPal, as before), `ready` with all
 * three, else `broken` with the log line naming what is missing (PayPal then answers 503 and
 * leaves checkout; nothing falls back to the sandbox behind an operator's back).
 */
export function paypalSetup(keys: PaypalKeys): { state: 'off' } | { state: 'ready' } | { state: 'broken'; problem: string } {
  const missing = (Object.keys(names) as (keyof typeof names)[]).filter((key) => !keys[key])
  if (missing.length === 3) return { state: 'off' }
  if (!missing.length) return { state: 'ready' }
  return { state: 'broken', problem: `[payments] PayPal needs ${missing.map((key) => names[key]).join(' and ')} beside the others: PayPal purchases answer 503` }
}
