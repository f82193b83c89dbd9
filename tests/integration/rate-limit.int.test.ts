import pg from 'pg'
import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { resetEnv } from '@/lib/env'
import { HttpError } from '@/lib/http'
import { consume, createLimiter, limitOrderReads } from '@/services/security/rate-limit'

let payload: Payload
const pool = () => (payload.db as unknown as { pool: pg.Pool }).pool

beforeAll(async () => {
  payload = await getPayload({ config })
})

async function outcome(promise: Promise<void>): Promise<string> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    if (error instanceof HttpError) return `${error.statusCode} ${error.code} retry-after=${error.headers?.['Retry-After']}`
    return `threw ${String(error)}`
  }
}

describe('rate limits in PostgreSQL', () => {
  it('shares one count between two limiter instances (two app instances)', async () => {
    const first = createLimiter({ kind: 'postgres', pool: pool() }, 'shared-test', { points: 3, seconds: 60 })
    const second = createLimiter({ kind: 'postgres', pool: pool() }, 'shared-test', { points: 3, seconds: 60 })
    const key = `login:${Date.now()}`
    expect(await outcome(consume(first, key))).toBe('ok')
    expect(await outcome(consume(second, key))).toBe('ok')
    expect(await outcome(consume(first, key))).toBe('ok')
    expect(await outcome(consume(second, key))).toMatch(/^429 TOO_MANY_REQUESTS retry-after=(60|59)$/)
    const rows = await pool().query('select points from rate_limits where key = $1', [`shared-test:${key}`])
    expect(rows.rows[0]?.points).toBe(4)
  })

  it('answers from the memory insurance, without throwing, when the store cannot be reached', async () => {
    const dead = new pg.Pool({ connectionString: 'postgres://nobody:nothing@127.0.0.1:9/none', connectionTimeoutMillis: 300 })
    dead.on('error', () => undefined)
    const limiter = createLimiter({ kind: 'postgres', pool: dead }, 'dead-store', { points: 2, seconds: 60 })
    const key = 'login:198.51.100.1'
    expect(await outcome(consume(limiter, key))).toBe('ok')
    expect(await outcome(consume(limiter, key))).toBe('ok')
    expect(await outcome(consume(limiter, key))).toMatch(/^429 TOO_MANY_REQUESTS/)
    await dead.end()
  })

  it('holds the order reads to ORDER_READ_RATE_LIMIT per client address', async () => {
    const before = process.env.ORDER_READ_RATE_LIMIT
    process.env.ORDER_READ_RATE_LIMIT = '2/60'
    resetEnv()
    try {
      const read = (peer: string) => outcome(limitOrderReads(new Request('http://localhost:3000/api/veilgate/sales/check-payment-status/', { method: 'POST', headers: { 'x-veilgate-peer': peer } })))
      const peer = `203.0.113.${Date.now() % 250}`
      expect(await read(peer)).toBe('ok')
      expect(await read(peer)).toBe('ok')
      expect(await read(peer)).toMatch(/^429 TOO_MANY_REQUESTS retry-after=(60|59)$/)
      // Another address is not held back.
      expect(await read('198.51.100.9')).toBe('ok')
    } finally {
      if (before === undefined) delete process.env.ORDER_READ_RATE_LIMIT
      else process.env.ORDER_READ_RATE_LIMIT = before
      resetEnv()
    }
  })
})
