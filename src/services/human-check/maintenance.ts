// The human check's scheduled upkeep: answered challenges are forgotten once they cannot be replayed.
import { maintenanceTask } from '@/services/maintenance'
import { forgetExpiredSolutions } from './altcha'

export const forgetHumanCheckSolutionsTask = maintenanceTask('forgetHumanCheckSolutions', 'Forget expired human-check solutions', '*/10 * * * *', async (payload, at) => ({
  forgotten: await forgetExpiredSolutions(payload, at),
}))
