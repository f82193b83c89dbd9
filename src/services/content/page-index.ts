import pg from 'pg'
import { splitLocalePath } from '@/i18n/paths'
import { normalisePagePath } from './paths'

/**
 * Answers "is there a content page at this path?" for the request proxy, with
 * one indexed query on the pages table (no Payload start-up in the proxy).
 * Missing pages are routed to the not-found page before rendering, so the
 * 404 is rendered completely on the server.
 */
let pool: pg.Pool | undefined

function db(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4, idleTimeoutMillis: 30_000 })
    // An idle connection dropped by the server (restart, shutdown) is replaced on the next query.
    pool.on('error', () => undefined)
  }
  return pool
}

export async function contentPageExists(path: string): Promise<boolean> {
  const candidates = [normalisePagePath(path)]
  const stripped = splitLocalePath(candidates[0]!)
  if (stripped.prefixed) candidates.push(normalisePagePath(stripped.path))
  const result = await db().query('select 1 from pages where path = any($1::varchar[]) limit 1', [candidates])
  return (result.rowCount ?? 0) > 0
}
