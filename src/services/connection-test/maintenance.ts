// The connection test's scheduled upkeep: DNS records older than ten minutes are removed.
import { realNow } from '@/lib/clock'
import { pgPool } from '@/services/db'
import { maintenanceTask } from '@/services/maintenance'
import { createPgResultsStore } from '../../../scripts/lib/connection-results.mjs'

// Real time, not the sandbox clock: the DNS server stamps its records with the machine's time.
export const expireConnectionResultsTask = maintenanceTask(
  'expireConnectionResults',
  'Remove expired connection-test results',
  '*/5 * * * *',
  async (payload, at) => ({ removed: await createPgResultsStore(pgPool(payload)).expire(at) }),
  realNow,
)
