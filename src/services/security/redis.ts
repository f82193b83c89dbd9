// The shared Redis connection when REDIS_URL is set.
import { createClient } from 'redis'
import { env } from '@/lib/env'

export type RedisClient = ReturnType<typeof createClient>
let client: RedisClient | undefined

/**
 * The shared Redis connection when REDIS_URL is set. Commands fail at once while it is down (no
 * offline queue), so the rate limits fall back to their memory insurance instead of waiting.
 */
export function redis(url = env().REDIS_URL): RedisClient | undefined {
  if (!url) return undefined
  if (!client) {
    client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 5_000) } })
    // A lost connection is retried in the background; meanwhile the memory insurance answers.
    client.on('error', () => undefined)
    client.connect().catch(() => undefined)
  }
  return client
}
