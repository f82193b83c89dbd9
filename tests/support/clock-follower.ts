// A second process following the sandbox clock as every instance does (followClock), for
// tests/integration/sandbox-clock-shared.int.test.ts: prints `ready` once it listens, then
// `offset <ms>` each time its clock's offset changes.
import pg from 'pg'
import type { Payload } from 'payload'
import { clockOffset } from '@/lib/clock'
import { followClock } from '@/services/payments/sandbox/clock'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 })
const payload = { db: { pool }, logger: { warn: (entry: unknown) => console.error(JSON.stringify(entry)) } } as unknown as Payload
followClock(payload)
const follower = (globalThis as unknown as { veilgateClockFollower?: { connected: () => boolean } }).veilgateClockFollower
let ready = false
let last: number | undefined
setInterval(() => {
  if (!ready && follower?.connected()) {
    ready = true
    process.stdout.write('ready\n')
  }
  if (ready && clockOffset() !== last) {
    last = clockOffset()
    process.stdout.write(`offset ${last}\n`)
  }
}, 20)
