// A stable hash of a request body, to tell a retried request from a different one.
import { createHash } from 'node:crypto'

/** A stable hash of a request's meaning (sorted keys), to tell a replay from a different body. */
export function requestHash(value: unknown): string {
  const canonical = (input: unknown): unknown =>
    Array.isArray(input)
      ? input.map(canonical)
      : input && typeof input === 'object'
        ? Object.fromEntries(Object.keys(input).sort().map((key) => [key, canonical((input as Record<string, unknown>)[key])]))
        : input
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex')
}
