/**
 * The admin each end-to-end file signs in as: one per Vitest worker (`VITEST_POOL_ID`, 1 to
 * maxWorkers), made by the global setup. Payload adds a session by rewriting the admin's whole
 * session list from the row it read, so two files signing one admin in at the same moment lose a
 * session; two files never run in the same worker at once, so they never share an admin.
 */
export const E2E_ADMIN_PASSWORD = 'e2e-Admin-pass-31'

/** How many workers' admins the global setup makes (more than `e2e` runs at once). */
export const E2E_ADMIN_POOL = 4

export const e2eAdminEmail = (worker: number) => `e2e-admin-${worker}@veilgate.local`

/** This file's admin: e-mail and password for `/cms-api/admins/login` or the admin's form. */
export function adminCredentials(): { email: string; password: string } {
  const worker = Number(process.env.VITEST_POOL_ID ?? '1')
  if (!Number.isInteger(worker) || worker < 1 || worker > E2E_ADMIN_POOL) throw new Error(`no e2e admin for worker ${process.env.VITEST_POOL_ID}`)
  return { email: e2eAdminEmail(worker), password: E2E_ADMIN_PASSWORD }
}

/**
 * The shared server's RATE_LIMIT_IP. Every visitor of the end-to-end suites comes from one address
 * (127.0.0.1): two files at once asked the challenge endpoint for 16-20 human checks in a minute,
 * at the default 20 a sign-up then met a 429 and "Not verified Captcha". The limit itself is tested
 * by tests/e2e/security.e2e.test.ts against this value, and in integration against the default.
 */
export const E2E_IP_LIMIT = { points: 60, seconds: 60 } as const
