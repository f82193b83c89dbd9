import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freshDatabase, root } from '../support/test-db'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}

/** Integration tests run against a brand-new embedded PostgreSQL database. */
export default async function setup(project: TestProject) {
  mkdirSync(path.join(root, '.data'), { recursive: true })
  const db = await freshDatabase('int')
  project.provide('databaseUrl', db.url)
  return () => db.dispose()
}
