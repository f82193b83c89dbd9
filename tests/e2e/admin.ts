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
