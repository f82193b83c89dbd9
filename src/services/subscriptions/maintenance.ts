// The renewal scan as a scheduled task of the `maintenance` queue.
import { maintenanceTask } from '@/services/maintenance'
import { runRenewals } from './renewals'

/**
 * Every minute: what fell due by the site's clock (`now()`, the sandbox clock included; never
 * the job's own `waitUntil`) is charged, failures noted and retried, paid periods started.
 */
export const renewSubscriptionsTask = maintenanceTask('renewSubscriptions', 'Charge renewals that fell due', '* * * * *', (payload, at) => runRenewals(payload, at))
