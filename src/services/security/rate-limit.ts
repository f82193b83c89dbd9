// Rate limits: per route and key, in PostgreSQL or Redis, with a memory insurance.
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Payload } from 'payload'
import { clientAddress, rateLimitKey } from '@/lib/client-address'
import { env } from '@/lib/env'
import { HttpError } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { pgPool, query } from '@/services/db'
import { connectedRedis, redis } from './redis'
import { realNow } from '@/lib/clock'
import { logger } from '@/lib/log'

/** The table the counts live in (created by a migration), shared by every instance. */
export const RATE_LIMIT_TABLE = 'rate_limits'

export type Limit = { points: number; seconds: number }
export type LimiterStore = { kind: 'postgres'; pool: unknown } | { kind: 'redis'; client: unknown } | { kind: 'memory' }

/**
 * One limiter on a shared store, with a memory limiter as insurance: when the store cannot be
 * reached, this instance counts on its own instead of failing the request.
 */
export function createLimiter(store: LimiterStore, name: string, limit: Limit): RateLimiterAbstract {
  const options = {
    keyPrefix: name,
    points: limit.points,
    duration: limit.seconds,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.seconds }),
  }
  if (store.kind === 'redis') return new RateLimiterRedis({ ...options, storeClient: store.client, useRedisPackage: true, rejectIfRedisNotReady: true })
  if (store.kind === 'postgres') {
    return new RateLimiterPostgres({ ...options, storeClient: store.pool, storeType: 'pool', tableName: RATE_LIMIT_TABLE, tableCreated: true, clearExpiredByTimeout: false })
  }
  return new RateLimiterMemory(options)
}

const limiters = new Map<string, RateLimiterAbstract>()

async function sharedLimiter(payload: Payload, name: 'ip' | 'account' | 'checkout' | 'order-read' | 'geo', limit: Limit): Promise<RateLimiterAbstract> {
  const client = await connectedRedis()
  const key = `${client ? 'redis' : 'postgres'}:${name}:${limit.points}/${limit.seconds}`
  let found = limiters.get(key)
  if (!found) {
    const store: LimiterStore = client ? { kind: 'redis', client } : { kind: 'postgres', pool: pgPool(payload) }
    found = createLimiter(store, `limit-${name}`, limit)
    limiters.set(key, found)
  }
  return found
}

/** 429 TOO_MANY_REQUESTS with Retry-After in whole seconds. */
function tooMany(rejection: RateLimiterRes): HttpError {
  const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
  return new HttpError(429, 'TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', undefined, { 'Retry-After': String(seconds) })
}

/** Counts one request against a limiter; over the limit it throws 429, a broken store lets it pass. */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key)
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooMany(rejection)
    logger().error({ err: rejection }, '[rate-limit] store failed')
  }
}

/**
 * Runs before any lookup or password hashing: one request of `endpoint` against the client's
 * address (RATE_LIMIT_IP, default 20 in 60 s) and, when given, the account named, whether it
 * exists or not (RATE_LIMIT_ACCOUNT, default 10 in 900 s).
 */
export async function limit(request: Request, endpoint: string, account?: string): Promise<void> {
  const settings = env()
  const payload = await payloadClient()
  // Expired counts are reset in place when their key comes back; now and then the rest go.
  if (!redis() && Math.random() < 0.01) {
    void query(payload, `delete from ${RATE_LIMIT_TABLE} where expire < $1`, [realNow().getTime()]).catch(() => undefined)
  }
  await consume(await sharedLimiter(payload, 'ip', settings.RATE_LIMIT_IP), `${endpoint}:${rateLimitKey(clientAddress(request.headers))}`)
  if (account) await consume(await sharedLimiter(payload, 'account', settings.RATE_LIMIT_ACCOUNT), `${endpoint}:${account.trim().toLowerCase()}`)
}

/**
 * Against card testing: one `tokenize` or `purchase` request against the client's address,
 * CHECKOUT_RATE_LIMIT a minute for each (default 20; 0 turns it off). Over it: 429 with Retry-After.
 */
export async function limitCheckout(request: Request, endpoint: 'tokenize' | 'purchase'): Promise<void> {
  const perMinute = env().CHECKOUT_RATE_LIMIT
  if (!perMinute) return
  const payload = await payloadClient()
  await consume(await sharedLimiter(payload, 'checkout', { points: perMinute, seconds: 60 }), `${endpoint}:${rateLimitKey(clientAddress(request.headers))}`)
}

/** The order read endpoints (by public hash): ORDER_READ_RATE_LIMIT per client address (default 60 a minute). */
export async function limitOrderReads(request: Request): Promise<void> {
  const payload = await payloadClient()
  await consume(await sharedLimiter(payload, 'order-read', env().ORDER_READ_RATE_LIMIT), `order-read:${rateLimitKey(clientAddress(request.headers))}`)
}

/** The geo-IP and VPN list endpoints: GEOIP_RATE_LIMIT per client address (default 60 a minute), all of them together. */
export async function limitGeo(request: Request): Promise<void> {
  const payload = await payloadClient()
  await consume(await sharedLimiter(payload, 'geo', env().GEOIP_RATE_LIMIT), `geo:${rateLimitKey(clientAddress(request.headers))}`)
}
