// The web server's own settings (scripts/server.mjs), read from the environment.

/** RESPONSE_CACHE_MB (default 64; 0 turns the response cache off) and COMPRESSION (`on` or `off`). */
export function serverOptions(env, { dev = false } = {}) {
  const mb = (env.RESPONSE_CACHE_MB ?? '').trim() === '' ? 64 : Number(env.RESPONSE_CACHE_MB)
  if (!Number.isInteger(mb) || mb < 0 || mb > 65_536) throw new Error(`RESPONSE_CACHE_MB must be a whole number of megabytes from 0 to 65536 (got "${env.RESPONSE_CACHE_MB}")`)
  const compression = (env.COMPRESSION ?? '').trim().toLowerCase() || 'on'
  if (compression !== 'on' && compression !== 'off') throw new Error(`COMPRESSION must be "on" or "off" (got "${env.COMPRESSION}")`)
  return { cacheBytes: dev ? 0 : mb * 1024 * 1024, compression: compression === 'on' }
}
