#!/usr/bin/env node
// The web server that `npm start` runs: Next.js behind a thin Node layer that
// - records the TCP peer address in a header a client cannot forge (the client address for rate
//   limits comes from it and TRUSTED_PROXY_HOPS, src/lib/client-address.ts);
// - compresses responses (Next's own compression is off, so it runs after the step below);
// - finishes each page's Content-Security-Policy (scripts/lib/secure-response.mjs).
// Started by scripts/start.mjs with the database and secrets already in the environment.
import http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import next from 'next'
import { FORWARDED_HEADER, PEER_HEADER, peerAddress, secureResponse } from './lib/secure-response.mjs'

const dev = process.argv.includes('--dev')
const port = Number(process.env.PORT || 3000)
const root = path.resolve(import.meta.dirname, '..')

const app = next({ dev, dir: root, port, hostname: 'localhost' })
const handle = app.getRequestHandler()
await app.prepare()

const compress = compression()
const server = http.createServer((req, res) => {
  // Both are overwritten on every request, so a client cannot supply them (src/lib/client-address.ts).
  req.headers[PEER_HEADER] = peerAddress(req.socket.remoteAddress)
  req.headers[FORWARDED_HEADER] = String(req.headers['x-forwarded-for'] ?? '')
  compress(req, res, () => {
    if (!dev) secureResponse(res)
    handle(req, res).catch((error) => {
      console.error('[server]', error instanceof Error ? error.message : error)
      if (!res.headersSent) res.statusCode = 500
      res.end()
    })
  })
})
// Behind a load balancer, keep idle connections open longer than it does (Next's own default).
server.keepAliveTimeout = 65_000
if (dev) {
  const upgrade = app.getUpgradeHandler()
  server.on('upgrade', (req, socket, head) => upgrade(req, socket, head))
}

server.listen(port, () => {
  console.log(`[server] Next.js ${dev ? 'development' : 'production'} server listening on port ${port}`)
})

function stop() {
  server.close()
  // Open keep-alive connections would hold the process; the start script waits for this exit.
  server.closeAllConnections?.()
  setTimeout(() => process.exit(0), 200).unref()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
