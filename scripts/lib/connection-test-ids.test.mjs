import { describe, expect, it } from 'vitest'
import { base32, newTestId, placeName, probeNames, TEST_ID_LENGTH, testIdIssuedAt, verifyTestId } from './connection-test-ids.mjs'

const secret = 'a-test-secret-of-some-length-0123456789'

describe('connection-test ids', () => {
  it('are 96 random bits and a signature, lower-case and DNS-label safe', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newTestId(secret)))
    expect(ids.size).toBe(200)
    for (const id of ids) {
      expect(id).toMatch(/^[a-z2-7]+$/)
      expect(id.length).toBe(TEST_ID_LENGTH)
      expect(id.length).toBeLessThanOrEqual(63)
      expect(verifyTestId(secret, id)).toBe(true)
    }
    expect(TEST_ID_LENGTH).toBe(42)
  })

  it('carry the second they were issued', () => {
    const at = new Date('2026-11-26T16:45:07.900Z')
    expect(testIdIssuedAt(newTestId(secret, at))?.toISOString()).toBe('2026-11-26T16:45:07.000Z')
    expect(testIdIssuedAt(newTestId(secret).toUpperCase()).getTime()).toBeGreaterThan(Date.now() - 2000)
    expect(testIdIssuedAt('nonsense')).toBeNull()
  })

  it('verify in any case, and refuse another secret, a changed character or another shape', () => {
    const id = newTestId(secret)
    expect(verifyTestId(secret, id.toUpperCase())).toBe(true)
    expect(verifyTestId('another-secret-0123456789-0123456789', id)).toBe(false)
    const flipped = `${id.slice(0, 5)}${id[5] === 'a' ? 'b' : 'a'}${id.slice(6)}`
    expect(verifyTestId(secret, flipped)).toBe(false)
    expect(verifyTestId(secret, `${id.slice(0, -1)}${id.at(-1) === 'a' ? 'b' : 'a'}`)).toBe(false)
    for (const bad of ['', id.slice(1), `${id}a`, `${id.slice(0, -1)}1`, null, 42]) expect(verifyTestId(secret, bad)).toBe(false)
  })

  it('encode base32 as RFC 4648 does, in lower case', () => {
    expect(base32(Buffer.from('foobar'))).toBe('mzxw6ytboi')
    expect(base32(Buffer.from('f'))).toBe('my')
  })
})

describe('probe names', () => {
  it('are six names <label>.<id>.<zone>', () => {
    const names = probeNames('abc', 'Leak.Test.')
    expect(names).toHaveLength(6)
    for (const name of names) expect(name).toMatch(/^[a-z2-7]{10}\.abc\.leak\.test$/)
  })

  it('are placed in the zone in any case, and nothing outside it is', () => {
    expect(placeName('Ab3DeFgHiJ.SomeID.LEAK.test.', 'leak.test')).toEqual({ inZone: true, probe: { label: 'ab3defghij', id: 'someid' } })
    expect(placeName('leak.test', 'leak.test')).toEqual({ inZone: true, apex: true })
    expect(placeName('LEAK.TEST.', 'leak.test')).toEqual({ inZone: true, apex: true })
    expect(placeName('ns1.leak.test', 'leak.test')).toEqual({ inZone: true })
    expect(placeName('a.b.c.leak.test', 'leak.test')).toEqual({ inZone: true })
    expect(placeName('example.com', 'leak.test')).toEqual({ inZone: false })
    expect(placeName('notleak.test', 'leak.test')).toEqual({ inZone: false })
    expect(placeName('a.b.leak.test.evil.example', 'leak.test')).toEqual({ inZone: false })
  })
})
