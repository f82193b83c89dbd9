// Idempotency keys: a request's answer stored once and given again for the same key.
import type { Payload } from 'payload'
import { apiError, HttpError } from '@/lib/http'
import { isUniqueViolation } from '@/services/db'

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const WAIT_MS = 15_000

export type StoredResponse = { status: number; body: Record<string, unknown> }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const taken = (error: unknown) => isUniqueViolation(error) || (error as { status?: number; data?: { errors?: { path?: string }[] } })?.data?.errors?.some((e) => e.path === 'scopedKey')

/**
 * Runs `work` once per key (like Stripe's Idempotency-Key): the first request stores its answer;
 * the same key with the same body gets that answer again (a concurrent twin waits for it); the
 * same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Input refused before any work (a
 * thrown 4xx) is not stored, so the corrected request may use the key. Keys last 24 hours.
 */
export async function withIdempotency(payload: Payload, input: { scope: string; key: string; hash: string; now: Date }, work: () => Promise<StoredResponse>): Promise<StoredResponse> {
  const scopedKey = `${input.scope}:${input.key}`
  let row: { id: number } | null = null
  for (let tries = 0; !row && tries < 2; tries++) {
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
      for (let waited = 0; waited < WAIT_MS; waited += 200) {
        const current = await payload.findByID({ collection: 'idempotency-keys', id: existing.id, depth: 0, overrideAccess: true }).catch(() => null)
        if (!current) break
        if (current.status && current.response) return { status: current.status, body: current.response as Record<string, unknown> }
        await sleep(200)
      }
      throw apiError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key')
    }
  }
  if (!row) throw apiError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key')
  let answer: StoredResponse
  try {
    answer = await work()
  } catch (error) {
    // Refused input leaves nothing behind; anything else keeps the key busy until it expires.
    if (error instanceof HttpError || (error as { statusCode?: number })?.statusCode) await payload.delete({ collection: 'idempotency-keys', id: row.id, overrideAccess: true }).catch(() => undefined)
    throw error
  }
  await payload.update({ collection: 'idempotency-keys', id: row.id, data: { status: answer.status, response: answer.body }, overrideAccess: true, depth: 0 })
  return answer
}
