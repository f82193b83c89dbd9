// Reading the active picker experiment with one query (no Payload), for the request proxy.
export type ActiveExperiment = { name: string; variants: { weight: number; view: string }[] }

type Queryable = { query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }> }

const ACTIVE = `
  select e.name, v.weight::float8 as weight, v.view::text as view
    from experiments e join experiments_variants v on v._parent_id = e.id
   where e.active
   order by e.updated_at desc, e.id, v._order`

/** The newest active experiment with at least two variants, or null. */
export async function readActiveExperiment(db: Queryable): Promise<ActiveExperiment | null> {
  const result = await db.query<{ name: string; weight: number; view: string }>(ACTIVE)
  const name = result.rows[0]?.name
  if (!name) return null
  const variants = result.rows.filter((row) => row.name === name).map((row) => ({ weight: Number(row.weight), view: row.view }))
  return variants.length >= 2 ? { name, variants } : null
}
