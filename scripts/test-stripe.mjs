#!/usr/bin/env node
// `npm run test:stripe`: the Stripe adapter against Stripe's test mode (tests/live/), only when
// STRIPE_SECRET_KEY is a test key (sk_test_…) and the network reaches Stripe. Anything else is
// said and skipped (exit 0): a live key is never used by a test.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const key = process.env.STRIPE_SECRET_KEY ?? ''
if (!key.startsWith('sk_test_')) {
  console.log('[test:stripe] skipped: set STRIPE_SECRET_KEY to a test-mode key (sk_test_…) to run the live Stripe suite')
  process.exit(0)
}
const vitest = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest')
const result = spawnSync(vitest, ['run', '--project', 'stripe-live'], { stdio: 'inherit', env: { ...process.env, STRIPE_API_URL: '' } })
process.exit(result.status ?? 1)
