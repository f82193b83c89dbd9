// Shared connection-test results: a finished result kept 24 hours under a random id, for a link
// that shows it read-only. A PostgreSQL table (made by a migration), or with REDIS_URL a key that
// expires after 24 hours. Times by `securityNow()`: CLOCK_NOW pins it, the sandbox clock does not.
import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { z } from 'zod'
import { pgPool } from '@/services/db'
import { redis, type RedisClient } from '@/services/security/redis'
import { dnsVerdict, overallVerdict, parseAddress, type ResolverRow } from './verdict'
import type { TestSnapshot } from './compare'

type Pool = ReturnType<typeof pgPool>

export const SHARES_TABLE = 'connection_test_shares'
/** How long a shared result is kept. */
export const SHARE_TTL_MS = 24 * 60 * 60 * 1000
/** The largest share request read. */
export const SHARE_MAX_BODY_BYTES = 8192

/** A new share id: 16 random bytes, base64url (22 characters). */
export const newShareId = () => randomBytes(16).toString('base64url')

export type StoredShare = { id: string; result: TestSnapshot; createdAt: string; expiresAt: string }

export type SharesStore = {
  kind: 'postgres' | 'redis'
  put(share: StoredShare): Promise<void>
  /** The share, or null when there is none or it expired by `now`. */
  get(id: string, now: Date): Promise<StoredShare | null>
  /** Removes expired shares; the number removed. */
  expire(now: Date): Promise<number>
}

export function createPgSharesStore(pool: Pool): SharesStore {
  return {
    kind: 'postgres',
    async put(share) {
      await pool.query(`insert into ${SHARES_TABLE} (id, result, created_at, expires_at) values ($1, $2, $3, $4)`, [share.id, JSON.stringify(share.result), share.createdAt, share.expiresAt])
    },
    async get(id, now) {
      const found = await pool.query(`select id, result, created_at, expires_at from ${SHARES_TABLE} where id = $1 and expires_at > $2`, [id, now])
      const row = found.rows[0] as { id: string; result: TestSnapshot; created_at: Date; expires_at: Date } | undefined
      return row ? { id: row.id, result: row.result, createdAt: new Date(row.created_at).toISOString(), expiresAt: new Date(row.expires_at).toISOString() } : null
    },
    async expire(now) {
      return (await pool.query(`delete from ${SHARES_TABLE} where expires_at <= $1`, [now])).rowCount ?? 0
    },
  }
}

/** A key per share, expiring with it; the stored expiry is checked on reading too (CLOCK_NOW may run ahead of Redis). */
export function createRedisSharesStore(client: Pick<RedisClient, 'set' | 'get'>, prefix = 'connection-share:'): SharesStore {
  return {
    kind: 'redis',
    async put(share) {
      await client.set(`${prefix}${share.id}`, JSON.stringify(share), { PX: SHARE_TTL_MS })
    },
    async get(id, now) {
      const text = await client.get(`${prefix}${id}`)
      if (!text) return null
      const share = JSON.parse(text) as StoredShare
      return Date.parse(share.expiresAt) > now.getTime() ? share : null
    },
    async expire() {
      return 0
    },
  }
}

/** Where shares live: Redis when REDIS_URL is set, else PostgreSQL. */
export function sharesStore(payload: Payload): SharesStore {
  const client = redis()
  return client ? createRedisSharesStore(client) : createPgSharesStore(pgPool(payload))
}

const address = z
  .string()
  .max(45)
  .refine((text) => parseAddress(text) !== null, 'INVALID_INPUT')
const country = z.string().regex(/^[A-Z]{2}$/)
const geo = z.object({
  ip: address.nullable(),
  version: z.union([z.literal(4), z.literal(6)]).nullable(),
  local: z.boolean(),
  country: country.nullable(),
  asn: z.number().int().min(0).max(4_294_967_295).nullable(),
  org: z.string().max(200).nullable(),
})
const finding = z.discriminatedUnion('kind', [z.object({ kind: z.literal('address'), answer: geo }), z.object({ kind: z.literal('none') }), z.object({ kind: z.literal('notConfigured') })]).nullable()

/**
 * A finished result as the browser sends it to be shared. Its DNS rows and verdicts are not read
 * (the server puts its own); the rest is kept as the browser found it.
 */
export const sharedResult = z.object({
  at: z.iso.datetime(),
  state: z.object({
    clientIp: address.nullable(),
    ipv4Leak: z.boolean(),
    ipv6Leak: z.boolean(),
    testResult: z.object({
      webrtc: z.object({ status: z.enum(['ok', 'leak', 'exposed', 'none', 'unavailable']).nullable(), ip: z.array(address).max(16) }),
      dns: z.object({ ipv4: address.nullable(), ipv4Country: country.nullable() }),
    }),
  }),
  details: z.object({ address: geo.nullable(), ipv4: finding, ipv6: finding }),
})

export type SharedInput = z.infer<typeof sharedResult>

/**
 * The result to keep: the browser's rows, with the DNS rows found here, and the DNS and overall
 * verdicts made again from them (`connected`: the browser's address is one of our exits).
 */
export function resultToShare(input: SharedInput, resolvers: ResolverRow[], connected: boolean): TestSnapshot {
  const { state } = input
  const snapshot: TestSnapshot = {
    at: input.at,
    state: {
      inProgress: false,
      percent: 100,
      clientIp: state.clientIp,
      ipv4Leak: state.ipv4Leak,
      ipv6Leak: state.ipv6Leak,
      testResult: {
        status: null,
        webrtc: state.testResult.webrtc,
        dns: { status: dnsVerdict(resolvers, connected), ipv4: state.testResult.dns.ipv4, ipv4Country: state.testResult.dns.ipv4Country, dns: resolvers },
      },
    },
    details: input.details,
  }
  snapshot.state.testResult.status = overallVerdict(snapshot.state, connected)
  return snapshot
}
