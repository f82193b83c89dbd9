// The human check's scheduled upkeep: answered challenges are forgotten once they cannot be replayed.
import { realNow } from '@/lib/clock'
import { maintenanceTask } from '@/services/maintenance'
import { forgetExpiredSolutions } from './altcha'

// Machine time: altcha-lib checks a challenge's expiry on it, so a nonce forgotten by the sandbox
// clock's time could be replayed while its challenge still verifies.
export const forgetHumanCheckSolutionsTask = maintenanceTask(
  'forgetHumanCheckSolutions',
  'Forget expired human-check solutions',
  '*/10 * * * *',
  async (payload, at) => ({ forgotten: await forgetExpiredSolutions(payload, at) }),
  realNow,
)
