// `/api/health` against the run's PostgreSQL and a redis-server of its own: ok with everything up,
// degraded (still 200) with Redis stopped, 503 `fail` with the database unreachable or silent,
// answered within two seconds even when the database never answers.
import net from 'node:net'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GET, POST } from '@/app/api/health/route'
import { health } from '@/services/health/checks'
import { redisBinary, startRedis, type TestRedis } from '../support/redis-server'
import { freePort } from '../support/test-db'

let redis: TestRedis | undefined
let client: ReturnType<typeof createClient> | undefined
// A server that takes connections and never answers: a database host that hangs.
let silent: net.Server
const held: net.Socket[] = []

beforeAll(async () => {
  silent = net.createServer((socket) => void held.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  if (!redisBinary) return
  redis = await startRedis()
  client = createClient({ url: redis.url, disableOfflineQueue: true })
  client.on('error', () => undefined)
  await client.connect()
})

afterAll(async () => {
  client?.destroy()
  await redis?.stop()
  for (const socket of held) socket.destroy()
  await new Promise((resolve) => silent.close(resolve))
})

describe('/api/health', () => {
  it('answers the site’s state as JSON, never cached, Redis disabled without REDIS_URL', async () => {
    const response = await GET(new Request('http://localhost/api/health'), undefined)
    expect(response.headers.get('cache-control')).toBe('no-store')
    // This process runs no queues (JOBS_AUTORUN=false): jobs disabled.
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'disabled', jobs: 'disabled' })
  })

  it('refuses other methods with 405 and Allow: GET, HEAD', async () => {
    const response = await POST(new Request('http://localhost/api/health', { method: 'POST' }), undefined)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
    expect(await response.json()).toMatchObject({ statusCode: 405, code: 'METHOD_NOT_ALLOWED' })
  })

  it.skipIf(!redisBinary)('is ok with Redis answering, and degraded (200) once it stops', async () => {
    expect(await health({ redisClient: client })).toEqual({ httpStatus: 200, body: { status: 'ok', database: 'ok', redis: 'ok', jobs: 'disabled' } })
    await redis!.stop()
    expect(await health({ redisClient: client })).toEqual({ httpStatus: 200, body: { status: 'degraded', database: 'ok', redis: 'fail', jobs: 'disabled' } })
  })

  it('fails with 503 when the database refuses connections', async () => {
    const closed = await freePort()
    expect(await health({ databaseUrl: `postgres://postgres:postgres@127.0.0.1:${closed}/veilgate` })).toMatchObject({ httpStatus: 503, body: { status: 'fail', database: 'fail' } })
  })

  it('fails with 503 within two seconds when the database never answers', async () => {
    const { port } = silent.address() as net.AddressInfo
    const started = performance.now()
    const answer = await health({ databaseUrl: `postgres://postgres:postgres@127.0.0.1:${port}/veilgate` })
    const took = performance.now() - started
    expect(answer).toMatchObject({ httpStatus: 503, body: { status: 'fail', database: 'fail' } })
    // The check's own cap is one second; two is what a balancer is promised.
    expect(took).toBeLessThan(2_000)
    expect(held.length).toBeGreaterThan(0)
  })
})
