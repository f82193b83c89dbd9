// One Redis for a test file or run: Debian's redis-server (npm test installs it) on a free loopback port, nothing written to disk.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createClient } from 'redis'
import { freePort } from './test-db'

/** Where redis-server is, or undefined (a bare vitest run on a machine without it). */
export const redisBinary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path))

export type TestRedis = {
  url: string
  port: number
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop: () => Promise<void>
  /** Starts it again on the same port, empty (after `stop`). */
  restart: () => Promise<void>
}

async function answers(url: string): Promise<boolean> {
  const probe = createClient({ url })
  probe.on('error', () => undefined)
  const up = await probe.connect().then(
    () => true,
    () => false,
  )
  if (up) await probe.quit().catch(() => undefined)
  return up
}

/** A redis-server of its own, answering PING when this returns. */
export async function startRedis(): Promise<TestRedis> {
  if (!redisBinary) throw new Error('redis-server is missing: npm test installs it (scripts/test.mjs)')
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let server: ChildProcess | undefined
  const launch = async () => {
    server = spawn(redisBinary!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    for (let i = 0; i < 100; i++) {
      if (await answers(url)) return
      if (server.exitCode !== null) throw new Error(`redis-server exited with code ${server.exitCode}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('redis-server did not start')
  }
  const stop = async () => {
    const running = server
    server = undefined
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await exited
  }
  await launch()
  return { url, port, stop, restart: launch }
}
