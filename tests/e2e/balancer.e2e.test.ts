// Two instances behind Debian's HAProxy, as operators run several machines: a fresh PostgreSQL both
// migrate and seed under one lock, one Redis, one s3rver bucket, one SMTP sink; both run jobs and
// trust one proxy hop. HAProxy balances round robin without stickiness, checks `/api/health`,
// appends X-Forwarded-For and gives every request an X-Request-Id. Through it: a saved page, rate
// limits, human-check solutions, uploads and the sandbox clock are one for both; Redis stopped
// leaves pages up and health degraded; a SIGTERM to one instance during a steady stream of
// requests fails none of them.
import { spawn, type ChildProcess } from 'node:child_process'
import dgram from 'node:dgram'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import dnsPacket from 'dns-packet'
import S3rver from 's3rver'
import sharp from 'sharp'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { humanCheckOver } from '../support/human-check'
import { startRedis, type TestRedis } from '../support/redis-server'
import { freePort, freshDatabase } from '../support/test-db'
import { startInstance, type Instance } from './instance'

const HAPROXY = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((file) => existsSync(file))
const BUCKET = 'veilgate-balancer'
const started = performance.now()

let database: Awaited<ReturnType<typeof freshDatabase>>
let redis: TestRedis
let s3: S3rver
let s3Dir = ''
let smtp: SMTPServer
const mails: { to: string; subject: string }[] = []
let balancer: ChildProcess
let balancerOutput = ''
let front = ''
let a: Instance
let b: Instance
let workDir = ''
let token = ''

/** HAProxy's configuration: round robin, no stickiness, health checks on /api/health every 300 ms (3 s each to answer), a request id of its own. */
function haproxyConfig(port: number, backends: number[]) {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // Without it a health check's whole time is `inter` (300 ms): a loaded machine answering
    // /api/health a little later marks both instances down, and every request gets HAProxy's 503.
    '  timeout check 3s',
    '  option redispatch',
    '  retries 2',
    'frontend site',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  unique-id-format hap-%[uuid()]',
    '  unique-id-header X-Request-Id',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 300 fall 2 rise 2',
    ...backends.map((backend, index) => `  server instance${index + 1} 127.0.0.1:${backend} check`),
    '',
  ].join('\n')
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'veilgate-balancer-'))
  database = await freshDatabase('balancer')
  redis = await startRedis()
  const s3Port = await freePort()
  s3Dir = path.join(workDir, 's3')
  s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] })
  await s3.run()
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        for (const to of session.envelope.rcptTo) mails.push({ to: to.address, subject: /^Subject: (.*)$/m.exec(text)?.[1] ?? '' })
        done()
      })
    },
  })
  const smtpPort = await freePort()
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))

  const frontPort = await freePort()
  front = `http://127.0.0.1:${frontPort}`
  const shared = {
    DATABASE_URL: database.url,
    DATA_DIR: path.join(workDir, 'data'),
    MEDIA_DIR: path.join(workDir, 'media'),
    PAYLOAD_SECRET: 'balancer-test-secret-0123456789abcdef',
    SANDBOX_WEBHOOK_SECRET: 'balancer-test-webhook-secret-0123456789',
    ALTCHA_HMAC_KEY: 'balancer-test-altcha-key-0123456789abcdef',
    REDIS_URL: redis.url,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SITE_URL: front,
    TRUSTED_PROXY_HOPS: '1',
    JOBS_AUTORUN: 'true',
    GEOIP_RATE_LIMIT: '8/60',
    SHUTDOWN_DRAIN_SECONDS: '3',
  }
  // Both at once on the empty database: one migrates and seeds under the lock, the other waits for it.
  ;[a, b] = await Promise.all([startInstance(shared), startInstance(shared)])
  const config = path.join(workDir, 'haproxy.cfg')
  writeFileSync(config, haproxyConfig(frontPort, [a.port, b.port]))
  balancer = spawn(HAPROXY!, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] })
  balancer.stdout?.on('data', (chunk: Buffer) => (balancerOutput += chunk.toString('utf8')))
  balancer.stderr?.on('data', (chunk: Buffer) => (balancerOutput += chunk.toString('utf8')))
  // Both instances in rotation: two requests in a row answered by different instances.
  for (let tries = 0; ; tries++) {
    if (balancer.exitCode !== null) throw new Error(`HAProxy exited:\n${balancerOutput}`)
    // HAProxy may not listen yet, or not have both checks passed.
    const instances = new Set([await answeredBy('/api/health').catch(() => 'none'), await answeredBy('/api/health').catch(() => 'none')])
    if (instances.size === 2 && !instances.has('none')) break
    if (tries > 100) throw new Error(`HAProxy did not put both instances in rotation:\n${balancerOutput}`)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  const login = await fetch(`${a.baseUrl}/cms-api/admins/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@veilgate.local', password: 'veilgate-admin' }) })
  token = String(((await login.json()) as { token: string }).token)
}, 400_000)

afterAll(async () => {
  balancer?.kill('SIGTERM')
  await Promise.all([a?.stop(), b?.stop()])
  await redis?.stop()
  await s3?.close().catch(() => undefined)
  await new Promise((resolve) => (smtp ? smtp.close(() => resolve(null)) : resolve(null)))
  await database?.dispose()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
  // For the notes, never asserted.
  console.log(`[measure] two-instance test: ${Math.round((performance.now() - started) / 1000)} s`)
})

/** Which instance answered a request through the balancer (its request id found in that instance's lines). */
async function answeredBy(pathname: string): Promise<'a' | 'b' | 'none'> {
  const response = await fetch(`${front}${pathname}`)
  await response.arrayBuffer()
  const id = response.headers.get('x-request-id') ?? ''
  for (let tries = 0; tries < 50; tries++) {
    if (a.output().includes(`"reqId":"${id}"`)) return 'a'
    if (b.output().includes(`"reqId":"${id}"`)) return 'b'
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return 'none'
}

/** An A query for `name` to a name server on loopback: its answer's code (0: no error). */
function askName(port: number, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4')
    const timer = setTimeout(() => {
      socket.close()
      reject(new Error(`no DNS answer for ${name} on port ${port}`))
    }, 5_000)
    socket.on('message', (message) => {
      clearTimeout(timer)
      socket.close()
      resolve(message.readUInt16BE(2) & 0xf)
    })
    socket.send(dnsPacket.encode({ type: 'query', id: 1, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type: 'A', name }] }), port, '127.0.0.1')
  })
}

const admin = (origin: string, pathname: string, init: RequestInit = {}) => fetch(`${origin}/cms-api${pathname}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers, authorization: `JWT ${token}` } })

describe.skipIf(!HAPROXY)('two instances behind HAProxy', () => {
  it('log HAProxy’s request id on the instance that answered, and send it back', async () => {
    const response = await fetch(`${front}/`)
    expect(response.status).toBe(200)
    const id = response.headers.get('x-request-id')!
    expect(id).toMatch(/^hap-[0-9a-f-]{36}$/)
    await response.arrayBuffer()
    await expect.poll(() => `${a.output()}${b.output()}`.includes(`"reqId":"${id}"`), { timeout: 10_000 }).toBe(true)
  })

  it('show a page saved through one instance, fresh on the other and through the balancer, within seconds', async () => {
    const pagePath = `/landings/balanced-${Date.now()}`
    const created = await admin(a.baseUrl, '/pages', { method: 'POST', body: JSON.stringify({ path: pagePath, title: 'Balanced', _status: 'published', layout: [{ blockType: 'hero', heading: 'First words' }] }) })
    expect(created.status).toBe(201)
    const id = ((await created.json()) as { doc: { id: number } }).doc.id
    for (const origin of [b.baseUrl, front, front]) await expect.poll(async () => (await fetch(`${origin}${pagePath}`)).text(), { timeout: 15_000 }).toContain('First words')
    expect((await admin(a.baseUrl, `/pages/${id}`, { method: 'PATCH', body: JSON.stringify({ layout: [{ blockType: 'hero', heading: 'Second words' }] }) })).status).toBe(200)
    const saved = performance.now()
    await expect.poll(async () => (await fetch(`${b.baseUrl}${pagePath}`)).text(), { timeout: 10_000, interval: 20 }).toContain('Second words')
    console.log(`[measure] a save on one instance shown by the other after ${Math.round(performance.now() - saved)} ms`)
    for (let i = 0; i < 4; i++) expect(await (await fetch(`${front}${pagePath}`)).text()).toContain('Second words')
  })

  it('count one rate limit for both instances', async () => {
    // GEOIP_RATE_LIMIT is 8 a minute per client: alternating instances, the ninth request is refused.
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${front}/api/veilgate/geo-ip/`)
      await response.arrayBuffer()
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200))
    expect(statuses.slice(8)).toEqual([429, 429])
  })

  it('refuse on one instance a human-check solution already used on the other', async () => {
    const check = await humanCheckOver(a.baseUrl)
    const subscribe = (origin: string, email: string) =>
      fetch(`${origin}/api/coms/subscribe/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...check, username: email, locale: 'en' }) })
    expect((await subscribe(a.baseUrl, `balancer-${Date.now()}@example.com`)).status).toBe(200)
    const again = await subscribe(b.baseUrl, `balancer-again-${Date.now()}@example.com`)
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ code: 'NOT_VERIFIED_CAPTCHA' })
  })

  it('pay once for a card checkout started on one instance with 3-D Secure answered on the other, its receipt mailed once', async () => {
    const post = async (origin: string, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      (await (await fetch(`${origin}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as Record<string, unknown>
    const card = await post(a.baseUrl, '/api/payments/sandbox/tokenize', { number: '4000002760003184', expMonth: 12, expYear: 2034, cvc: '123' })
    const email = `balancer-buyer-${Date.now()}@example.com`
    const started = await post(a.baseUrl, '/api/veilgate/purchase/url-with-email/', { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: card.token, country: 'FR', locale: 'en' }, { 'idempotency-key': `balancer-${Date.now()}` })
    expect(started).toMatchObject({ status: 'requires_action', url: expect.stringMatching(/^\/sandbox\/3ds\//) })
    expect(await post(b.baseUrl, `/api/payments${String(started.url)}`, { outcome: 'complete' })).toEqual({ url: `/payment-success?hash=${started.hash}` })
    await expect.poll(async () => ((await (await fetch(`${front}/api/veilgate/purchase/url/?hash=${started.hash}`)).json()) as { status: string }).status, { timeout: 15_000 }).toBe('paid')
    const receipts = () => mails.filter((mail) => mail.to === email && mail.subject === 'Your Veilgate receipt').length
    // Both instances run the e-mail queue each minute (and at once after a payment): one of them sends it.
    await expect.poll(receipts, { timeout: 90_000, interval: 500 }).toBe(1)
    const orders = (await (await admin(a.baseUrl, `/orders?where[publicHash][equals]=${started.hash}&depth=0`)).json()) as { docs: { status: string }[] }
    expect(orders.docs).toMatchObject([{ status: 'paid' }])
    // Another minute of both queues running sends nothing more.
    const jobs = async () => ((await (await admin(a.baseUrl, `/payload-jobs?where[queue][equals]=email&where[completedAt][exists]=false&limit=0`)).json()) as { totalDocs: number }).totalDocs
    await expect.poll(jobs, { timeout: 90_000, interval: 1000 }).toBe(0)
    expect(receipts()).toBe(1)
  })

  it('show an image uploaded through one instance on the other', async () => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).png().toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), `balanced-${Date.now()}.png`)
    form.append('_payload', JSON.stringify({ description: 'Balanced upload' }))
    const uploaded = await fetch(`${a.baseUrl}/cms-api/media`, { method: 'POST', headers: { authorization: `JWT ${token}` }, body: form })
    expect(uploaded.status).toBe(201)
    const doc = ((await uploaded.json()) as { doc: { id: number; url: string } }).doc
    const shown = await fetch(`${b.baseUrl}${doc.url}`)
    expect(shown.status).toBe(200)
    expect(Buffer.from(await shown.arrayBuffer()).equals(image)).toBe(true)
    await admin(a.baseUrl, `/media/${doc.id}`, { method: 'DELETE' })
  })

  it('list through one instance the DNS probes the other’s name server answered', async () => {
    const test = (await (await fetch(`${b.baseUrl}/api/connection-test`, { method: 'POST' })).json()) as { id: string; probes: string[] }
    for (const name of test.probes) expect(await askName(a.dnsPort, name)).toBe(0)
    // Recorded by the name server beside instance a (in Redis), read by instance b.
    await expect.poll(async () => ((await (await fetch(`${b.baseUrl}/api/connection-test/${test.id}`)).json()) as { resolvers: { ip: string }[] }).resolvers.map((resolver) => resolver.ip), { timeout: 15_000 }).toContain('127.0.0.1')
  })

  it('move the sandbox clock of both when one advances it', async () => {
    const clockOf = async (origin: string) => ((await (await fetch(`${origin}/api/payments/sandbox/clock`, { headers: { authorization: `JWT ${token}` } })).json()) as { offsetMs: number }).offsetMs
    const before = await clockOf(b.baseUrl)
    const moved = await fetch(`${a.baseUrl}/api/payments/sandbox/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${token}` }, body: JSON.stringify({ days: 1 }) })
    expect(moved.status).toBe(200)
    await expect.poll(() => clockOf(b.baseUrl), { timeout: 10_000 }).toBe(before + 86_400_000)
  })

  it('keep pages up with Redis stopped, health saying degraded', async () => {
    await redis.stop()
    try {
      for (const origin of [a.baseUrl, b.baseUrl]) {
        await expect.poll(async () => (await fetch(`${origin}/api/health`)).json(), { timeout: 10_000 }).toMatchObject({ status: 'degraded', redis: 'fail', database: 'ok' })
        expect((await fetch(`${origin}/api/health`)).status).toBe(200)
      }
      for (const pathname of ['/', '/de/', '/pricing']) {
        const response = await fetch(`${front}${pathname}`)
        expect(response.status).toBe(200)
        await response.arrayBuffer()
      }
    } finally {
      await redis.restart()
    }
    for (const origin of [a.baseUrl, b.baseUrl]) await expect.poll(async () => (await fetch(`${origin}/api/health`)).json(), { timeout: 15_000 }).toMatchObject({ status: 'ok', redis: 'ok' })
  })

  it('fail no request of a steady stream while one instance gets SIGTERM', async () => {
    let stop = false
    const failures: string[] = []
    let answered = 0
    const stream = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${front}/`)
          await response.arrayBuffer()
          if (response.status !== 200) failures.push(`status ${response.status}`)
          else answered++
        } catch (error) {
          failures.push(String((error as { cause?: unknown }).cause ?? error))
        }
      }
    }
    const streams = Array.from({ length: 4 }, stream)
    await expect.poll(() => answered, { timeout: 10_000 }).toBeGreaterThan(20)
    b.signal('SIGTERM')
    expect(await b.exited).toBe(0)
    const atExit = answered
    // Requests go on to the remaining instance after the stopped one has gone.
    await expect.poll(() => answered, { timeout: 10_000 }).toBeGreaterThan(atExit + 20)
    stop = true
    await Promise.all(streams)
    expect(failures).toEqual([])
    console.log(`[measure] requests answered through a SIGTERM with the drain: ${answered}, failed: ${failures.length}`)
  })
})
