// Whether published content exists at a path, for the request proxy, without loading Payload.
import pg from 'pg'
import { splitLocalePath } from '@/i18n/paths'
import { splitPagination } from './listing'
import { normalisePagePath } from './paths'

/**
 * Answers "is there published content at this path?" for the request proxy,
 * with one indexed query (no Payload start-up in the proxy). Missing pages are
 * routed to the not-found page before rendering, so the 404 is rendered
 * completely on the server.
 */
let pool: pg.Pool | undefined

/** The proxy's own small pool (the proxy does not start Payload). */
export function proxyPool(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4, idleTimeoutMillis: 30_000 })
    // An idle connection dropped by the server (restart, shutdown) is replaced on the next query.
    pool.on('error', () => undefined)
  }
  return pool
}

/** The paths a request may be served from: itself, without a locale prefix, and a listing's base path. */
export function candidatePaths(path: string): string[] {
  const normal = normalisePagePath(path)
  const stripped = splitLocalePath(normal)
  const candidates = new Set([normal, normalisePagePath(stripped.path)])
  for (const candidate of [...candidates]) candidates.add(splitPagination(candidate).path)
  return [...candidates]
}

const EXISTS = `
  select 1 from pages where path = any($1::varchar[]) and _status = 'published'
  union all select 1 from posts where '/blog/' || slug = any($1::varchar[]) and _status = 'published'
  union all select 1 from help_articles where path = any($1::varchar[])
  limit 1`

export async function contentPageExists(path: string): Promise<boolean> {
  const result = await proxyPool().query(EXISTS, [candidatePaths(path)])
  return (result.rowCount ?? 0) > 0
}

const REDIRECT = `
  select r.type::text as status, case when r.to_type = 'custom' then r.to_url else p.path end as target
    from redirects r
    left join redirects_rels rr on rr.parent_id = r.id
    left join pages p on p.id = rr.pages_id
   where r."from" = any($1::varchar[])
   limit 1`

/** A redirect an editor set up in the admin (Redirects collection) for a path without content. */
export async function cmsRedirect(path: string): Promise<{ target: string; status: 301 | 302 } | null> {
  const result = await proxyPool().query(REDIRECT, [candidatePaths(path)])
  const row = result.rows[0] as { status: string; target: string | null } | undefined
  if (!row?.target) return null
  return { target: row.target, status: row.status === '302' ? 302 : 301 }
}
