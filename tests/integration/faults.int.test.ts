// Card checkouts through database outages. The run's database is reached through a relay
// (tests/support/db-relay.ts, started by the global setup) that this file cuts: fast-check picks
// the statement at which the cut falls, anywhere from the purchase to the payment event and the
// upkeep after it, and how long the database stays away. Each run then carries on as its actors
// would: the buyer presses Pay again (the same Idempotency-Key and body) while the answer is 503,
// the processor delivers its event again while the route answers 5xx, and reconciliation,
// fulfilment and the e-mail queue run. Afterwards: one order per checkout, at most one charge in
// the processor's ledger, every charged order paid and fulfilled once with one receipt, no
// uncharged order paid. One more run stops the database server itself and starts it again.
// FAULT_SEED reruns a seed; FAULT_RUNS sets the number of runs (20 by default).
import fc from 'fast-check'
import pg from 'pg'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import config from '@payload-config'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as webhookRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { finishUnfulfilled } from '@/services/orders/maintenance'
import { reconcileOrders } from '@/services/orders/reconcile'
import { setWebhookTransport } from '@/services/payments/sandbox/deliver'
import { isDatabaseOutage } from '@/lib/db-outage'
import { inTransaction, sql as dbSql } from '@/services/db'
import { releaseStuckJobs } from '@/services/jobs/stuck'
import { sandboxWebhookSecret } from '@/services/payments/sandbox/provider'
import { SANDBOX_SIGNATURE_HEADER, signPayload } from '@/services/payments/webhooks'
import { relayControl } from '../support/db-relay'
import { runEmailJobs } from '../support/mail'
import { callRoute } from '../support/routes'
import { setEnv } from '../support/stripe-account'
import { drainWebhooks } from '../support/webhooks'

const relay = relayControl(inject('databaseRelay'))
const direct = new pg.Pool({ connectionString: inject('directDatabaseUrl'), max: 2 })
// Its connections end when the database server is stopped below.
direct.on('error', () => undefined)
const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31))
const runs = Number(process.env.FAULT_RUNS ?? 20)

let payload: Payload
let sent: string[] = []
let run = 0
const table: string[] = []

beforeAll(async () => {
  payload = await getPayload({ config })
  // A purchase the first request left without an answer is taken over after a second here.
  setEnv({ IDEMPOTENCY_RESUME_AFTER: '1' })
  // The processor's events are kept and delivered by the test, as the processor would (again on 5xx).
  setWebhookTransport(async (_url, init) => {
    sent.push(init.body ?? '')
    return { status: 200 }
  })
  console.info(`FAULT_SEED=${seed} (FAULT_RUNS=${runs})`)
})

afterAll(async () => {
  setWebhookTransport(null)
  setEnv({ IDEMPOTENCY_RESUME_AFTER: undefined })
  await relay.restore()
  await direct.end()
  if (table.length) console.info(`fault runs (seed ${seed}):\n${table.join('\n')}`)
})

const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await direct.query<T>(text, params)).rows
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const tokenFor = async (number = '4242424242424242') => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body.token)

/** What was done when the cut fell, read from the database itself (the relay is cut). */
async function stateOf(email: string): Promise<string> {
  const [order] = await sql<{ id: number; status: string; fulfilled: boolean }>('select id, status::text as status, fulfilled_at is not null as fulfilled from orders where email = $1', [email])
  if (!order) return 'before the order was written'
  const [attempt] = await sql<{ number: number }>('select number from payment_attempts where order_id = $1 order by number desc limit 1', [order.id])
  if (!attempt) return `order written (${order.status}), no attempt`
  const [charge] = await sql<{ status: string }>('select status from sandbox_ledger where key = $1', [`order:${order.id}:attempt:${attempt.number}`])
  if (!charge) return `attempt ${attempt.number} written (order ${order.status}), not charged`
  if (charge.status !== 'succeeded') return `attempt ${attempt.number} ${charge.status} at the processor, order ${order.status}`
  if (order.status !== 'paid') return `charged, order ${order.status}`
  return order.fulfilled ? 'paid and fulfilled' : 'paid, fulfilment not finished'
}

/**
 * One step under the armed cut: `act` runs until it gets an answer that is not an outage; when the
 * cut falls during it, the database stays away `downMs`, then comes back and `act` runs again (as
 * the buyer presses Pay again, or the processor delivers again). Notes where the cut fell.
 */
async function step(name: string, email: string, downMs: number, notes: string[], act: () => Promise<{ retry: boolean; status: number }>) {
  for (let tries = 0; tries < 10; tries++) {
    let outcome: { retry: boolean; status: number }
    try {
      outcome = await act()
    } catch (error) {
      // Upkeep run in-process (reconciliation, fulfilment, the queues) throws what the database threw.
      if (!isDatabaseOutage(error)) throw error
      outcome = { retry: true, status: 0 }
    }
    const { cutAt } = await relay.poll()
    if (cutAt !== null) {
      notes.push(`${name}: cut at ${cutAt} (${await stateOf(email)}) → ${outcome.status || 'threw'}`)
      await sleep(downMs)
      await relay.restore()
    }
    if (!outcome.retry) return outcome
  }
  throw new Error(`${name} did not get through`)
}

const signed = (body: string) => ({ [SANDBOX_SIGNATURE_HEADER]: signPayload(sandboxWebhookSecret(payload), body, new Date()) })

/**
 * One card checkout with a cut at statement `cutAt` from its start, each step carried on as its
 * actor would. `declinedFirst`: the order was declined before (no cut), and this is its retry.
 */
async function checkout(cutAt: number, downMs: number, declinedFirst = false) {
  const n = ++run
  const email = `fault-${seed}-${n}@example.com`
  const key = `fault-${seed}-${n}`
  let body: Record<string, unknown> = { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: await tokenFor(), country: 'DE', locale: 'en' }
  if (declinedFirst) {
    const declined = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body: { ...body, cardToken: await tokenFor('4000000000000002') }, headers: { 'idempotency-key': `${key}-declined` } })
    expect(declined.body).toMatchObject({ code: 'CARD_DECLINED', retryable: true })
    body = { hash: declined.body.hash, paymentMethod: 'card', cardToken: body.cardToken, locale: 'en' }
  }
  sent = []
  const notes: string[] = []
  const answers: number[] = []
  await relay.arm(cutAt)
  // The buyer: Pay, and Pay again while the answer is 503 (never a 500).
  await step(declinedFirst ? 'retry' : 'purchase', email, downMs, notes, async () => {
    const answer = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': key } })
    answers.push(answer.status)
    if (answer.status === 503) expect(answer.body).toMatchObject({ statusCode: 503, code: 'SERVER_MAINTENANCE', message: 'Server maintenance. Please, try again later' })
    else expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status: 'paid' })
    return { retry: answer.status === 503, status: answer.status }
  })
  // The processor: its events sent, then each delivered, again while the route answers 5xx.
  await step('sending events', email, downMs, notes, async () => {
    await drainWebhooks(payload)
    return { retry: false, status: 200 }
  })
  for (const event of sent) {
    await step('event', email, downMs, notes, async () => {
      const delivered = await callRoute(webhookRoute, { path: '/api/veilgate/purchase/stripe', body: event, headers: signed(event) })
      expect(delivered.status).not.toBe(500)
      return { retry: delivered.status >= 500, status: delivered.status }
    })
  }
  // Upkeep: reconciliation (no wait), fulfilment left unfinished, the e-mail queue.
  await step('reconciliation', email, downMs, notes, async () => {
    await reconcileOrders(payload, new Date(), 0)
    return { retry: false, status: 200 }
  })
  await step('fulfilment', email, downMs, notes, async () => {
    await finishUnfulfilled(payload, new Date(Date.now() + 120_000))
    return { retry: false, status: 200 }
  })
  await step('e-mail', email, downMs, notes, async () => {
    await runEmailJobs(payload)
    return { retry: false, status: 200 }
  })
  return { email, notes, answers }
}

/**
 * What time does after an outage, at once: jobs a cut left "processing" are released (as
 * JOB_STUCK_AFTER does on a site), and the e-mail queue runs again, its retries included, until a
 * paid order's receipt is out.
 */
async function flushQueues(email: string) {
  for (let round = 0; round < 40; round++) {
    await releaseStuckJobs(payload, 0)
    await runEmailJobs(payload)
    const [paid] = await sql(`select id from orders where email = $1 and status = 'paid'`, [email])
    const [receipt] = await sql(`select id from outbox where "to" = $1 and template = 'receipt'`, [email])
    if (!paid || receipt) return
    await sleep(500)
  }
}

/** The database back and no cut armed, whatever happened (a failed run included). */
async function reconnect() {
  await relay.disarm()
  await relay.restore()
}

/**
 * Connections checked out of Payload's pool. After a run none may stay held: a transaction or a
 * job update the cut broke once kept its connection for good, and the pool ran dry after some
 * twenty cuts (decision 013).
 */
function held(): number {
  const pool = (payload.db as unknown as { pool: { totalCount: number; idleCount: number } }).pool
  return pool.totalCount - pool.idleCount
}

/** Afterwards, for one checkout: one order; at most one charge; charged ⇔ paid; paid → fulfilled once, one receipt. */
async function settledOnce(email: string) {
  const orders = await sql<{ id: number; status: string; fulfilled: boolean }>('select id, status::text as status, fulfilled_at is not null as fulfilled from orders where email = $1', [email])
  expect(orders, 'one order per checkout').toHaveLength(1)
  const order = orders[0]!
  const charges = await sql<{ status: string }>(`select status from sandbox_ledger where key like $1 and status = 'succeeded'`, [`order:${order.id}:attempt:%`])
  expect(charges.length, 'at most one charge').toBeLessThanOrEqual(1)
  const charged = charges.length === 1
  expect(order.status === 'paid', `charged (${charged}) exactly when paid (${order.status})`).toBe(charged)
  if (!charged) return { status: order.status, charged }
  expect(order.fulfilled).toBe(true)
  expect(await sql('select id from subscriptions where order_id = $1', [order.id])).toHaveLength(1)
  expect(await sql(`select id from outbox where "to" = $1 and template = 'receipt'`, [email])).toHaveLength(1)
  return { status: order.status, charged }
}

/**
 * How many statements a whole checkout sends when nothing fails: the cuts fall among them. The
 * relay counts every statement of this process, and files before this one leave work behind
 * (an e-mail queue kicked 5 s after a commit, webhook deliveries): once counted in, a span of
 * 1,300 instead of 300 put half the cuts after the checkout's end. So the queues are run first,
 * and the smaller of two undisturbed-looking checkouts is the span.
 */
async function calibrate(declinedFirst: boolean): Promise<number> {
  await runEmailJobs(payload)
  await drainWebhooks(payload)
  const spans: number[] = []
  for (let i = 0; i < 2; i++) {
    const calibration = await checkout(1_000_000, 0, declinedFirst)
    spans.push(await relay.disarm())
    await settledOnce(calibration.email)
  }
  return Math.min(...spans)
}

describe('card checkouts through database outages', () => {
  it(`ends every checkout in one order, at most one charge, paid and fulfilled once when charged (${runs} runs)`, async () => {
    // How many statements a whole checkout sends when nothing fails: the cuts fall among them.
    const span = await calibrate(false)
    expect(span).toBeGreaterThan(20)
    let cuts = 0
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: span }), fc.integer({ min: 0, max: 400 }), async (cutAt, downMs) => {
        const result = await checkout(cutAt, downMs).finally(reconnect)
        await flushQueues(result.email)
        const end = await settledOnce(result.email)
        await expect.poll(held).toBe(0)
        if (result.notes.length) cuts++
        table.push(`| ${cutAt} | ${downMs} ms | ${result.notes.join('; ') || 'no cut (the checkout ended first)'} | ${result.answers.join(' → ')} | ${end.status}${end.charged ? ', one charge' : ', no charge'} |`)
      }),
      { seed, numRuns: runs, endOnFailure: true },
    )
    // Most cuts fell inside their checkout (the span is a whole checkout's).
    expect(cuts).toBeGreaterThan(runs / 2)
    // Jobs a cut left processing run again, so that no other file meets them.
    await releaseStuckJobs(payload, 0)
    await drainWebhooks(payload)
    console.info(`fault test: ${span} statements in a checkout; ${cuts} of ${runs} runs cut`)
  }, 600_000)

  it(`ends a declined order's retry paid once, wherever the cut falls in it (${Math.ceil(runs / 3)} runs)`, async () => {
    const span = await calibrate(true)
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: span }), fc.integer({ min: 0, max: 400 }), async (cutAt, downMs) => {
        const result = await checkout(cutAt, downMs, true).finally(reconnect)
        await flushQueues(result.email)
        const end = await settledOnce(result.email)
        expect(end).toEqual({ status: 'paid', charged: true })
        await expect.poll(held).toBe(0)
        table.push(`| retry ${cutAt} | ${downMs} ms | ${result.notes.join('; ') || 'no cut (the checkout ended first)'} | ${result.answers.join(' → ')} | ${end.status}, one charge |`)
      }),
      { seed, numRuns: Math.ceil(runs / 3), endOnFailure: true },
    )
  }, 600_000)

  it('gives back every connection a cut ended, a transaction’s whose BEGIN met it too: more such cuts than the pool holds, then a transaction still runs', async () => {
    const size = (payload.db as unknown as { pool: { options: { max: number } } }).pool.options.max
    for (let cut = 0; cut < size + 2; cut++) {
      // The next statement through the relay is this transaction's BEGIN.
      await relay.arm(1)
      await expect(inTransaction(payload, async (tx) => tx.run(dbSql`select 1 as one`))).rejects.toSatisfy(isDatabaseOutage)
      expect((await relay.poll()).cutAt).toBe(1)
      await relay.restore()
    }
    await relay.disarm()
    expect(await inTransaction(payload, async (tx) => tx.run<{ one: number }>(dbSql`select 1 as one`))).toEqual([{ one: 1 }])
    // None held: no transaction's, nor the one the adapter checks out to see the database answer (after each reset it took another, for good).
    await expect.poll(held).toBe(0)
  })

  it('survives the database server stopped and started again: 503 while it is down, then one paid order', async () => {
    const email = `fault-${seed}-server@example.com`
    const body = { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: await tokenFor(), country: 'DE', locale: 'en' }
    const key = `fault-${seed}-server`
    // The server stops: the pool's idle connections are ended under it (57P01) and the process stays up.
    await relay.stopDatabase()
    try {
      const down = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': key } })
      expect(down.status).toBe(503)
      expect(down.body).toMatchObject({ code: 'SERVER_MAINTENANCE' })
    } finally {
      await relay.startDatabase()
    }
    let answer = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': key } })
    for (let tries = 0; answer.status === 503 && tries < 20; tries++) {
      await sleep(250)
      answer = await callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': key } })
    }
    expect(answer.body).toMatchObject({ status: 'paid' })
    await runEmailJobs(payload)
    await settledOnce(email)
  }, 180_000)
})
