// The active picker experiment for the request proxy, with a short cache.
import { env } from '@/lib/env'
import { proxyPool } from '@/services/content/page-index'

export type ActiveExperiment = { name: string; variants: { weight: number; view: string }[] }

let cached: { at: number; value: ActiveExperiment | null } | null = null

const ACTIVE = `
  select e.name, v.weight::float8 as weight, v.view::text as view
    from experiments e join experiments_variants v on v._parent_id = e.id
   where e.active
   order by e.updated_at desc, e.id, v._order`

/**
 * The active experiment for the request proxy (one indexed query, no Payload), kept for
 * EXPERIMENT_CACHE_SECONDS (10 by default) so pages do not each wait for the database; an
 * admin's change applies within that time.
 */
export async function activeExperiment(): Promise<ActiveExperiment | null> {
  if (cached && Date.now() - cached.at < env().EXPERIMENT_CACHE_SECONDS * 1000) return cached.value
  const result = await proxyPool().query<{ name: string; weight: number; view: string }>(ACTIVE)
  const name = result.rows[0]?.name
  const value = name ? { name, variants: result.rows.filter((row) => row.name === name).map((row) => ({ weight: Number(row.weight), view: row.view })) } : null
  cached = { at: Date.now(), value: value && value.variants.length >= 2 ? value : null }
  return cached.value
}
