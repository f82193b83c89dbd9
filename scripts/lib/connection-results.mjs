// The connection test's results: which resolver asked for which probe of which test. Shared by
// every process and instance (the DNS server writes, the web server reads), kept 10 minutes: a
// PostgreSQL table (made by a migration), or Redis lists when REDIS_URL is set.
import { realNow } from './clock.mjs'

export const RESULTS_TABLE = 'connection_test_results'
/** How long a test's records are kept. */
export const RESULT_TTL_MS = 10 * 60 * 1000

const COLUMNS = ['test_id', 'label', 'resolver_ip', 'qtype', 'ecs', 'at', 'expires_at']

/** Rows in PostgreSQL through a `pg` pool: `add` writes a batch in one statement. */
export function createPgResultsStore(pool) {
  return {
    kind: 'postgres',
    async add(entries) {
      if (!entries.length) return
      const values = []
      const rows = entries.map((entry, i) => {
        values.push(entry.testId, entry.label, entry.resolverIp, entry.qtype, entry.ecs ?? null, entry.at, new Date(entry.at.getTime() + RESULT_TTL_MS))
        return `(${COLUMNS.map((_, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`
      })
      await pool.query(`insert into ${RESULTS_TABLE} (${COLUMNS.join(', ')}) values ${rows.join(', ')}`, values)
    },
    async list(testId, now = realNow()) {
      const found = await pool.query(`select label, resolver_ip, qtype, ecs, at from ${RESULTS_TABLE} where test_id = $1 and expires_at > $2 order by at, id`, [testId, now])
      return found.rows.map((row) => ({ testId, label: row.label, resolverIp: row.resolver_ip, qtype: row.qtype, ecs: row.ecs, at: new Date(row.at) }))
    },
    /** Removes expired rows; the number removed. */
    async expire(now = realNow()) {
      return (await pool.query(`delete from ${RESULTS_TABLE} where expires_at <= $1`, [now])).rowCount ?? 0
    },
  }
}

/** A list per test in Redis (node-redis client), expiring with the test. */
export function createRedisResultsStore(client, prefix = 'connection-test:') {
  return {
    kind: 'redis',
    async add(entries) {
      if (!entries.length) return
      const multi = client.multi()
      const keys = new Set()
      for (const entry of entries) {
        const key = `${prefix}${entry.testId}`
        keys.add(key)
        multi.rPush(key, JSON.stringify({ label: entry.label, resolverIp: entry.resolverIp, qtype: entry.qtype, ecs: entry.ecs ?? null, at: entry.at.toISOString() }))
      }
      // The first probe of a test sets its expiry; later ones do not push it back.
      for (const key of keys) multi.expire(key, Math.ceil(RESULT_TTL_MS / 1000), 'NX')
      await multi.exec()
    },
    async list(testId) {
      const items = await client.lRange(`${prefix}${testId}`, 0, -1)
      return items.map((item) => {
        const value = JSON.parse(item)
        return { testId, label: value.label, resolverIp: value.resolverIp, qtype: value.qtype, ecs: value.ecs, at: new Date(value.at) }
      })
    },
    async expire() {
      return 0
    },
  }
}

/**
 * Collects records and writes them in batches: at `maxRows`, or `delayMs` after the first of a
 * batch, whichever comes first (one statement for many queries). `flush()` writes what is waiting.
 * A failed write is logged and dropped: the DNS answers never wait on the store.
 */
export function createBatcher(store, { maxRows = 200, delayMs = 25, log = () => {} } = {}) {
  let waiting = []
  let timer = null
  let writing = Promise.resolve()
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    const batch = waiting
    waiting = []
    if (!batch.length) return writing
    writing = writing.then(() => store.add(batch)).catch((error) => log(`[dns] results store: ${batch.length} records lost: ${error instanceof Error ? error.message : String(error)}`))
    return writing
  }
  return {
    push(entry) {
      waiting.push(entry)
      if (waiting.length >= maxRows) void flush()
      else if (!timer) timer = setTimeout(() => void flush(), delayMs)
    },
    flush,
  }
}
