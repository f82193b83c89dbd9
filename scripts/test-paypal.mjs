#!/usr/bin/env node
// `npm run test:paypal`: the PayPal adapter against PayPal's sandbox (tests/live/paypal.live.test.ts),
// only when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET of a sandbox REST app are set and the network
// reaches PayPal. Anything else is said and skipped (exit 0): the live environment is never used by a test.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

if (!process.env.PAYPAL_CLIENT_ID || !process.env.PAYPAL_CLIENT_SECRET) {
  console.log('[test:paypal] skipped: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET of a PayPal sandbox REST app to run the live PayPal suite')
  process.exit(0)
}
if (process.env.PAYPAL_ENVIRONMENT === 'live') {
  console.log('[test:paypal] skipped: PAYPAL_ENVIRONMENT=live; the live suite runs against the sandbox only')
  process.exit(0)
}
const vitest = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest')
const result = spawnSync(vitest, ['run', '--project', 'paypal-live'], { stdio: 'inherit', env: { ...process.env, PAYPAL_API_URL: '', PAYPAL_ENVIRONMENT: 'sandbox' } })
process.exit(result.status ?? 1)
