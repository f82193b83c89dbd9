import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/http'
import { consume, createLimiter } from '@/services/security/rate-limit'
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
})
