// The accounts' scheduled upkeep: deleted accounts whose records were kept long enough go for good.
import { maintenanceTask } from '@/services/maintenance'
import { purgeRetained } from './retention'

/** Hourly: accounts deleted more than ORDER_RETENTION_YEARS ago are purged (`purgeRetained`, a batch per run). */
export const purgeDeletedAccountsTask = maintenanceTask('purgeDeletedAccounts', 'Purge deleted accounts past their retention', '23 * * * *', async (payload, at) => ({
  purged: await purgeRetained(payload, at),
}))
