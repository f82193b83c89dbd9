// A site killed mid-queue loses and repeats nothing. The test starts a site of its own as
// `npm start` does (its own data folder, embedded PostgreSQL and ports), buys three monthly plans
// (their payment events held back by SANDBOX_WEBHOOK_TEST=delay), moves the sandbox clock past
// their renewal date, and queues 20 newsletter confirmations. At the first message in the outbox
// it kills, with SIGKILL, everything `scripts/start.mjs` started (its process group: the web
// server, the connection servers, PostgreSQL), starts again with JOB_STUCK_AFTER=2, and waits for
// the queues to empty and every scheduled task to wait for its next run, with the clock moved
// another month once it is up. Then every confirmation is in the outbox once, every
// renewal (the second and third period) has one order and one charge, every payment event was
// taken once and no job failed.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { humanCheckOver } from '../support/human-check'
import { freePort, root } from '../support/test-db'

const DAY = 86_400_000
const MAILS = 20
const BUYERS = 3
// The scheduled upkeep tasks (src/payload.config.ts, queue `maintenance`) that wait between runs.
// The renewal scan runs each minute: Payload queues and runs it within the minute's tick, so it is
// never seen waiting; the third period, due only once the site is started again, shows it runs.
const SCHEDULED = ['expireOrders', 'finishFulfilment', 'dropIdempotencyKeys', 'refreshBanners', 'purgeDeletedAccounts', 'forgetHumanCheckSolutions', 'dropCustomerTokens', 'expireConnectionResults', 'expireConnectionShares']

type Site = { child: ChildProcess; output: string[]; exited: Promise<unknown> }

let dataDir = ''
let env: Record<string, string> = {}
let baseUrl = ''
let site: Site | undefined
const started = performance.now()

/** `scripts/start.mjs` in a process group of its own, so that one signal reaches all it starts. */
function startSite(extra: Record<string, string> = {}): Site {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { cwd: root, env: { ...process.env, ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  const output: string[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return { child, output, exited }
}

const lastLines = (started: Site) => started.output.join('').split('\n').slice(-40).join('\n')

/** Waits for the site's health check to answer 200 (its first start seeds a fresh database). */
async function answering(started: Site): Promise<void> {
  const deadline = performance.now() + 600_000
  while (performance.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`the site exited with code ${started.child.exitCode}:\n${lastLines(started)}`)
    if ((await fetch(`${baseUrl}/api/health`).then((response) => response.status, () => 0)) === 200) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the site did not answer in time:\n${lastLines(started)}`)
}

/** The processes of group `group` still alive (zombies count as gone). */
function groupMembers(group: number): number[] {
  const alive: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(pgrp) === group && state !== 'Z') alive.push(Number(entry))
    } catch {
      // gone while we read
    }
  }
  return alive
}

/** One statement on the site's database (a new connection each time: the database is killed in between). */
async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT}/veilgate` })
  await client.connect()
  try {
    return (await client.query<T>(text, params)).rows
  } finally {
    await client.end()
  }
}

/**
 * The sandbox clock `ms` ahead of real time, as an admin's advance leaves it but without the
 * renewal scan the advance runs at once: the minute's scheduled scan charges what fell due.
 */
const moveClock = (ms: number) => sql('update sandbox_clock set offset_ms = $1', [ms])

async function post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A new account that buys `vpn-1m` with the sandbox's card, signed in: its address. */
async function monthlyBuyer(index: number): Promise<string> {
  const email = `e2e-restart-buyer-${index}-${randomUUID().slice(0, 8)}@example.com`
  const password = 'Restart-e2e-2026!'
  const created = await post('/api/veilgate/auth/register/', { username: email, password, confirmPassword: password, terms: true, ...(await humanCheckOver(baseUrl)) })
  expect(created.status).toBe(201)
  const tokenized = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })
  const paid = await post(
    '/api/veilgate/purchase/url-with-email/',
    { email, receiveMarketingEmails: false, plan: 'vpn-1m', paymentMethod: 'card', cardToken: tokenized.body.token, country: 'DE', locale: 'en' },
    { 'idempotency-key': `restart-${randomUUID()}`, 'x-auth-token': String(created.body.token) },
  )
  expect(paid.body.status).toBe('paid')
  return email
}

beforeAll(async () => {
  mkdirSync(path.join(root, '.data'), { recursive: true })
  dataDir = mkdtempSync(path.join(root, '.data', 'restart-'))
  const port = await freePort()
  baseUrl = `http://localhost:${port}`
  env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    MEDIA_DIR: path.join(dataDir, 'media'),
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    DNS_PORT: String(await freePort()),
    STUN_PORT: String(await freePort()),
    SITE_URL: baseUrl,
    ALTCHA_COST: '1',
    CHECKOUT_RATE_LIMIT: '1000',
    RATE_LIMIT_IP: '1000/60',
    // Every payment event is held back 30 s: still queued when the site is killed.
    SANDBOX_WEBHOOK_TEST: 'delay=30000',
    SHUTDOWN_DRAIN_SECONDS: '0',
  }
  site = startSite()
  await answering(site)
}, 660_000)

afterAll(async () => {
  if (site && site.child.exitCode === null) {
    process.kill(-site.child.pid!, 'SIGTERM')
    await site.exited
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}, 120_000)

describe('a site killed while its queues run', () => {
  it('starts again and sends each message once, charges each renewal once and takes each payment event once', async () => {
    const buyers: string[] = []
    for (let index = 0; index < BUYERS; index++) buyers.push(await monthlyBuyer(index))
    const subscriptions = await sql<{ id: number }>('select s.id from subscriptions s join customers c on c.id = s.customer_id where c.email = any($1) order by s.id', [buyers])
    expect(subscriptions).toHaveLength(BUYERS)
    const ids = subscriptions.map((row) => row.id)

    // Renewals due: the second period of each.
    await moveClock(32 * DAY)

    // Twenty confirmations queued at once, as twenty visitors subscribe.
    const readers = Array.from({ length: MAILS }, (_, index) => `e2e-restart-reader-${index}-${randomUUID().slice(0, 8)}@example.com`)
    const subscribed = await Promise.all(readers.map(async (email) => post('/api/coms/subscribe/', { ...(await humanCheckOver(baseUrl)), username: email, locale: 'en' })))
    expect(subscribed.map((answer) => answer.status)).toEqual(readers.map(() => 200))

    // The first confirmation stored: kill everything at once.
    await expect.poll(async () => Number((await sql<{ count: string }>('select count(*) from outbox where template = $1', ['newsletter-confirm']))[0]!.count), { timeout: 60_000, interval: 20 }).toBeGreaterThan(0)
    const [atKill] = await sql<{ stored: string; processing: string; queued: string }>(
      "select (select count(*) from outbox where template = 'newsletter-confirm') as stored, count(*) filter (where processing) as processing, count(*) filter (where queue <> 'maintenance') as queued from payload_jobs where completed_at is null",
    )
    const group = site!.child.pid!
    process.kill(-group, 'SIGKILL')
    await site!.exited
    await expect.poll(() => groupMembers(group), { timeout: 30_000, interval: 100 }).toEqual([])

    // Started again as an operator would after a crash, with jobs stuck after 2 seconds.
    site = startSite({ JOB_STUCK_AFTER: '2' })
    await answering(site)
    // Another month on: the third period falls due for the restarted site alone.
    await moveClock(63 * DAY)
    // Each scheduled task seen waiting since the start. A task is not waiting in the minute after
    // its run (Payload queues the next one at the following tick), so the test collects them.
    const seenWaiting = new Set<string>()
    const settled = async () => {
      const waiting = await sql<{ task_slug: string }>("select distinct task_slug from payload_jobs where queue = 'maintenance' and completed_at is null and not processing and not coalesce(has_error, false)")
      for (const row of waiting) seenWaiting.add(row.task_slug)
      const [left] = await sql<{ pending: string; failed: string }>(
        "select count(*) filter (where queue <> 'maintenance' and completed_at is null and not coalesce(has_error, false)) as pending, count(*) filter (where has_error) as failed from payload_jobs",
      )
      const renewed = await sql<{ count: string }>("select count(*) from orders where renews_id = any($1) and status = 'paid' and period = 3", [ids])
      // Paid orders whose payment event was taken in: a renewal is paid before its (delayed) event is even queued.
      const [taken] = await sql<{ count: string }>(
        "select count(distinct o.id) from orders o join customers c on c.id = o.customer_id join webhook_events e on e.order_id = o.id where o.status = 'paid' and c.email = any($1)",
        [buyers],
      )
      return { pending: Number(left!.pending), failed: Number(left!.failed), renewed: Number(renewed[0]!.count), taken: Number(taken!.count), waiting: SCHEDULED.filter((task) => seenWaiting.has(task)) }
    }
    await expect.poll(settled, { timeout: 300_000, interval: 500 }).toEqual({ pending: 0, failed: 0, renewed: BUYERS, taken: BUYERS * 3, waiting: SCHEDULED })

    // Each confirmation once.
    const confirmations = await sql<{ to: string; count: string }>('select "to", count(*) from outbox where template = $1 group by "to"', ['newsletter-confirm'])
    expect(Object.fromEntries(confirmations.map((row) => [row.to, Number(row.count)]))).toEqual(Object.fromEntries(readers.map((email) => [email, 1])))
    // Each renewal: one order for the period, paid with one charge.
    const renewals = await sql<{ renews_id: number; period: number; attempts: string }>(
      'select o.renews_id, o.period, (select count(*) from payment_attempts a where a.order_id = o.id) as attempts from orders o where o.renews_id = any($1) order by o.renews_id, o.period',
      [ids],
    )
    expect(renewals.map((row) => ({ subscription: Number(row.renews_id), period: Number(row.period), attempts: Number(row.attempts) }))).toEqual(
      ids.flatMap((id) => [2, 3].map((period) => ({ subscription: id, period, attempts: 1 }))),
    )
    const periods = await sql<{ period: number }>('select period from subscriptions where id = any($1) order by id', [ids])
    expect(periods.map((row) => Number(row.period))).toEqual(ids.map(() => 3))
    // None taken in and left unapplied (a server killed between the two applies it on the next delivery).
    expect(await sql("select event_id, type, updated_at from webhook_events where processed_at is null")).toEqual([])
    // Each paid order (three purchases, six renewals) had its payment event taken once.
    const events = await sql<{ order_id: number; count: string }>(
      "select o.id as order_id, count(e.id) from orders o join customers c on c.id = o.customer_id left join webhook_events e on e.order_id = o.id where o.status = 'paid' and c.email = any($1) group by o.id",
      [buyers],
    )
    expect(events.map((row) => Number(row.count))).toEqual(Array.from({ length: BUYERS * 3 }, () => 1))
    // Every message once: no job stored two.
    const twice = await sql('select job_id from outbox where job_id is not null group by job_id having count(*) > 1')
    expect(twice).toEqual([])
    console.info(
      `restart test: ${((performance.now() - started) / 1000).toFixed(0)} s; at the kill ${atKill!.stored} of ${MAILS} confirmations stored, ${atKill!.queued} jobs queued, ${atKill!.processing} processing`,
    )
  }, 900_000)
})
