import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as clockRoute } from '@/app/api/payments/sandbox/clock/route'
import { POST as advanceRoute } from '@/app/api/payments/sandbox/clock/advance/route'
import { clockOffset, now, setClockOffset } from '@/lib/clock'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { query } from '@/services/db'
import { releaseStuckJobs } from '@/services/jobs/stuck'
import { loadClock } from '@/services/payments/sandbox/clock'
import { callRoute } from '../support/routes'
import { resetSandboxClock } from '../support/sandbox-clock'

const DAY = 86_400_000
let payload: Payload
let admin: Record<string, string>
let customer: Record<string, string>

const stored = async () => Number((await query<{ offset_ms: string }>(payload, 'SELECT offset_ms FROM sandbox_clock ORDER BY id LIMIT 1'))[0]?.offset_ms)
const advance = (body: unknown, headers = admin) => callRoute(advanceRoute, { path: '/api/payments/sandbox/clock/advance', body, headers })
const reset = () => resetSandboxClock(payload)

beforeAll(async () => {
  payload = await getPayload({ config })
  await reset()
  const { token } = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
  admin = { authorization: `JWT ${token}` }
  // A signed-in customer (the site's own session token) is not an admin.
  const record = await createPasswordlessCustomer(payload, { email: `clock-${Date.now()}@example.com`, source: 'admin' })
  customer = { 'x-auth-token': await createSession(payload, record.id, { userAgent: 'clock test' }) }
})

// Later files share this process and database: the clock goes back to real time.
afterAll(reset)

describe('the sandbox clock', () => {
  it('is moved by admins only: nobody signed in and customers get 401 EXPIRED_SESSION, and nothing moves', async () => {
    for (const headers of [{}, customer]) {
      const answer = await advance({ days: 3 }, headers)
      expect(answer).toMatchObject({ status: 401, body: { statusCode: 401, code: 'EXPIRED_SESSION' } })
      expect((await callRoute(clockRoute, { path: '/api/payments/sandbox/clock', headers })).status).toBe(401)
    }
    expect(await stored()).toBe(0)
  })

  it('refuses zero, backwards, fractional, too far and malformed moves with 400 INVALID_INPUT, and nothing moves', async () => {
    const bodies = [{ days: 0 }, { days: -1 }, { days: 1.5 }, { days: 3661 }, { days: '2' }, {}, { days: 1, to: '2030-01-01' }, { to: 'soon' }, { to: '2020-01-01T00:00:00Z' }, { to: new Date(Date.now() - DAY).toISOString() }]
    for (const body of bodies) {
      const answer = await advance(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code, JSON.stringify(body)).toBe('INVALID_INPUT')
    }
    expect(await stored()).toBe(0)
    expect(clockOffset()).toBe(0)
  })

  it('moves forward by days or to a date, keeps the offset in PostgreSQL, and another instance loads the same time', async () => {
    const before = Date.now()
    const moved = await advance({ days: 2 })
    expect(moved.status).toBe(200)
    const time = Date.parse(String(moved.body.now))
    expect(time - before).toBeGreaterThanOrEqual(2 * DAY)
    expect(time - Date.now()).toBeLessThanOrEqual(2 * DAY)
    expect(now().getTime() - Date.now()).toBeGreaterThan(2 * DAY - 5_000)
    expect(await stored()).toBe(clockOffset())

    // The answer's time is the target plus however long the request took after setting it (a scan may run): held, then compared.
    const target = new Date(Date.now() + 40 * DAY)
    const sent = Date.now()
    const to = await advance({ to: target.toISOString() })
    const took = Date.now() - sent
    expect(to.status).toBe(200)
    const answered = Date.parse(String(to.body.now))
    expect(answered).toBeGreaterThanOrEqual(target.getTime())
    expect(answered - target.getTime()).toBeLessThanOrEqual(took)

    // Another instance starts with real time and reads the stored offset.
    const offset = clockOffset()
    setClockOffset(0)
    await loadClock(payload)
    expect(clockOffset()).toBe(offset)
    const view = await callRoute(clockRoute, { path: '/api/payments/sandbox/clock', headers: admin })
    expect(view).toMatchObject({ status: 200, body: { offsetMs: offset } })
  })

  it('adds both of two advances made at once', async () => {
    const start = await stored()
    const answers = await Promise.all([advance({ days: 1 }), advance({ days: 1 })])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const added = (await stored()) - start
    expect(added).toBeGreaterThanOrEqual(2 * DAY)
    expect(added).toBeLessThan(2 * DAY + 10_000)
  })

  it('yields to CLOCK_NOW, and leaves times PostgreSQL writes on real time', async () => {
    process.env.CLOCK_NOW = '2031-05-01T00:00:00.000Z'
    try {
      expect(now().toISOString()).toBe('2031-05-01T00:00:00.000Z')
    } finally {
      delete process.env.CLOCK_NOW
    }
    // A job a running server is working on (updated a minute ago) is not "stuck", however far the clock is ahead.
    const job = await payload.jobs.queue({
      task: 'sendEmail',
      queue: 'clock-test',
      input: { template: 'test', to: 'clock@example.com', locale: 'en', subject: 'x', text: 'x', html: 'x', headers: {} },
    } as never)
    await query(payload, "UPDATE payload_jobs SET processing = true, updated_at = now() - interval '1 minute' WHERE id = $1", [job.id])
    await releaseStuckJobs(payload)
    const [row] = await query<{ processing: boolean }>(payload, 'SELECT processing FROM payload_jobs WHERE id = $1', [job.id])
    expect(row?.processing).toBe(true)
    await query(payload, 'DELETE FROM payload_jobs WHERE id = $1', [job.id])
  })
})
