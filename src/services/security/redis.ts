// The shared Redis connection when REDIS_URL is set.
import { setTimeout as sleep } from 'node:timers/promises'
import { createClient } from 'redis'
import { env } from '@/lib/env'

export type RedisClient = ReturnType<typeof createClient>
let client: RedisClient | undefined
let firstConnection: Promise<void> = Promise.resolve()

/** How long a first request waits for the connection an instance makes on its first use of Redis. */
const FIRST_CONNECTION_WAIT_MS = 2_000

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
    const connected = client.connect().then(
      () => undefined,
      () => undefined,
    )
    firstConnection = Promise.race([connected, sleep(FIRST_CONNECTION_WAIT_MS, undefined, { ref: false })])
  }
  return client
}

/**
 * The shared connection once its first connect has ended (made, failed, or 2 s gone by). The
 * requests that start an instance wait for it: answered by the memory insurance while Redis was
 * still connecting, they were counted twice over (a burst of 100 logins let 64-74 through a limit of 60).
 * Later losses of the connection do not wait: commands fail at once, the insurance answers.
 */
export async function connectedRedis(url = env().REDIS_URL): Promise<RedisClient | undefined> {
  const found = redis(url)
  if (found) await firstConnection
  return found
}
