import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/http'
import { consume, createLimiter } from '@/services/security/rate-limit'
import { freePort } from '../support/test-db'

const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path))
let server: ChildProcess | undefined
let url = ''

async function outcome(promise: Promise<void>): Promise<string> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    return error instanceof HttpError ? `${error.statusCode} ${error.code}` : `threw ${String(error)}`
  }
}

beforeAll(async () => {
  if (!binary) return
  const port = await freePort()
  server = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  url = `redis://127.0.0.1:${port}`
  for (let i = 0; i < 50; i++) {
    const probe = createClient({ url })
    probe.on('error', () => undefined)
    const up = await probe.connect().then(() => true, () => false)
    if (up) {
      await probe.quit()
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})

afterAll(() => {
  server?.kill('SIGTERM')
})

// npm test installs Debian's redis-server; without it (a bare vitest run) these are skipped.
describe.skipIf(!binary)('rate limits in Redis (REDIS_URL)', () => {
  it('shares one count between two instances, and falls back to memory when Redis stops', async () => {
    const clients = [createClient({ url, disableOfflineQueue: true }), createClient({ url, disableOfflineQueue: true })]
    for (const client of clients) {
      client.on('error', () => undefined)
      await client.connect()
    }
    const [a, b] = clients.map((client) => createLimiter({ kind: 'redis', client }, 'redis-test', { points: 2, seconds: 60 }))
    expect(await outcome(consume(a!, 'login:1'))).toBe('ok')
    expect(await outcome(consume(b!, 'login:1'))).toBe('ok')
    expect(await outcome(consume(a!, 'login:1'))).toBe('429 TOO_MANY_REQUESTS')

    server?.kill('SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await outcome(consume(a!, 'login:2'))).toBe('ok')
    expect(await outcome(consume(a!, 'login:2'))).toBe('ok')
    expect(await outcome(consume(a!, 'login:2'))).toBe('429 TOO_MANY_REQUESTS')
    for (const client of clients) client.destroy()
  })
})
