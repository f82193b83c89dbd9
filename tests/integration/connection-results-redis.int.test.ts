import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBatcher, createRedisResultsStore, RESULT_TTL_MS } from '../../scripts/lib/connection-results.mjs'
import { newTestId } from '../../scripts/lib/connection-test-ids.mjs'
import { startRedis, type TestRedis } from '../support/redis-server'
import { createRedisSharesStore, SHARE_TTL_MS } from '@/services/connection-test/shares'
import { initialState } from '@/services/connection-test/verdict'

let redis: TestRedis | undefined
let client: ReturnType<typeof createClient>

beforeAll(async () => {
  redis = await startRedis()
  client = createClient({ url: redis.url })
  client.on('error', () => undefined)
  await client.connect()
})

afterAll(async () => {
  await client?.quit().catch(() => undefined)
  await redis?.stop()
})

describe('the connection-test results in Redis', () => {
  it('keep a list per test, written in batches, expiring ten minutes after its first record', async () => {
    const store = createRedisResultsStore(client)
    const batcher = createBatcher(store, { delayMs: 10 })
    const id = newTestId('redis-secret-0123456789-0123456789')
    const other = newTestId('redis-secret-0123456789-0123456789')
    for (const label of ['one', 'two', 'three']) batcher.push({ testId: id, label, resolverIp: '192.0.2.53', qtype: 'A', ecs: label === 'two' ? '203.0.113.0/24' : null, at: new Date() })
    batcher.push({ testId: other, label: 'x', resolverIp: '198.51.100.1', qtype: 'AAAA', ecs: null, at: new Date() })
    await batcher.flush()
    const rows = await store.list(id)
    expect(rows.map((row: { label: string }) => row.label)).toEqual(['one', 'two', 'three'])
    expect(rows[1]).toMatchObject({ testId: id, resolverIp: '192.0.2.53', qtype: 'A', ecs: '203.0.113.0/24', at: expect.any(Date) })
    expect(await store.list(other)).toEqual([expect.objectContaining({ label: 'x', qtype: 'AAAA' })])
    const ttl = await client.ttl(`connection-test:${id}`)
    expect(ttl).toBeGreaterThan(RESULT_TTL_MS / 1000 - 5)
    expect(ttl).toBeLessThanOrEqual(RESULT_TTL_MS / 1000)
    // A later probe does not push the expiry back.
    await client.expire(`connection-test:${id}`, 100)
    await store.add([{ testId: id, label: 'four', resolverIp: '192.0.2.53', qtype: 'A', ecs: null, at: new Date() }])
    expect(await client.ttl(`connection-test:${id}`)).toBeLessThanOrEqual(100)
    expect(await store.list(newTestId('redis-secret-0123456789-0123456789'))).toEqual([])
  })
})

describe('the shared connection-test results in Redis', () => {
  it('keep a key per share that expires after 24 hours, and read nothing past its stored expiry', async () => {
    const store = createRedisSharesStore(client)
    const createdAt = new Date()
    const expiresAt = new Date(createdAt.getTime() + SHARE_TTL_MS)
    const share = { id: 'redis-share-0123456789', result: { at: createdAt.toISOString(), state: initialState(), details: { address: null, ipv4: null, ipv6: null } }, createdAt: createdAt.toISOString(), expiresAt: expiresAt.toISOString() }
    await store.put(share)
    expect(await store.get(share.id, createdAt)).toEqual(share)
    const ttl = await client.pTTL(`connection-share:${share.id}`)
    expect(ttl).toBeGreaterThan(SHARE_TTL_MS - 60_000)
    expect(ttl).toBeLessThanOrEqual(SHARE_TTL_MS)
    // CLOCK_NOW may run ahead of Redis's own clock: the stored expiry decides.
    expect(await store.get(share.id, new Date(expiresAt.getTime() + 1000))).toBeNull()
    expect(await store.get('redis-share-unknown-00', createdAt)).toBeNull()
  })
})
