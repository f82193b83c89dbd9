// A second instance of the site beside the shared one: same build, same database and data folder (so the same secrets), its own port and settings.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'
import { freePort, root } from '../support/test-db'

export type Instance = { baseUrl: string; port: number; dnsPort: number; output: () => string; stop: () => Promise<void>; signal: (name: NodeJS.Signals) => void; exited: Promise<number | null> }

/**
 * Starts `npm start`'s server with `settings` on the shared site's PostgreSQL (its embedded
 * server's port read from its pid file) and data folder. It runs no jobs (`JOBS_AUTORUN=false`):
 * the shared instance runs the queues for both.
 */
export async function startInstance(settings: Record<string, string>): Promise<Instance> {
  const dataDir = inject('dataDir')
  const pgPort = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]
  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  const dnsPort = Number(settings.DNS_PORT) || (await freePort())
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${pgPort}/veilgate`,
      DNS_PORT: String(dnsPort),
      STUN_PORT: String(await freePort()),
      SITE_URL: baseUrl,
      MEDIA_DIR: path.join(dataDir, 'media'),
      CHECKOUT_RATE_LIMIT: '1000',
      ALTCHA_COST: '1',
      JOBS_AUTORUN: 'false',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
  const stop = async () => {
    if (server.exitCode !== null) return
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the second instance exited with code ${server.exitCode}:\n${output.join('')}`)
    const answered = await fetch(`${baseUrl}/`, { redirect: 'manual' }).then((response) => response.status === 200, () => false)
    if (answered) return { baseUrl, port, dnsPort, output: () => output.join(''), stop, signal: (name) => server.kill(name), exited }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await stop()
  throw new Error(`the second instance did not answer at ${baseUrl} in time; its last lines:\n${output.join('').split('\n').slice(-30).join('\n')}`)
}
