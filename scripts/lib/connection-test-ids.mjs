// Connection-test ids and probe names, shared by the results API (Next) and the DNS server.
// An id is the second it was issued (32 bits), 96 random bits and an HMAC of both (key derived
// from PAYLOAD_SECRET), in lower-case base32: safe as a DNS label, a forged id is never recorded,
// and an old one is known to be old without storing anything.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { realNow } from './clock.mjs'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'
const TIME_BYTES = 4
const RANDOM_BYTES = 12
const SIGNATURE_BYTES = 10

/** Lower-case base32 without padding (RFC 4648 alphabet, lower-cased). */
export function base32(bytes) {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

const RANDOM_CHARS = base32(Buffer.alloc(TIME_BYTES + RANDOM_BYTES)).length
const SIGNATURE_CHARS = base32(Buffer.alloc(SIGNATURE_BYTES)).length
/** The length of an id: 26 characters of time and randomness, 16 of signature. */
export const TEST_ID_LENGTH = RANDOM_CHARS + SIGNATURE_CHARS
const ID_PATTERN = new RegExp(`^[a-z2-7]{${TEST_ID_LENGTH}}$`)

/** The signing key, derived from the app's secret for this one purpose. */
const keyOf = (secret) => createHmac('sha256', String(secret)).update('veilgate connection-test id v1').digest()
const sign = (secret, random) => base32(createHmac('sha256', keyOf(secret)).update(random).digest().subarray(0, SIGNATURE_BYTES))

/** A new signed test id, issued at `at`. */
export function newTestId(secret, at = realNow()) {
  const time = Buffer.alloc(TIME_BYTES)
  time.writeUInt32BE(Math.floor(at.getTime() / 1000) >>> 0)
  const random = base32(Buffer.concat([time, randomBytes(RANDOM_BYTES)]))
  return `${random}${sign(secret, random)}`
}

/** When an id (checked first with `verifyTestId`) was issued, or null for one of another shape. */
export function testIdIssuedAt(id) {
  const value = String(id).toLowerCase()
  if (!ID_PATTERN.test(value)) return null
  let bits = 0
  let acc = 0
  const bytes = []
  for (const char of value.slice(0, 7)) {
    acc = (acc << 5) | ALPHABET.indexOf(char)
    bits += 5
    if (bits >= 8) {
      bytes.push((acc >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return new Date(Buffer.from(bytes.slice(0, TIME_BYTES)).readUInt32BE(0) * 1000)
}

/** True when `id` (any case) is an id this secret signed. */
export function verifyTestId(secret, id) {
  if (typeof id !== 'string') return false
  const value = id.toLowerCase()
  if (!ID_PATTERN.test(value)) return false
  const expected = Buffer.from(sign(secret, value.slice(0, RANDOM_CHARS)))
  const given = Buffer.from(value.slice(RANDOM_CHARS))
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** A fresh first label for a probe name: 10 random base32 characters. */
export const probeLabel = () => base32(randomBytes(6)).slice(0, 10)

/** A zone as compared: lower-case, no trailing dot. */
export const normaliseZone = (zone) => String(zone).toLowerCase().replace(/\.+$/, '')

/**
 * Where a query name sits relative to the zone (names match in any case: resolvers randomise it):
 * `{ inZone: false }` outside it; `{ inZone: true, apex: true }` at the apex; `{ inZone: true,
 * probe: { label, id } }` for `<label>.<id>.<zone>`; `{ inZone: true }` for other names in it.
 */
export function placeName(name, zone) {
  const value = String(name).toLowerCase().replace(/\.+$/, '')
  const apex = normaliseZone(zone)
  if (value === apex) return { inZone: true, apex: true }
  if (!value.endsWith(`.${apex}`)) return { inZone: false }
  const labels = value.slice(0, -(apex.length + 1)).split('.')
  if (labels.length === 2 && labels.every((label) => /^[a-z0-9-]{1,63}$/.test(label))) return { inZone: true, probe: { label: labels[0], id: labels[1] } }
  return { inZone: true }
}

/** The six probe names of a test. */
export const probeNames = (id, zone, count = 6) => Array.from({ length: count }, () => `${probeLabel()}.${id}.${normaliseZone(zone)}`)
