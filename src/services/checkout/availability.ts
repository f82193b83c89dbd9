import { env } from '@/lib/env'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * Whether the sandbox card processor may take payments: always outside production; in production
 * only on a loopback SITE_URL, unless PAYMENTS_SANDBOX says `on` (or `off`: never).
 */
export function sandboxAllowed(input: { nodeEnv: string | undefined; siteUrl: string; setting: 'auto' | 'on' | 'off' }): boolean {
  if (input.setting === 'off') return false
  if (input.setting === 'on' || input.nodeEnv !== 'production') return true
  try {
    return LOOPBACK.has(new URL(input.siteUrl).hostname)
  } catch {
    return false
  }
}

let logged = false

/** The configured provider can take payments now; else one log line says why (once per process). */
export function paymentsAvailable(): boolean {
  const settings = env()
  if (settings.PAYMENTS_PROVIDER !== 'sandbox') return false
  const allowed = sandboxAllowed({ nodeEnv: process.env.NODE_ENV, siteUrl: settings.SITE_URL, setting: settings.PAYMENTS_SANDBOX })
  if (!allowed && !logged) {
    logged = true
    console.warn(
      settings.PAYMENTS_SANDBOX === 'off'
        ? '[payments] the sandbox card processor is off (PAYMENTS_SANDBOX=off): purchases answer 503'
        : '[payments] refusing the sandbox card processor in production on a public SITE_URL (set PAYMENTS_SANDBOX=on to allow it): purchases answer 503',
    )
  }
  return allowed
}
