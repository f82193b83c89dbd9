// Whether published content exists at a path, for the request proxy: answered from memory, following the content-change signal.
import pg from 'pg'
import { followContentChanges } from '../../../scripts/lib/content-changes.mjs'
import { readActiveExperiment, type ActiveExperiment } from '@/services/experiments/read-active'
import { candidatePaths, loadRouteIndex, REDIRECTS, type CmsRedirect, type RouteIndex } from './route-index'
import { realNow } from '@/lib/clock'

/**
 * The request proxy asks, for every page request, whether published content exists at the path
 * (missing pages go to the not-found page before rendering, so the 404 is rendered completely on
 * the server) and, when not, whether an editor set up a redirect. Both answer from an in-memory
 * snapshot of the published routes and the active experiment:
 * - loaded when the first request arrives, then again on every content-change signal (PostgreSQL
 *   LISTEN, src/services/content/changes.ts), so every instance follows an edit within a second;
 * - reloaded in full every five minutes and after the listening connection was dropped (signals
 *   sent meanwhile are lost);
 * - a path not in the snapshot (and before the first load, every path) is looked up with the
 *   indexed queries, so a path is never a false 404; found content makes no query at all.
 * With the database unreachable, the last snapshot keeps answering.
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

export type RouteSnapshot = { routes: RouteIndex; experiment: ActiveExperiment | null; loadedAt: number }

export const FULL_RELOAD_MS = 5 * 60_000
const RETRY_MS = 2_000

type Follower = ReturnType<typeof followContentChanges>

/**
 * Emitted on `process` after a reload that a signal (or a reconnect) asked for, with what changed:
 * the web server's response cache (scripts/server.mjs, same process) drops those pages again, so
 * no page rendered with the old routes (an experiment's view, a redirect) stays kept.
 */
export const ROUTES_RELOADED_EVENT = 'veilgate:routes-reloaded'

type Change = { all: boolean; paths: string[] }

const live: {
  snapshot?: RouteSnapshot
  follower?: Follower
  loading?: Promise<void>
  again: boolean
  timer?: ReturnType<typeof setTimeout>
  loads: number
  pending: { all: boolean; paths: Set<string> } | null
} = { again: false, loads: 0, pending: null }

async function loadOnce(): Promise<void> {
  const changed = live.pending
  live.pending = null
  const db = proxyPool()
  try {
    const [routes, experiment] = await Promise.all([loadRouteIndex(db), readActiveExperiment(db)])
    live.snapshot = { routes, experiment, loadedAt: realNow().getTime() }
    live.loads += 1
  } catch (error) {
    if (changed) noteChange({ all: changed.all, paths: [...changed.paths] })
    throw error
  }
  if (changed) (process as unknown as NodeJS.EventEmitter).emit(ROUTES_RELOADED_EVENT, { all: changed.all, paths: [...changed.paths] } satisfies Change)
}

function noteChange(change: Change) {
  live.pending ??= { all: false, paths: new Set() }
  live.pending.all ||= change.all
  for (const path of change.paths) live.pending.paths.add(path)
}

function schedule(ms: number) {
  clearTimeout(live.timer)
  live.timer = setTimeout(() => void reloadRoutes(), ms)
  live.timer.unref?.()
}

/**
 * Loads the snapshot again. Signals that arrive during a load are coalesced into one more load
 * after it, so a burst of saves costs two loads, and the last one sees every change.
 */
export function reloadRoutes(): Promise<void> {
  if (live.loading) {
    live.again = true
    return live.loading
  }
  live.loading = (async () => {
    do {
      live.again = false
      try {
        await loadOnce()
        schedule(FULL_RELOAD_MS)
      } catch {
        // Tables not there yet (first start) or the database away: try again soon.
        schedule(RETRY_MS)
        live.again = false
      }
    } while (live.again)
    live.loading = undefined
  })()
  return live.loading
}

function start() {
  if (live.follower || !process.env.DATABASE_URL) return
  live.follower = followContentChanges({
    connectionString: process.env.DATABASE_URL,
    onConnect: () => {
      // Signals sent while the connection was away are lost: everything may have changed.
      if (live.loads > 0) noteChange({ all: true, paths: [] })
      return reloadRoutes()
    },
    onChange: (change: Change) => {
      noteChange(change)
      void reloadRoutes()
    },
  })
  void reloadRoutes()
}

/** The current snapshot, starting the follower on first use; undefined until the first load. */
export function routeSnapshot(): RouteSnapshot | undefined {
  start()
  return live.snapshot
}

/** Whether the snapshot follows signals now (listening connection up). */
export function followingChanges(): boolean {
  return live.follower?.connected() ?? false
}

/** For tests: how many times the snapshot was loaded, and the listener's server process id. */
export function routeIndexState() {
  return { loads: live.loads, loadedAt: live.snapshot?.loadedAt, backendPid: live.follower?.backendPid(), following: followingChanges() }
}

/** For tests and shutdown: stops following and forgets the snapshot. */
export async function stopRouteIndex(): Promise<void> {
  clearTimeout(live.timer)
  await live.follower?.stop()
  await live.loading
  live.follower = undefined
  live.snapshot = undefined
}

const EXISTS = `
  select 1 from pages where path = any($1::varchar[]) and _status = 'published'
  union all select 1 from posts where '/blog/' || slug = any($1::varchar[]) and _status = 'published'
  union all select 1 from help_articles where path = any($1::varchar[])
  limit 1`

/**
 * Published content at the path? A path in the snapshot answers from memory. A path missing from
 * it is confirmed by the database before it becomes a 404, so content published a moment ago
 * (its signal still on the way) is never refused; with the database away the snapshot decides.
 */
export async function contentPageExists(path: string): Promise<boolean> {
  const snapshot = routeSnapshot()
  if (snapshot?.routes.has(path)) return true
  try {
    const result = await proxyPool().query(EXISTS, [candidatePaths(path)])
    return (result.rowCount ?? 0) > 0
  } catch (error) {
    if (snapshot) return false
    throw error
  }
}

const REDIRECT = `select * from (${REDIRECTS}) r where r."from" = any($1::varchar[]) limit 1`

/**
 * A redirect an editor set up in the admin (Redirects collection) for a path without content:
 * from memory, else (a redirect saved a moment ago) from the database.
 */
export async function cmsRedirect(path: string): Promise<CmsRedirect | null> {
  const snapshot = routeSnapshot()
  const known = snapshot?.routes.redirect(path)
  if (known) return known
  try {
    const result = await proxyPool().query(REDIRECT, [candidatePaths(path)])
    const row = result.rows[0] as { status: string; target: string | null } | undefined
    if (!row?.target) return null
    return { target: row.target, status: row.status === '302' ? 302 : 301 }
  } catch (error) {
    if (snapshot) return null
    throw error
  }
}
