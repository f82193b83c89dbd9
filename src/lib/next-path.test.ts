import { describe, expect, it } from 'vitest'
import { safeNext } from './next-path'

describe('the ?next= guard', () => {
  const table: [string | null, string][] = [
    ['/order/pickup', '/order/pickup'],
    ['/de/order/checkout?plan=vpn-1y', '/de/order/checkout?plan=vpn-1y'],
    ['/my-account#devices', '/my-account#devices'],
    [null, '/my-account'],
    ['', '/my-account'],
    ['order/pickup', '/my-account'],
    ['//evil.example/path', '/my-account'],
    ['/\\evil.example', '/my-account'],
    ['https://evil.example/', '/my-account'],
    ['javascript:alert(1)', '/my-account'],
    ['/javascript:alert(1)', '/my-account'],
    ['/\t/evil.example', '/my-account'],
    ['/\n/evil.example', '/my-account'],
    ['/ok path', '/my-account'],
    ['/' + 'a'.repeat(2001), '/my-account'],
  ]
  for (const [value, expected] of table) {
    it(`${JSON.stringify(value)?.slice(0, 40)} → ${expected}`, () => expect(safeNext(value, '/my-account')).toBe(expected))
  }
})
