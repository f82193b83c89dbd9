import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HttpError } from '@/lib/http'
import { consume, createLimiter } from '@/services/security/rate-limit'
import { freePort } from '../support/test-db'
import { redisBinary as binary, startRedis, type TestRedis } from '../support/redis-server'

let redis: TestRedis | undefined
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
  redis = await startRedis()
  url = redis.url
})

afterAll(() => redis?.stop())

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

    await redis!.stop()
    expect(await outcome(consume(a!, 'login:2'))).toBe('ok')
    expect(await outcome(consume(a!, 'login:2'))).toBe('ok')
    expect(await outcome(consume(a!, 'login:2'))).toBe('429 TOO_MANY_REQUESTS')
    for (const client of clients) client.destroy()
  })

  it("counts an instance's first burst in Redis alone: its first requests wait for the connection instead of the memory insurance", async () => {
    // A Redis of its own (the test above stopped the shared one) and a fresh module: the instance's first use of Redis makes the connection.
    const own = await startRedis()
    vi.resetModules()
    const { connectedRedis } = await import('@/services/security/redis')
    const client = await connectedRedis(own.url)
    expect(client?.isReady).toBe(true)
    const limiter = createLimiter({ kind: 'redis', client }, 'first-burst', { points: 10, seconds: 60 })
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => outcome(consume(limiter, 'login:127.0.0.1'))))
    expect(outcomes.filter((found) => found === 'ok')).toHaveLength(10)
    expect(outcomes.filter((found) => found === '429 TOO_MANY_REQUESTS')).toHaveLength(20)
    client?.destroy()
    await own.stop()
  })

  it('does not hold requests on a Redis that does not answer: after the first wait the insurance counts', async () => {
    vi.resetModules()
    const { connectedRedis } = await import('@/services/security/redis')
    const client = await connectedRedis(`redis://127.0.0.1:${await freePort()}`)
    expect(client?.isReady).toBe(false)
    const limiter = createLimiter({ kind: 'redis', client }, 'no-redis', { points: 1, seconds: 60 })
    expect(await outcome(consume(limiter, 'login:1'))).toBe('ok')
    expect(await outcome(consume(limiter, 'login:1'))).toBe('429 TOO_MANY_REQUESTS')
    client?.destroy()
  })
})
