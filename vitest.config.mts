import { defineConfig } from 'vitest/config'

// End-to-end files that change what every visitor sees or counts (an active experiment, an
// editor's prices, a burst that fills the address's rate limits, the sandbox clock moved a month
// on, which expires every other file's links and sessions) run alone, after the others; so does
// the jobs view.
const e2eAlone = [
  'tests/e2e/experiments.e2e.test.ts',
  'tests/e2e/editor.e2e.test.ts',
  'tests/e2e/catalog.e2e.test.ts',
  'tests/e2e/security.e2e.test.ts',
  'tests/e2e/maintenance.e2e.test.ts',
  'tests/e2e/renewal-rules.e2e.test.ts',
  'tests/e2e/sandbox-clock.e2e.test.ts',
  'tests/e2e/amazon-expiry.e2e.test.ts',
  'tests/e2e/stripe-checkout.e2e.test.ts',
  'tests/e2e/refund.e2e.test.ts',
  'tests/e2e/shared-state.e2e.test.ts',
  'tests/e2e/fuzz.e2e.test.ts',
]

// A condition an end-to-end test polls for (an answer after a password hash, an e-mail through the
// queue) may take seconds on a loaded machine: Vitest's 1-s default made such polls fail there.
const e2eExpect = { poll: { timeout: 15_000 } }

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          // Against Stripe's own test mode: run by `npm run test:stripe` only (never by `npm test`).
          name: 'stripe-live',
          include: ['tests/live/stripe.live.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Against PayPal's sandbox: run by `npm run test:paypal` only (never by `npm test`).
          name: 'paypal-live',
          include: ['tests/live/paypal.live.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.mjs', 'tests/support/**/*.test.ts'],
          environment: 'node',
          // Worker threads that keep their modules between files: starting a fresh process for each
          // of seventy small files cost three times the tests themselves. Files leave nothing behind:
          // environment changes go through vi.stubEnv (undone after each test), spies are restored.
          pool: 'threads',
          isolate: false,
          unstubEnvs: true,
          // A timeout catches a hang, not a slow machine: Vitest's 5-s default failed the font
          // subsetting and the every-locale receipt (under 2 s alone) beside a build and a busy core.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup-env.ts'],
          fileParallelism: false,
          // One worker loads the app's modules and starts Payload once for every file (getPayload
          // keeps the instance); files restore any environment or spy they change.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: e2eAlone,
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two files at a time: each worker signs in as its own admin (tests/e2e/admin.ts), so two
          // files never race on one admin's session list.
          fileParallelism: true,
          maxWorkers: 2,
          // Each worker keeps Playwright and the helpers loaded between its files.
          isolate: false,
          expect: e2eExpect,
          testTimeout: 90_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: e2eAlone,
          environment: 'node',
          // The same server and Chromium (the setup shares them between the two projects).
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          isolate: false,
          expect: e2eExpect,
          testTimeout: 90_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
})
