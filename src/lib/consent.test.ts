// Unit tests of the stored cookie choice: its form, its 12 months, the old "OK".
import { describe, expect, it } from 'vitest'
import { allowsTags, consentExpiry, consentValue, readConsent } from './consent'

const at = Date.UTC(2026, 10, 26, 12, 0, 0)

describe('the cookie choice', () => {
  it('reads back what was stored, and allows tags only for "Accept all"', () => {
    expect(readConsent(consentValue('all', at), at)).toBe('all')
    expect(readConsent(consentValue('necessary', at), at + 1000)).toBe('necessary')
    expect(allowsTags('all')).toBe(true)
    expect(allowsTags('necessary')).toBe(false)
    expect(allowsTags(null)).toBe(false)
  })

  it('holds for 12 calendar months to the millisecond, then asks again', () => {
    expect(consentExpiry(at)).toBe(Date.UTC(2027, 10, 26, 12, 0, 0))
    expect(readConsent(consentValue('all', at), Date.UTC(2027, 10, 26, 11, 59, 59, 999))).toBe('all')
    expect(readConsent(consentValue('all', at), Date.UTC(2027, 10, 26, 12, 0, 0))).toBeNull()
    // A choice dated in the future (a wrong clock, an edited value) does not count.
    expect(readConsent(consentValue('all', at + 3_600_000), at)).toBeNull()
  })

  it('counts the old notice’s "OK" as "Necessary only" and ignores anything else', () => {
    expect(readConsent('accepted', at)).toBe('necessary')
    for (const raw of [
      null,
      undefined,
      '',
      'yes',
      '{',
      '[]',
      'null',
      '{"choice":"everything","at":1}',
      '{"choice":"all"}',
      '{"choice":"all","at":"1"}',
      JSON.stringify({ choice: 'all', at, pad: 'x'.repeat(300) }),
    ]) {
      expect(readConsent(raw, at), String(raw)).toBeNull()
    }
  })
})
