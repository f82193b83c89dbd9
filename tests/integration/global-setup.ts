import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { serveRelayControl, startRelay } from '../support/db-relay'
import { freshDatabase, root } from '../support/test-db'

declare module 'vitest' {
  export interface ProvidedContext {
    /** What the app under test connects to: the relay in front of the database. */
    databaseUrl: string
    /** The database itself (the sandbox processor's ledger, which an outage of ours does not reach). */
    directDatabaseUrl: string
    /** The relay's control port (`relayControl()` in tests/support/db-relay.ts). */
    databaseRelay: string
  }
}

/**
 * Integration tests run against a brand-new embedded PostgreSQL database, reached through a
 * loopback TCP relay that the fault test cuts and restores (files run one at a time, so only it
 * sees the cut).
 */
export default async function setup(project: TestProject) {
  mkdirSync(path.join(root, '.data'), { recursive: true })
  const db = await freshDatabase('int')
  const relay = await startRelay({ host: '127.0.0.1', port: db.port })
  const control = await serveRelayControl({
    cut: () => relay.cut(),
    restore: () => relay.restore(),
    stopDatabase: () => db.stopServer(),
    startDatabase: () => db.startServer(),
    open: () => relay.open(),
    arm: (at) => relay.arm(at),
    poll: () => relay.poll(),
    disarm: () => relay.disarm(),
  })
  const relayed = new URL(db.url)
  relayed.port = String(relay.port)
  project.provide('databaseUrl', relayed.toString())
  project.provide('directDatabaseUrl', db.url)
  project.provide('databaseRelay', control.url)
  return async () => {
    await control.close()
    await relay.close()
    await db.dispose()
  }
}
