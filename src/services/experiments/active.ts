import { proxyPool } from '@/services/content/page-index'

export type ActiveExperiment = { name: string; variants: { weight: number; view: string }[] }

const TTL_MS = 10_000
let cached: { at: number; value: ActiveExperiment | null } | null = null

const ACTIVE = `
  select e.name, v.weight::float8 as weight, v.view::text as view
    from experiments e join experiments_variants v on v._parent_id = e.id
   where e.active
   order by e.updated_at desc, e.id, v._order`

/**
 * The active experiment for the request proxy (one indexed query, no Payload), kept for ten
 * seconds so pages do not each wait for the database; an admin's change applies within that time.
 */
export async function activeExperiment(): Promise<ActiveExperiment | null> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value
  const result = await proxyPool().query<{ name: string; weight: number; view: string }>(ACTIVE)
  const name = result.rows[0]?.name
  const value = name ? { name, variants: result.rows.filter((row) => row.name === name).map((row) => ({ weight: Number(row.weight), view: row.view })) } : null
  cached = { at: Date.now(), value: value && value.variants.length >= 2 ? value : null }
  return cached.value
}
