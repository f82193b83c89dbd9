import { randomUUID } from 'node:crypto'
import { getPayload, type Payload, type TaskConfig } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { purgeDeletedAccountsTask } from '@/services/account/maintenance'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { refreshBannersTask } from '@/services/content/banner-refresh'
import { dropCustomerTokensTask } from '@/services/auth/maintenance'
import { hashToken, newToken } from '@/services/auth/tokens'
import { pgPool, query } from '@/services/db'
import { releaseStuckJobs } from '@/services/jobs/stuck'
import { forgetHumanCheckSolutionsTask } from '@/services/human-check/maintenance'
import { MAINTENANCE_QUEUE } from '@/services/maintenance'
import { dropIdempotencyKeysTask, expireOrdersTask, finishFulfilmentTask, reconcileOrdersTask } from '@/services/orders/maintenance'
import { renewSubscriptionsTask } from '@/services/subscriptions/maintenance'
import { callRoute } from '../support/routes'
import { expireConnectionResultsTask, expireConnectionSharesTask } from '@/services/connection-test/maintenance'
import { createPgSharesStore, SHARE_TTL_MS } from '@/services/connection-test/shares'
import { initialState } from '@/services/connection-test/verdict'
import { createPgResultsStore, RESULT_TTL_MS } from '../../scripts/lib/connection-results.mjs'

let payload: Payload
let counter = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body.token)

/** An order bought with `card`; its id and the idempotency key it used. */
async function bought(card: string, plan = 'vpn-1y') {
  const key = `maintenance-${++counter}-${Date.now()}`
  const answer = await callRoute(purchaseRoute, {
    path: '/api/veilgate/purchase/url-with-email/',
    body: { email: `maintenance-${counter}-${Date.now()}@example.com`, receiveMarketingEmails: false, plan, paymentMethod: 'card', country: 'DE', locale: 'en', cardToken: await tokenFor(card) },
    headers: { 'idempotency-key': key },
  })
  const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(answer.body.hash) } }, depth: 0, overrideAccess: true })).docs[0]!
  return { id: order.id, key }
}

/** Payload deletes a job once it completes; one that failed stays, with its error. */
async function expectCompleted(id: number | string, what: string) {
  const left = (await payload.find({ collection: 'payload-jobs', where: { id: { equals: id } }, depth: 0, overrideAccess: true })).docs[0]
  expect(left ? { completed: Boolean(left.completedAt), error: left.hasError } : { completed: true, error: false }, what).toEqual({ completed: true, error: false })
}

type Task = TaskConfig<{ input: object; output: { counts: Record<string, number> } }>

/** Queues one run of the task in the maintenance queue and runs exactly that job. */
async function run(task: Task) {
  const job = await payload.jobs.queue({ task: task.slug, queue: MAINTENANCE_QUEUE, input: {} } as Parameters<Payload['jobs']['queue']>[0])
  await payload.jobs.run({ queue: MAINTENANCE_QUEUE, where: { id: { equals: job.id } } })
  await expectCompleted(job.id, task.slug)
}

/**
 * A run that did its work and then died with the server: the job is left `processing`, then
 * released at the next start and run again.
 */
async function crashThenRun(task: Task) {
  const job = await payload.jobs.queue({ task: task.slug, queue: MAINTENANCE_QUEUE, input: {} } as Parameters<Payload['jobs']['queue']>[0])
  await payload.update({ collection: 'payload-jobs', id: job.id, data: { processing: true }, overrideAccess: true })
  const handler = task.handler as (args: unknown) => Promise<unknown>
  await handler({ input: {}, job, req: { payload }, tasks: {} })
  await new Promise((resolve) => setTimeout(resolve, 5))
  expect(await releaseStuckJobs(payload, 1)).toBeGreaterThanOrEqual(1)
  await payload.jobs.run({ queue: MAINTENANCE_QUEUE, where: { id: { equals: job.id } } })
  await expectCompleted(job.id, `${task.slug} after the crash`)
}

type Case = { task: Task; setup: () => Promise<() => Promise<unknown>>; expected: unknown }

const cases: Case[] = [
  {
    task: expireOrdersTask,
    // A declined order past its 24 hours: expired once, its version bumped once.
    setup: async () => {
      const { id } = await bought('4000000000000002')
      await query(payload, `update orders set expires_at = now() - interval '1 minute' where id = $1`, [id])
      const before = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
      return async () => {
        const order = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
        return { status: order.status, versions: order.version - before.version }
      }
    },
    expected: { status: 'expired', versions: 1 },
  },
  {
    task: finishFulfilmentTask,
    // A paid order whose fulfilment a crash cut short: one subscription, fulfilled once.
    setup: async () => {
      const { id } = await bought('4242424242424242')
      await query(payload, `delete from subscriptions where order_id = $1`, [id])
      await query(payload, `update orders set fulfilled_at = null, paid_at = now() - interval '5 minutes' where id = $1`, [id])
      return async () => {
        const order = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
        const subscriptions = await payload.count({ collection: 'subscriptions', where: { order: { equals: id } }, overrideAccess: true })
        return { fulfilled: Boolean(order.fulfilledAt), subscriptions: subscriptions.totalDocs }
      }
    },
    expected: { fulfilled: true, subscriptions: 1 },
  },
  {
    task: reconcileOrdersTask,
    // An order a server left processing after the processor charged it: asked, paid once.
    setup: async () => {
      const { id } = await bought('4000002760003184')
      await query(payload, `update sandbox_ledger set status = 'succeeded' where ref = $1`, [`sbx_${id}_1`])
      await query(payload, `update orders set status = 'processing', updated_at = now() - interval '11 minutes' where id = $1`, [id])
      const before = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
      return async () => {
        const order = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
        const subscriptions = await payload.count({ collection: 'subscriptions', where: { order: { equals: id } }, overrideAccess: true })
        return { status: order.status, versions: order.version - before.version, subscriptions: subscriptions.totalDocs }
      }
    },
    expected: { status: 'paid', versions: 1, subscriptions: 1 },
  },
  {
    task: dropIdempotencyKeysTask,
    setup: async () => {
      const { key } = await bought('4242424242424242')
      const aged = await query(payload, `update idempotency_keys set expires_at = now() - interval '1 minute' where scoped_key like $1 returning id`, [`%:${key}`])
      expect(aged).toHaveLength(1)
      return async () => ({ keys: (await query(payload, `select id from idempotency_keys where scoped_key like $1`, [`%:${key}`])).length })
    },
    expected: { keys: 0 },
  },
  {
    task: purgeDeletedAccountsTask,
    // A deleted account past its retention goes; one still within it stays.
    setup: async () => {
      const gone = await createPasswordlessCustomer(payload, { email: `purge-${randomUUID()}@example.com`, source: 'admin' })
      const kept = await createPasswordlessCustomer(payload, { email: `keep-${randomUUID()}@example.com`, source: 'admin' })
      await query(payload, `update customers set deleted_at = now() - interval '6 years', retain_until = now() - interval '1 day' where id = $1`, [gone.id])
      await query(payload, `update customers set deleted_at = now(), retain_until = now() + interval '5 years' where id = $1`, [kept.id])
      return async () => ({
        customers: (await query(payload, `select id from customers where id = any($1::int[]) order by id`, [[gone.id, kept.id]])).map((row) => (row.id === kept.id ? 'kept' : 'gone')),
      })
    },
    expected: { customers: ['kept'] },
  },
  {
    task: forgetHumanCheckSolutionsTask,
    setup: async () => {
      const [old, fresh] = [randomUUID(), randomUUID()]
      await payload.create({ collection: 'human-check-solutions', data: { nonce: old, expiresAt: new Date(Date.now() - 60_000).toISOString() }, overrideAccess: true })
      await payload.create({ collection: 'human-check-solutions', data: { nonce: fresh, expiresAt: new Date(Date.now() + 300_000).toISOString() }, overrideAccess: true })
      return async () => ({
        nonces: (await query<{ nonce: string }>(payload, `select nonce from human_check_solutions where nonce = any($1::text[])`, [[old, fresh]])).map((row) => row.nonce === fresh),
      })
    },
    expected: { nonces: [true] },
  },
  {
    task: renewSubscriptionsTask,
    // A monthly plan whose period ends within the hour: one renewal order, charged once.
    setup: async () => {
      const { id } = await bought('4242424242424242', 'vpn-1m')
      const [subscription] = await query<{ id: number }>(payload, `update subscriptions set current_period_end = now() + interval '1 hour' where order_id = $1 returning id`, [id])
      return async () =>
        query<{ period: number; status: string; attempts: number }>(
          payload,
          `select o.period::int as period, o.status::text as status, (select count(*)::int from payment_attempts a where a.order_id = o.id) as attempts from orders o where o.renews_id = $1`,
          [subscription!.id],
        )
    },
    expected: [{ period: 2, status: 'paid', attempts: 1 }],
  },
  {
    task: dropCustomerTokensTask,
    // Used or expired more than a week ago: deleted; used yesterday or still valid: kept.
    setup: async () => {
      const customer = await createPasswordlessCustomer(payload, { email: `tokens-${randomUUID()}@example.com`, source: 'admin' })
      const day = 86_400_000
      const make = (expiresAt: number, usedAt?: number) =>
        payload.create({
          collection: 'customer-tokens',
          data: {
            customer: customer.id,
            purpose: 'password-reset',
            tokenHash: hashToken(newToken()),
            expiresAt: new Date(expiresAt).toISOString(),
            usedAt: usedAt ? new Date(usedAt).toISOString() : null,
          },
          overrideAccess: true,
        })
      const now = Date.now()
      const tokens = [await make(now - 8 * day), await make(now - 7 * day, now - 8 * day - 1000), await make(now - day, now - day), await make(now + day)]
      return async () =>
        (await query<{ id: number }>(payload, `select id from customer_tokens where id = any($1::int[]) order by id`, [tokens.map((token) => token.id)])).map((row) =>
          tokens.findIndex((token) => token.id === row.id),
        )
    },
    expected: [2, 3],
  },
  {
    task: refreshBannersTask,
    // The banners showing at the last check were others: today's set is stored (none, with the spec's 2025 windows).
    setup: async () => {
      await query(payload, `update banners set active_key = 'rewards,rewardsMini'`)
      return async () => (await query<{ active_key: string | null }>(payload, 'select active_key from banners')).map((row) => row.active_key)
    },
    expected: [''],
  },
  {
    task: expireConnectionResultsTask,
    // A record past its ten minutes is removed; a fresh one stays.
    setup: async () => {
      const testId = `maintenance-${randomUUID()}`
      const store = createPgResultsStore(pgPool(payload))
      const at = (ms: number) => ({ testId, label: `l${ms}`, resolverIp: '192.0.2.1', qtype: 'A', ecs: null, at: new Date(Date.now() - ms) })
      await store.add([at(RESULT_TTL_MS + 60_000), at(1000)])
      return async () => (await query<{ label: string }>(payload, 'select label from connection_test_results where test_id = $1 order by label', [testId])).map((row) => row.label)
    },
    expected: ['l1000'],
  },
  {
    task: expireConnectionSharesTask,
    // A shared result past its 24 hours is removed; a fresh one stays.
    setup: async () => {
      const store = createPgSharesStore(pgPool(payload))
      const result = { at: new Date().toISOString(), state: initialState(), details: { address: null, ipv4: null, ipv6: null } }
      const share = (id: string, ageMs: number) => {
        const createdAt = new Date(Date.now() - ageMs)
        return store.put({ id, result, createdAt: createdAt.toISOString(), expiresAt: new Date(createdAt.getTime() + SHARE_TTL_MS).toISOString() })
      }
      const [old, fresh] = [randomUUID().slice(0, 22), randomUUID().slice(0, 22)]
      await share(old, SHARE_TTL_MS + 60_000)
      await share(fresh, 1000)
      return async () => (await query<{ id: string }>(payload, 'select id from connection_test_shares where id = any($1)', [[old, fresh]])).map((row) => (row.id === fresh ? 'fresh' : 'old'))
    },
    expected: ['fresh'],
  },
]

describe('the maintenance tasks', () => {
  it('are scheduled in the maintenance queue, one waiting run per task however often the schedule is read', async () => {
    const slugs = cases.map(({ task }) => task.slug).sort()
    for (const { task } of cases) expect(task.schedule).toEqual([expect.objectContaining({ queue: MAINTENANCE_QUEUE })])
    await payload.jobs.handleSchedules({ queue: MAINTENANCE_QUEUE })
    await payload.jobs.handleSchedules({ queue: MAINTENANCE_QUEUE })
    const waiting = await payload.find({
      collection: 'payload-jobs',
      where: { and: [{ queue: { equals: MAINTENANCE_QUEUE } }, { completedAt: { exists: false } }] },
      limit: 100,
      depth: 0,
      overrideAccess: true,
    })
    expect(waiting.docs.map((job) => job.taskSlug).sort()).toEqual(slugs)
    for (const job of waiting.docs) expect(new Date(job.waitUntil!).getTime()).toBeGreaterThan(Date.now() - 1000)
    await payload.delete({ collection: 'payload-jobs', where: { id: { in: waiting.docs.map((job) => job.id) } }, overrideAccess: true })
  })

  for (const { task, setup, expected } of cases) {
    it(`${task.slug}: run twice, one effect`, async () => {
      const effect = await setup()
      const before = await effect()
      expect(before).not.toEqual(expected)
      await run(task)
      const once = await effect()
      expect(once).toEqual(expected)
      await run(task)
      expect(await effect()).toEqual(once)
    })

    it(`${task.slug}: after a crash mid-run, one effect`, async () => {
      const effect = await setup()
      await crashThenRun(task)
      const once = await effect()
      expect(once).toEqual(expected)
      await run(task)
      expect(await effect()).toEqual(once)
    })
  }
})
