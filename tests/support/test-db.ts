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

/** A throw-away PostgreSQL cluster for one test run, removed afterwards. */
export async function freshDatabase(label: string) {
  const dir = mkdtempSync(path.join(root, '.data', `${label}-`))
  const port = await freePort()
  const db = (await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port, database: 'veilgate_test' })) as {
    url: string
    stop: () => Promise<void>
  }
  return {
    url: db.url,
    dir,
    async dispose() {
      await db.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
