// `npm run bench:renewals`: how long one renewal scan takes for 1,000 due subscriptions, each
// charged with its saved sandbox card (order, attempt, settle, period, receipt queued). Made-up
// customers and subscriptions are removed afterwards. A measurement, never a test assertion.
import configPromise from '@payload-config'
import { getPayload } from 'payload'
import { realNow } from '@/lib/clock'
import { migrateDatabase } from '@/seed/prepare'
import { query } from '@/services/db'
import { saveMethod } from '@/services/payments/sandbox/processor'
import { runRenewals } from '@/services/subscriptions/renewals'
import { realMs } from '../lib/clock.mjs'

const COUNT = Number(process.argv[2] ?? 1000)
const PREFIX = `bench-renewal-${realMs()}`
// No background delivery of the sandbox's events or e-mails while measuring.
process.env.JOBS_AUTORUN = 'false'

const payload = await getPayload({ config: configPromise })
await migrateDatabase(payload)
const at = realNow()
const end = new Date(at.getTime() + 3_600_000).toISOString()
const method = saveMethod(payload.secret, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, behaviour: { kind: 'succeed' }, expiresAt: 0, renewal: 'succeed' })

const made = performance.now()
const customers = await query<{ id: number }>(
  payload,
  `insert into customers (email, state, source, locale, timezone, has_password, updated_at, created_at)
     select $1 || '-' || n || '@example.com', 'active', 'admin', 'en', '+0000', false, now(), now() from generate_series(1, $2::int) as n returning id`,
  [PREFIX, COUNT],
)
await query(
  payload,
  `insert into subscriptions (customer_id, plan, version, status, lifetime, current_period_start, current_period_end, auto_renew, next_renewal_amount, next_renewal_at, provider, period, saved_method, updated_at, created_at)
     select c, 'vpn-1m', 0, 'active', false, $2::timestamptz - interval '1 month', $2::timestamptz, true, 1299, $2::timestamptz, 'sandbox', 1, $3, now(), now() from unnest($1::int[]) as c`,
  [customers.map((row) => row.id), end, method],
)
console.log(`[bench] ${COUNT} due subscriptions made in ${((performance.now() - made) / 1000).toFixed(1)} s`)

const started = performance.now()
const counts = await runRenewals(payload, at)
const seconds = (performance.now() - started) / 1000
console.log(`[bench] one renewal scan: ${seconds.toFixed(1)} s for ${counts.opened} renewals (${((seconds * 1000) / Math.max(1, counts.opened)).toFixed(1)} ms each): ${JSON.stringify(counts)}`)
const again = performance.now()
const second = await runRenewals(payload, at)
console.log(`[bench] the next scan, nothing due: ${((performance.now() - again) / 1000).toFixed(2)} s ${JSON.stringify(second)}`)

// Clean up what the bench made: its jobs, attempts, orders, subscriptions and customers.
const ids = customers.map((row) => row.id)
const hashes = (await query<{ public_hash: string }>(payload, `select public_hash from orders where customer_id = any($1::int[])`, [ids])).map((row) => `%${row.public_hash}%`)
await query(payload, `delete from payload_jobs where input::text like $1 or input::text like any($2::text[])`, [`%${PREFIX}%`, hashes])
await query(payload, `delete from payment_attempts where order_id in (select id from orders where customer_id = any($1::int[]))`, [ids])
await query(payload, `delete from subscriptions where customer_id = any($1::int[])`, [ids])
await query(payload, `delete from orders where customer_id = any($1::int[])`, [ids])
await query(payload, `delete from customers where id = any($1::int[])`, [ids])
await payload.destroy()
process.exit(0)
