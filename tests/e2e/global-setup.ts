import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { testCards } from '../../src/services/payments/sandbox/cards'
import { startRedis } from '../support/redis-server'
import { freePort, root } from '../support/test-db'
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_POOL, E2E_IP_LIMIT, e2eAdminEmail } from './admin'
import { launchBrowserServer } from './browser'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The site's data folder (its embedded PostgreSQL), for commands run beside it. */
    dataDir: string
    /** The run's one Chromium (`chromium.connect`). */
    browserEndpoint: string
    /** The site's name server (UDP, on 127.0.0.1 and ::1) for the connection test. */
    dnsPort: number
    /** Where the connection test's pages find STUN (STUN_URLS): a test's own server binds it. */
    testStunPort: number
    /** The site's Redis (REDIS_URL): its render cache, for a second instance to share. */
    redisUrl: string
  }
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    try {
      const response = await fetch(url, { redirect: 'manual' })
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`the server did not answer at ${url} in time`)
}

/** The test suites' passwords, and any link or header carrying a token, must never reach the server's output. */
export function secretsIn(output: string): string[] {
  const passwords = ['correct-Horse-battery-9', 'another-Strong-pass-42', 'veilgate-admin', E2E_ADMIN_PASSWORD, 'not-the-password-1', 'wrong-0-password']
  const found = passwords.filter((password) => output.includes(password))
  if (/token=[A-Za-z0-9_-]{20,}/.test(output)) found.push('a link with a token')
  if (/x-auth-token/i.test(output)) found.push('an X-Auth-Token header')
  // Card data reaches only tokenize: no test card number (spaced or not) and no card token in any log line.
  const digits = output.replace(/(\d)[ -](?=\d)/g, '$1')
  for (const number of Object.keys(testCards)) if (digits.includes(number)) found.push(`the card number ${number}`)
  if (output.includes('tok_sandbox_')) found.push('a card token')
  // The suites sign up and buy with addresses at example.com: none may be logged.
  const address = /[A-Za-z0-9._%+-]+@example\.(?:com|org|net)\b/.exec(output)
  if (address) found.push(`an e-mail address (${address[0].replace(/^[^@]+/, '…')})`)
  return found
}

/**
 * One admin per Vitest worker (tests/e2e/admin.ts), made by the first admin as an operator would
 * in the admin: files running at once never sign the same admin in.
 */
async function createAdminPool(baseUrl: string) {
  const json = { 'content-type': 'application/json' }
  const login = await fetch(`${baseUrl}/cms-api/admins/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'admin@veilgate.local', password: 'veilgate-admin' }) })
  if (!login.ok) throw new Error(`the first admin could not sign in (${login.status})`)
  const { token } = (await login.json()) as { token: string }
  for (let worker = 1; worker <= E2E_ADMIN_POOL; worker++) {
    const created = await fetch(`${baseUrl}/cms-api/admins`, {
      method: 'POST',
      headers: { ...json, authorization: `JWT ${token}` },
      body: JSON.stringify({ email: e2eAdminEmail(worker), password: E2E_ADMIN_PASSWORD, name: `End-to-end worker ${worker}` }),
    })
    if (!created.ok) throw new Error(`the admin of worker ${worker} was not created (${created.status}): ${await created.text()}`)
  }
}

type Site = { baseUrl: string; dataDir: string; browserEndpoint: string; dnsPort: number; testStunPort: number; redisUrl: string; stop: () => Promise<void> }

/**
 * End-to-end tests run the production build exactly as `npm start` does (build
 * if needed, embedded PostgreSQL, migrations, seed), on a fresh data folder, and
 * share one Chromium. `npm test` has built already; this only starts them.
 */
async function startSite(): Promise<Site> {
  const startedAt = performance.now()
  mkdirSync(path.join(root, '.data'), { recursive: true })
  const browserServer = launchBrowserServer()
  const dataDir = mkdtempSync(path.join(root, '.data', 'e2e-'))
  const port = Number(process.env.E2E_PORT) || (await freePort())
  const dnsPort = await freePort()
  const testStunPort = await freePort()
  // Redis as production runs it beside several instances: every page goes through the shared render cache (and rate limits count there).
  const redis = await startRedis()
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      // The connection test's DNS and STUN servers, on ports of their own beside a running site.
      DNS_PORT: String(dnsPort),
      STUN_PORT: String(await freePort()),
      // What tests/e2e/connection.e2e.test.ts needs (seeded into the connection-test global on the
      // first start): our exits and resolver on loopback, single-stack names its browser maps to
      // 127.0.0.1 and ::1, and a STUN server of its own that can report any address.
      VPN_EXIT_IPS: '127.0.0.1,::1',
      VPN_RESOLVERS: '127.0.0.2',
      CONNECTION_TEST_ZONE: 'leak.test',
      CONNECTION_TEST_IPV4_ORIGIN: `http://v4.leak.test:${port}`,
      CONNECTION_TEST_IPV6_ORIGIN: `http://v6.leak.test:${port}`,
      STUN_URLS: `stun:127.0.0.1:${testStunPort}`,
      SITE_URL: `http://localhost:${port}`,
      MEDIA_DIR: path.join(dataDir, 'media'),
      DATABASE_URL: '',
      REDIS_URL: redis.url,
      // The suites buy from one address; the limit itself is tested in integration.
      CHECKOUT_RATE_LIMIT: '1000',
      // Every visitor of the suites is 127.0.0.1 too (E2E_IP_LIMIT says why and what tests it).
      RATE_LIMIT_IP: `${E2E_IP_LIMIT.points}/${E2E_IP_LIMIT.seconds}`,
      ALTCHA_COST: '1',
      // The proxy keeps the active experiment this long: tests wait one second, not ten, for an admin's change.
      EXPERIMENT_CACHE_SECONDS: '1',
      // No balancer watches this one: stopped at the end of the run without the drain's wait.
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Everything the server prints, kept for the scan for secrets at the end, and shown but for its
  // request lines (tens of thousands in a run; tests/e2e/operations.e2e.test.ts checks them).
  const output: string[] = []
  let partial = ''
  server.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8')
    output.push(text)
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    const shown = lines.filter((line) => !line.includes('"msg":"request"'))
    if (shown.length) process.stdout.write(`${shown.join('\n')}\n`)
  })
  server.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk)
    output.push(chunk.toString('utf8'))
  })
  const baseUrl = `http://localhost:${port}`
  let browser
  try {
    await waitForServer(`${baseUrl}/`, server, 20 * 60 * 1000)
    await createAdminPool(baseUrl)
    browser = await browserServer
  } catch (error) {
    server.kill('SIGTERM')
    await browserServer.then((started) => started.close()).catch(() => {})
    await redis.stop()
    throw error
  }
  // For the timings table of `npm test` (scripts/test.mjs).
  mkdirSync(path.join(root, 'test-results'), { recursive: true })
  writeFileSync(path.join(root, 'test-results', 'e2e-server.json'), JSON.stringify({ seconds: (performance.now() - startedAt) / 1000 }))
  return {
    baseUrl,
    dataDir,
    browserEndpoint: browser.wsEndpoint(),
    dnsPort,
    testStunPort,
    redisUrl: redis.url,
    async stop() {
      await browser.close()
      server.kill('SIGTERM')
      await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)))
      await redis.stop()
      rmSync(dataDir, { recursive: true, force: true })
      const leaks = secretsIn(output.join(''))
      if (leaks.length) throw new Error(`the server printed secrets: ${leaks.join(', ')}`)
    },
  }
}

// The two end-to-end projects (files run two at a time, and files run alone) share one site and
// one Chromium. Vitest loads this file once per project, so the site lives on globalThis, and
// the last project's teardown stops it.
const SHARED = Symbol.for('veilgate.e2e.site')
type Shared = { users: number; site: Promise<Site> }

export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED]?: Shared }
  const shared = (holder[SHARED] ??= { users: 0, site: startSite() })
  shared.users++
  const site = await shared.site
  project.provide('baseUrl', site.baseUrl)
  project.provide('dataDir', site.dataDir)
  project.provide('browserEndpoint', site.browserEndpoint)
  project.provide('dnsPort', site.dnsPort)
  project.provide('testStunPort', site.testStunPort)
  project.provide('redisUrl', site.redisUrl)
  return async () => {
    if (--shared.users > 0) return
    delete holder[SHARED]
    await site.stop()
  }
}
