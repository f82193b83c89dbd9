// The connection test's scheduled upkeep: DNS records older than ten minutes and shared results
// older than 24 hours are removed.
import { realNow, securityNow } from '@/lib/clock'
import { pgPool } from '@/services/db'
import { maintenanceTask } from '@/services/maintenance'
import { createPgResultsStore } from '../../../scripts/lib/connection-results.mjs'
import { createPgSharesStore } from './shares'

// Real time, not the sandbox clock: the DNS server stamps its records with the machine's time.
export const expireConnectionResultsTask = maintenanceTask(
  'expireConnectionResults',
  'Remove expired connection-test results',
  '*/5 * * * *',
  async (payload, at) => ({ removed: await createPgResultsStore(pgPool(payload)).expire(at) }),
  realNow,
)

// Security time: a shared result's 24 hours are a lifetime of a link (CLOCK_NOW moves it; the sandbox clock does not).
export const expireConnectionSharesTask = maintenanceTask(
  'expireConnectionShares',
  'Remove expired shared connection-test results',
  '17 * * * *',
  async (payload, at) => ({ removed: await createPgSharesStore(pgPool(payload)).expire(at) }),
  securityNow,
)
