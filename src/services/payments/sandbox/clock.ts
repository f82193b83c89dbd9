// The sandbox clock's offset in PostgreSQL (the `sandbox-clock` global), loaded into the
// synchronous `now()` of src/lib/clock.ts and moved forward by admins.
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { z } from 'zod'
import { followChannel } from '../../../../scripts/lib/content-changes.mjs'
import { clockOffset, now, setClockOffset } from '@/lib/clock'
import { apiError } from '@/lib/http'
import { query } from '@/services/db'
import { sandboxAvailable } from '@/services/payments/registry'

const DAY_MS = 86_400_000
/** Renewal scans one advance runs at most while they still find periods to charge or start. */
const MAX_CATCH_UP = 120

/** The PostgreSQL channel an advance is announced on (its payload: the new offset in milliseconds and the announcing process). */
export const CLOCK_CHANNEL = 'veilgate_clock'

/** `{ days }` (a whole number, 1–3660) or `{ to }` (an ISO date, checked to be after the clock's now). */
export const advanceBody = z.union([
  z.object({ days: z.number().int().min(1).max(3660) }).strict(),
  z
    .object({ to: z.string().max(40).regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/) })
    .strict()
    .refine((value) => !Number.isNaN(Date.parse(value.to))),
])
export type AdvanceInput = z.infer<typeof advanceBody>

/**
 * Reads the stored offset into the process clock: at start, after an advance and before each
 * scheduled run. Without the sandbox the clock is real.
 */
export async function loadClock(payload: Payload): Promise<void> {
  if (!sandboxAvailable()) return setClockOffset(0)
  let rows: { offset_ms: string | number | null }[]
  try {
    rows = await query<{ offset_ms: string | number | null }>(payload, 'SELECT offset_ms FROM sandbox_clock ORDER BY id LIMIT 1')
  } catch (error) {
    // No table yet: a database never migrated (a script outside the server that migrates after
    // Payload's start, `npm run email:sample` on a new clone). Nobody can have moved its clock.
    if ((error as { code?: string }).code !== '42P01') throw error
    rows = []
  }
  setClockOffset(Number(rows[0]?.offset_ms ?? 0))
}

const following = globalThis as unknown as { veilgateClockFollower?: ReturnType<typeof followChannel>; veilgateClockProcess?: string }
/** This process's mark on its announcements: it has taken its own advance already (and may have set its clock since). */
const processMark = () => (following.veilgateClockProcess ??= randomUUID())

/** An announcement's text: the new offset and the announcing process. */
export const clockAnnouncement = (offset: number) => `${offset} ${processMark()}`

/** The offset another process announced, or null (our own, or unreadable: then the stored one is read). */
export function announcedOffset(text: string): number | null | 'own' {
  const [offset, from] = text.trim().split(' ')
  if (from === processMark()) return 'own'
  const value = Number(offset)
  return offset !== undefined && offset !== '' && Number.isFinite(value) ? value : null
}

/**
 * Every instance keeps the same time: each listens for the advances announced on `CLOCK_CHANNEL`
 * and takes the new offset at once (running jobs or not), and reads the stored one again after
 * each (re)connect, since an announcement sent meanwhile is lost. One listener per process.
 */
export function followClock(payload: Payload, connectionString = process.env.DATABASE_URL): void {
  if (!connectionString || following.veilgateClockFollower || !sandboxAvailable()) return
  following.veilgateClockFollower = followChannel({
    connectionString,
    channel: CLOCK_CHANNEL,
    onMessage: (text) => {
      const offset = announcedOffset(text)
      if (offset === 'own') return
      if (offset !== null) setClockOffset(offset)
      else void loadClock(payload).catch(() => undefined)
    },
    onConnect: () => loadClock(payload).catch((error: unknown) => payload.logger.warn({ msg: 'sandbox clock not read', reason: error instanceof Error ? error.message : String(error) })),
  })
}

/** The time the clock moves to: `days` after its now, or `to`, which must lie after its now. */
export function advanceTarget(input: AdvanceInput, from: Date): Date {
  const target = 'days' in input ? new Date(from.getTime() + input.days * DAY_MS) : new Date(input.to)
  if (!(target.getTime() > from.getTime())) throw apiError('INVALID_INPUT', 'days' in input ? 'days' : 'to')
  return target
}

/**
 * Moves the clock forward (one compare-and-set from the offset it read, so two admins at once
 * cannot both add to the same start), then runs what fell due. Returns the new time.
 */
export async function advanceClock(payload: Payload, input: AdvanceInput, attempt = 1): Promise<Date> {
  if (!sandboxAvailable()) throw apiError('SERVER_MAINTENANCE')
  await loadClock(payload)
  const before = clockOffset()
  const from = now()
  const after = before + (advanceTarget(input, from).getTime() - from.getTime())
  const moved = await query(payload, 'UPDATE sandbox_clock SET offset_ms = $2, updated_at = now() WHERE id = (SELECT min(id) FROM sandbox_clock) AND offset_ms = $1 RETURNING id', [before, after])
  if (!moved.length) {
    // Another advance came first: start again from the time it set.
    if (attempt >= 5) throw apiError('SERVER_MAINTENANCE')
    return advanceClock(payload, input, attempt + 1)
  }
  setClockOffset(after)
  // Every other instance takes the new offset within a second (`followClock`).
  await query(payload, 'SELECT pg_notify($1, $2)', [CLOCK_CHANNEL, clockAnnouncement(after)]).catch((error: unknown) =>
    payload.logger.warn({ msg: 'sandbox clock advance not announced', reason: error instanceof Error ? error.message : String(error) }),
  )
  await runDue(payload)
  return now()
}

/**
 * What the new time made due, now rather than at the next minute: the renewal scan charges what
 * fell due, then the e-mails and payment events it queued go out.
 */
async function runDue(payload: Payload): Promise<void> {
  // Loaded here: these modules import the scheduled tasks, which load this clock.
  const [{ runRenewals }, { runEmailQueue }, { runWebhookQueue }] = await Promise.all([
    import('@/services/subscriptions/renewals'),
    import('@/services/email/queue'),
    import('@/services/payments/sandbox/deliver'),
  ])
  try {
    // A long jump makes several periods due in turn (a year of a weekly plan): each is charged in
    // order, as the minute's scans would have done, up to a bound.
    for (let round = 0; round < MAX_CATCH_UP; round++) {
      const counts = await runRenewals(payload, now())
      if (Object.values(counts).some(Boolean)) payload.logger.info({ msg: 'Charge renewals that fell due', after: 'clock advance', ...counts })
      if (!counts.opened && !counts.started) break
    }
  } catch (error) {
    // The minute's scan tries again; the clock has moved either way.
    payload.logger.warn({ msg: 'renewal scan after a clock advance failed', reason: error instanceof Error ? error.message : String(error) })
  }
  void runEmailQueue(payload)
  void runWebhookQueue(payload)
}
