import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
const run = promisify(execFile)

/**
 * Lexical's packages (Payload's rich-text editor) name a `node` entry that picks its development or
 * production file with a top-level `await import()`. On Node 20 that graph, imported natively,
 * never settles: the process ends with code 13 (or 0 under `payload run`) before the script's
 * first line. Through tsx the same import usually settles, but not always under load. The
 * `production` condition comes before `node` in Lexical's exports, so with it the files load
 * directly. Next's build bundles Lexical and never meets this; scripts run outside Next do.
 */
describe('scripts that load the Payload config outside Next', () => {
  it('resolve packages with the production condition', () => {
    const outside = Object.entries(scripts).filter(([, command]) => /--import tsx|payload\/bin\.js/.test(command))
    expect(outside.map(([name]) => name).sort()).toEqual(['bench:email', 'bench:renewals', 'bench:routes', 'bench:stripe-events', 'email:sample', 'generate:importmap', 'generate:types', 'migrate:create', 'payload'])
    for (const [name, command] of outside) expect(command, name).toMatch(/\bnode --conditions=production /)
  })

  it('import the rich-text editor natively with that condition, and it settles', async () => {
    const { stdout } = await run(process.execPath, ['--conditions=production', '--input-type=module', '-e', "await import('@payloadcms/richtext-lexical'); console.log('settled')"], { cwd: root, timeout: 60_000 })
    expect(stdout.trim()).toBe('settled')
  }, 90_000)
})
