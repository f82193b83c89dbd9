import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-db.mjs'

export const root = path.resolve(import.meta.dirname, '..', '..')

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** A throw-away PostgreSQL cluster for one test run, removed afterwards; it can be stopped and started again (same port, same data). */
export async function freshDatabase(label: string) {
  const dir = mkdtempSync(path.join(root, '.data', `${label}-`))
  const port = await freePort()
  type Started = { url: string; stop: () => Promise<void> }
  const start = async () => (await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port, database: 'veilgate_test' })) as Started
  let db: Started | null = await start()
  const url = db.url
  return {
    url,
    dir,
    port,
    async stopServer() {
      await db?.stop()
      db = null
    },
    async startServer() {
      db ??= await start()
    },
    async dispose() {
      await db?.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
