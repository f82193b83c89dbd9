// The web server's own settings (scripts/server.mjs), read from the environment.

/**
 * RESPONSE_CACHE_MB (default 64; 0 turns the response cache off), COMPRESSION (`on` or `off`) and
 * SHUTDOWN_DRAIN_SECONDS (default 5: how long a SIGTERM'd server keeps serving while `/api/health`
 * says `draining`, so the balancer's check notices).
 */
export function serverOptions(env, { dev = false } = {}) {
  const mb = (env.RESPONSE_CACHE_MB ?? '').trim() === '' ? 64 : Number(env.RESPONSE_CACHE_MB)
  if (!Number.isInteger(mb) || mb < 0 || mb > 65_536) throw new Error(`RESPONSE_CACHE_MB must be a whole number of megabytes from 0 to 65536 (got "${env.RESPONSE_CACHE_MB}")`)
  const compression = (env.COMPRESSION ?? '').trim().toLowerCase() || 'on'
  if (compression !== 'on' && compression !== 'off') throw new Error(`COMPRESSION must be "on" or "off" (got "${env.COMPRESSION}")`)
  const drain = (env.SHUTDOWN_DRAIN_SECONDS ?? '').trim() === '' ? 5 : Number(env.SHUTDOWN_DRAIN_SECONDS)
  if (!Number.isFinite(drain) || drain < 0 || drain > 300) throw new Error(`SHUTDOWN_DRAIN_SECONDS must be a number of seconds from 0 to 300 (got "${env.SHUTDOWN_DRAIN_SECONDS}")`)
  return { cacheBytes: dev ? 0 : mb * 1024 * 1024, compression: compression === 'on', drainMs: Math.round(drain * 1000) }
}
