#!/usr/bin/env node
// `npm start`: embedded PostgreSQL (unless DATABASE_URL is set), a production
// build when needed, then the Next.js server. Migrations and the one-time seed
// run inside the app as it starts (src/seed/prepare.ts).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { prepareAppEnv, root } from './lib/app-env.mjs'
import { buildIfNeeded } from './lib/build.mjs'
import { connectionSettings } from './lib/connection-settings.mjs'

const dev = process.argv.includes('--dev')
const port = process.env.PORT || '3000'

const { env, release } = await prepareAppEnv()
let shuttingDown = false
let server
let connectionServers

async function shutdown(code) {
  if (shuttingDown) return
  shuttingDown = true
  const stopping = [server, connectionServers].filter((child) => child && child.exitCode === null)
  for (const child of stopping) child.kill('SIGTERM')
  await Promise.all(stopping.map((child) => new Promise((resolve) => child.once('exit', resolve))))
  await release()
  process.exit(code)
}

process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

try {
  // A setting the connection test cannot use stops the start with the reason, not the first visit.
  connectionSettings(env)
  if (!dev) await buildIfNeeded(env)
} catch (error) {
  console.error(`[veilgate] ${error.message}`)
  await shutdown(1)
}

if (!shuttingDown) {
  // Next runs inside our own small server (scripts/server.mjs): real client addresses, page CSPs.
  server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs'), ...(dev ? ['--dev'] : [])], {
    cwd: root,
    env: { ...env, PORT: port, NODE_ENV: dev ? 'development' : 'production' },
    stdio: 'inherit',
  })
  console.log(`[veilgate] serving on http://localhost:${port} (admin at /admin)`)
  server.on('exit', (code) => shutdown(code ?? 0))
  // The connection test's DNS and STUN servers (scripts/connection-servers.mjs): the site runs on
  // whether or not they could start.
  connectionServers = spawn(process.execPath, [path.join(root, 'scripts', 'connection-servers.mjs')], { cwd: root, env, stdio: 'inherit' })
}
