// The active picker experiment for the request proxy: from the route snapshot, or a short cache.
import { env } from '@/lib/env'
import { followingChanges, proxyPool, routeSnapshot } from '@/services/content/page-index'
import { readActiveExperiment, type ActiveExperiment } from './read-active'

export type { ActiveExperiment }

let cached: { at: number; value: ActiveExperiment | null } | null = null

/**
 * The active experiment for the request proxy. While the route snapshot follows the
 * content-change signal (an experiment's save announces itself), it answers from the snapshot;
 * otherwise one indexed query, kept for EXPERIMENT_CACHE_SECONDS (10 by default), and with the
 * database unreachable the last snapshot's experiment.
 */
export async function activeExperiment(): Promise<ActiveExperiment | null> {
  const snapshot = routeSnapshot()
  if (snapshot && followingChanges()) return snapshot.experiment
  if (cached && performance.now() - cached.at < env().EXPERIMENT_CACHE_SECONDS * 1000) return cached.value
  try {
    cached = { at: performance.now(), value: await readActiveExperiment(proxyPool()) }
  } catch (error) {
    if (snapshot) return snapshot.experiment
    throw error
  }
  return cached.value
}
