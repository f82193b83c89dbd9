// The routes published content answers (pages, posts, help articles, redirects), held in memory for the request proxy.
import { splitLocalePath } from '@/i18n/paths'
import { splitPagination } from './listing'
import { normalisePagePath } from './paths'

export type CmsRedirect = { target: string; status: 301 | 302 }

/** The paths a request may be served from: itself, without a locale prefix, and a listing's base path. */
export function candidatePaths(path: string): string[] {
  const normal = normalisePagePath(path)
  const stripped = splitLocalePath(normal)
  const candidates = new Set([normal, normalisePagePath(stripped.path)])
  for (const candidate of [...candidates]) candidates.add(splitPagination(candidate).path)
  return [...candidates]
}

export type RedirectRow = { from: string; status: string; target: string | null }

/**
 * One snapshot of the published routes. Lookups follow the same candidate rules as the queries
 * they replace: a path answers when itself, its locale-less form or its listing's base path is
 * published; a redirect applies by the same candidates.
 */
export class RouteIndex {
  private readonly paths: ReadonlySet<string>
  private readonly redirects: ReadonlyMap<string, CmsRedirect>

  constructor(paths: Iterable<string>, redirects: Iterable<RedirectRow>) {
    this.paths = new Set(paths)
    const map = new Map<string, CmsRedirect>()
    for (const row of redirects) {
      // A redirect to a page that no longer exists has no target: like the query, it does not apply.
      if (!row.target || map.has(row.from)) continue
      map.set(row.from, { target: row.target, status: row.status === '302' ? 302 : 301 })
    }
    this.redirects = map
  }

  get size(): number {
    return this.paths.size + this.redirects.size
  }

  has(path: string): boolean {
    return candidatePaths(path).some((candidate) => this.paths.has(candidate))
  }

  redirect(path: string): CmsRedirect | null {
    for (const candidate of candidatePaths(path)) {
      const found = this.redirects.get(candidate)
      if (found) return found
    }
    return null
  }
}

type Queryable = { query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }> }

export const PUBLISHED_PATHS = `
  select path from pages where _status = 'published' and path is not null
  union select '/blog/' || slug from posts where _status = 'published' and slug is not null
  union select path from help_articles where path is not null`

export const REDIRECTS = `
  select r."from" as "from", r.type::text as status, case when r.to_type = 'custom' then r.to_url else p.path end as target
    from redirects r
    left join redirects_rels rr on rr.parent_id = r.id
    left join pages p on p.id = rr.pages_id
   where r."from" is not null
   order by r.id`

/** Reads every published route in two queries. */
export async function loadRouteIndex(db: Queryable): Promise<RouteIndex> {
  const [paths, redirects] = await Promise.all([db.query<{ path: string }>(PUBLISHED_PATHS), db.query<RedirectRow>(REDIRECTS)])
  return new RouteIndex(
    paths.rows.map((row) => row.path),
    redirects.rows,
  )
}
