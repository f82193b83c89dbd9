// Fills in what a local run needs and the operator did not set: a persistent
// secret and, without DATABASE_URL, the embedded PostgreSQL server.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startEmbeddedPostgres } from './embedded-db.mjs'

export const root = path.resolve(import.meta.dirname, '..', '..')

export function dataDir() {
  const dir = path.resolve(root, process.env.DATA_DIR || '.data')
  mkdirSync(dir, { recursive: true })
  return dir
}

function localSecret(dir, name = 'payload-secret') {
  const file = path.join(dir, name)
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  return readFileSync(file, 'utf8').trim()
}

/**
 * Returns the environment for the app and a function that releases what was started.
 * `borrow`: a one-off command that leaves a database server it found running alone.
 */
export async function prepareAppEnv({ log = console.log, borrow = false } = {}) {
  const dir = dataDir()
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
  if (!env.PAYLOAD_SECRET) env.PAYLOAD_SECRET = localSecret(dir)
  if (!env.SANDBOX_WEBHOOK_SECRET) env.SANDBOX_WEBHOOK_SECRET = localSecret(dir, 'sandbox-webhook-secret')
  let release = async () => {}
  if (!env.DATABASE_URL) {
    const port = Number(env.EMBEDDED_POSTGRES_PORT || 54329)
    log(`[veilgate] starting embedded PostgreSQL on 127.0.0.1:${port} (data in ${path.relative(root, dir) || '.'}/postgres)`)
    const db = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'postgres'),
      port,
      database: 'veilgate',
      stopReused: !borrow,
      log: env.DEBUG_POSTGRES ? (m) => log(`[postgres] ${m}`) : () => {},
    })
    env.DATABASE_URL = db.url
    release = db.stop
  }
  return { env, release }
}
