#!/usr/bin/env node
// `npm start`: embedded PostgreSQL (unless DATABASE_URL is set), a production
// build when needed, then the Next.js server. Migrations and the one-time seed
// run inside the app as it starts (src/seed/prepare.ts).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { prepareAppEnv, root } from './lib/app-env.mjs'
import { buildIfNeeded } from './lib/build.mjs'
import { writePageScripts } from './lib/page-scripts.mjs'
import { cutFontsBeforeBuild } from './lib/fonts.mjs'
import { checkCaptchaKeys } from './lib/captcha-keys.mjs'
import { connectionSettings } from './lib/connection-settings.mjs'
import { flushLogs, logger } from './lib/log.mjs'

const dev = process.argv.includes('--dev')
const port = process.env.PORT || '3000'

const info = (line) => logger().info(line)
const { env, release } = await prepareAppEnv({ log: info })
let shuttingDown = false
let server
let connectionServers

async function shutdown(code) {
  if (shuttingDown) return
  shuttingDown = true
  // The web server first (it drains: scripts/server.mjs), then the name and STUN servers, then the database.
  for (const child of [server, connectionServers]) {
    if (!child || child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  await release()
  flushLogs()
  process.exit(code)
}

process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

try {
  // A setting the connection test cannot use, or half a captcha key pair, stops the start with the reason, not the first visit.
  connectionSettings(env)
  checkCaptchaKeys(env)
  if (!dev) await buildIfNeeded(env, { log: info })
  // The development server serves public/scripts too and compiles fonts.ts (the build makes both for production).
  else {
    writePageScripts()
    await cutFontsBeforeBuild({ log: info })
  }
} catch (error) {
  logger().fatal(`[veilgate] ${error.message}`)
  await shutdown(1)
}

if (!shuttingDown) {
  // Next runs inside our own small server (scripts/server.mjs): real client addresses, page CSPs.
  server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs'), ...(dev ? ['--dev'] : [])], {
    cwd: root,
    env: { ...env, PORT: port, NODE_ENV: dev ? 'development' : 'production' },
    stdio: 'inherit',
  })
  logger().info(`[veilgate] serving on http://localhost:${port} (admin at /admin)`)
  server.on('exit', (code) => shutdown(code ?? 0))
  // The connection test's DNS and STUN servers (scripts/connection-servers.mjs): the site runs on
  // whether or not they could start.
  connectionServers = spawn(process.execPath, [path.join(root, 'scripts', 'connection-servers.mjs')], { cwd: root, env, stdio: 'inherit' })
}
