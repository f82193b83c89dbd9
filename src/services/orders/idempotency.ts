// Idempotency keys: a request's answer stored once and given again for the same key.
import type { Payload } from 'payload'
import { apiError } from '@/lib/http'
import { env } from '@/lib/env'
import { isUniqueViolation, query } from '@/services/db'

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const POLL_MS = 200

export type StoredResponse = { status: number; body: Record<string, unknown> }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const taken = (error: unknown) => isUniqueViolation(error) || (error as { status?: number; data?: { errors?: { path?: string }[] } })?.data?.errors?.some((e) => e.path === 'scopedKey')

/**
 * A twin of a key's request: waits for the first one's answer; takes the key over (compare-and-set
 * on `updated_at`) once the first has run `leaseMs` without one; `gone` when the
 * first released it (its work failed) and the twin may claim it anew. The first is presumed dead
 * after `leaseMs` (its database went away under it, its server stopped).
 */
async function awaitFirst(payload: Payload, id: number, leaseMs: number): Promise<{ answer: StoredResponse } | 'taken-over' | 'gone' | 'busy'> {
  const deadline = performance.now() + leaseMs + 5_000
  while (performance.now() < deadline) {
    const [row] = await query<{ status: number | null; response: Record<string, unknown> | null; stale: boolean }>(
      payload,
      `select status, response, updated_at < now() - make_interval(secs => $2::float8 / 1000) as stale from idempotency_keys where id = $1`,
      [id, leaseMs],
    )
    if (!row) return 'gone'
    if (row.status && row.response) return { answer: { status: row.status, body: row.response } }
    if (row.stale) {
      const won = await query(payload, `update idempotency_keys set updated_at = now() where id = $1 and status is null and updated_at < now() - make_interval(secs => $2::float8 / 1000) returning id`, [id, leaseMs])
      if (won.length) return 'taken-over'
    }
    await sleep(POLL_MS)
  }
  return 'busy'
}

/**
 * Runs `work` once per key (like Stripe's Idempotency-Key): the first request stores its answer;
 * the same key with the same body gets that answer again (a concurrent twin waits for it); the
 * same key with another body is 409 IDEMPOTENCY_KEY_REUSED. A request that fails (refused input,
 * an outage, a fault) stores nothing and lets the key go, so the same request may come again;
 * one that died without letting it go (its server stopped, the database unreachable) is taken
 * over by its twin after IDEMPOTENCY_RESUME_AFTER seconds (30). `work` must therefore go on from whatever an
 * earlier run of it left. Keys last 24 hours.
 */
export async function withIdempotency(
  payload: Payload,
  input: { scope: string; key: string; hash: string; now: Date; leaseMs?: number },
  work: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const scopedKey = `${input.scope}:${input.key}`
  let row: { id: number } | null = null
  for (let tries = 0; !row && tries < 3; tries++) {
    try {
      row = await payload.create({
        collection: 'idempotency-keys',
        data: { scopedKey, requestHash: input.hash, expiresAt: new Date(input.now.getTime() + IDEMPOTENCY_TTL_MS).toISOString() },
        overrideAccess: true,
        depth: 0,
      })
    } catch (error) {
      if (!taken(error)) throw error
      const existing = (await payload.find({ collection: 'idempotency-keys', where: { scopedKey: { equals: scopedKey } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]
      if (!existing) continue
      if (new Date(existing.expiresAt).getTime() <= input.now.getTime()) {
        await payload.delete({ collection: 'idempotency-keys', id: existing.id, overrideAccess: true })
        continue
      }
      if (existing.requestHash !== input.hash) throw apiError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key')
      const first = await awaitFirst(payload, existing.id, input.leaseMs ?? env().IDEMPOTENCY_RESUME_AFTER * 1000)
      if (first === 'gone') continue
      if (first === 'busy') throw apiError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key')
      if (first === 'taken-over') row = { id: existing.id }
      else return first.answer
    }
  }
  if (!row) throw apiError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key')
  let answer: StoredResponse
  try {
    answer = await work()
  } catch (error) {
    // Nothing stored: the key goes, and the same request may come again and go on from what this one left.
    await payload.delete({ collection: 'idempotency-keys', id: row.id, overrideAccess: true }).catch(() => undefined)
    throw error
  }
  await payload.update({ collection: 'idempotency-keys', id: row.id, data: { status: answer.status, response: answer.body }, overrideAccess: true, depth: 0 })
  return answer
}
