#!/usr/bin/env node
// `npm run connection-servers`: the connection test's DNS server (UDP and TCP) and STUN responder.
// `npm start` runs it beside the web server with the same environment; on another host it needs
// DATABASE_URL (or REDIS_URL) and PAYLOAD_SECRET, the same as the site's. A port that cannot be
// bound logs one line; whatever could start keeps running.
import pg from 'pg'
import { createClient } from 'redis'
import { createBatcher, createPgResultsStore, createRedisResultsStore } from './lib/connection-results.mjs'
import { connectionSettings } from './lib/connection-settings.mjs'
import { createDnsServer } from './lib/dns-server.mjs'
import { flushLogs, logger } from './lib/log.mjs'
import { createStunServer } from './lib/stun-server.mjs'

const settings = connectionSettings()
const log = (line) => logger().info(line)

if (!process.env.PAYLOAD_SECRET || !process.env.DATABASE_URL) {
  logger().fatal('[connection-test] PAYLOAD_SECRET and DATABASE_URL are needed (the same as the site’s); the DNS and STUN servers are not started')
  flushLogs()
  process.exit(1)
}

// Where the web server reads them: Redis when REDIS_URL is set, else PostgreSQL.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 })
pool.on('error', (error) => log(`[dns] database: ${error.message}`))
let redisClient
if (process.env.REDIS_URL) {
  redisClient = createClient({ url: process.env.REDIS_URL, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 5_000) } })
  redisClient.on('error', (error) => log(`[dns] redis: ${error.message}`))
  redisClient.connect().catch(() => undefined)
}
const batcher = createBatcher(redisClient ? createRedisResultsStore(redisClient) : createPgResultsStore(pool), { log })

/** Why a bind failed, in words an operator acts on. */
function bindProblem(error, port) {
  if (error.code === 'EADDRINUSE') return `port ${port} is taken by another program`
  if (error.code === 'EACCES') return `port ${port} needs privileges (CAP_NET_BIND_SERVICE for ports below 1024)`
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT') return `the address is not available here`
  return error.message
}

const running = []
const dns = createDnsServer({
  host: settings.dnsHost,
  port: settings.dnsPort,
  zone: settings.zone,
  answerA: settings.answerA,
  answerAAAA: settings.answerAAAA,
  secret: process.env.PAYLOAD_SECRET,
  record: (entry) => batcher.push(entry),
  log,
})
try {
  const { udpPort } = await dns.start()
  running.push(dns)
  log(`[connection-test] DNS for ${settings.zone} on ${settings.dnsHost} port ${udpPort} (UDP and TCP)`)
} catch (error) {
  log(`[connection-test] the DNS server did not start: ${bindProblem(error, settings.dnsPort)}; the site runs without the DNS leak test (set DNS_PORT)`)
}
const stun = createStunServer({ host: settings.stunHost, port: settings.stunPort, report: process.env.STUN_REPORT_IP || undefined, log })
try {
  const { port } = await stun.start()
  running.push(stun)
  log(`[connection-test] STUN on ${settings.stunHost} port ${port} (UDP)`)
} catch (error) {
  log(`[connection-test] the STUN server did not start: ${bindProblem(error, settings.stunPort)}; the site runs without the WebRTC test (set STUN_PORT)`)
}

async function stop() {
  await Promise.all(running.map((server) => server.stop()))
  await batcher.flush()
  await pool.end().catch(() => undefined)
  await redisClient?.quit().catch(() => undefined)
  flushLogs()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
if (!running.length) await stop()
