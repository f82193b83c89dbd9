import { mkdtempSync, writeFileSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { asnIndexName, buildAsnIndex, ipv4Number, ipv6Halves, readAsnIndex } from './asn-index.mjs'

const v6 = (text) => {
  const [hi, lo] = ipv6Halves(text)
  return ((hi << 64n) | lo).toString()
}

function fixture() {
  const dir = mkdtempSync(path.join(tmpdir(), 'asn-source-'))
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@ip-location-db/asn', version: '9.9.1' }))
  // Out of order on purpose, a quoted organization with a comma and a quote, a gap between ranges.
  writeFileSync(
    path.join(dir, 'asn-ipv4-num.csv'),
    [
      `${ipv4Number('8.8.8.0')},${ipv4Number('8.8.8.255')},15169,Google LLC`,
      `${ipv4Number('1.1.1.0')},${ipv4Number('1.1.1.255')},13335,"Cloudflare, Inc."`,
      `${ipv4Number('9.9.9.0')},${ipv4Number('9.9.9.255')},19281,"The ""Quad"" 9"`,
      'broken line',
      `${ipv4Number('8.8.4.0')},${ipv4Number('8.8.4.255')},15169,Google LLC\r`,
      '',
    ].join('\n'),
  )
  writeFileSync(
    path.join(dir, 'asn-ipv6-num.csv'),
    [`${v6('2001:4860::')},${v6('2001:4860:ffff:ffff:ffff:ffff:ffff:ffff')},15169,Google LLC`, `${v6('2620:fe::')},${v6('2620:fe::ffff')},19281,Quad9`, ''].join('\n'),
  )
  return dir
}

describe('the ASN index', () => {
  it('is written under a name carrying the source version, and read back to the same answers', () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'asn-index-'))
    const built = buildAsnIndex({ sourceDir: fixture(), outDir })
    expect(path.basename(built.file)).toBe(asnIndexName('9.9.1'))
    expect(built).toMatchObject({ v4: 4, v6: 2, orgs: 4 })
    expect(statSync(built.file).size).toBe(built.bytes)
    // Written under a temporary name, then renamed: nothing else is left in the folder.
    expect(readdirSync(outDir)).toEqual([path.basename(built.file)])

    const index = readAsnIndex(built.file)
    expect(index.source).toBe('9.9.1')
    expect(index.lookup('8.8.8.8')).toEqual({ asn: 15169, org: 'Google LLC' })
    expect(index.lookup('8.8.4.4')).toEqual({ asn: 15169, org: 'Google LLC' })
    expect(index.lookup('1.1.1.1')).toEqual({ asn: 13335, org: 'Cloudflare, Inc.' })
    expect(index.lookup('9.9.9.9')).toEqual({ asn: 19281, org: 'The "Quad" 9' })
    // Range edges, a gap and addresses before the first range and after the last.
    expect(index.lookup('8.8.8.255')?.asn).toBe(15169)
    expect(index.lookup('8.8.9.0')).toBeNull()
    expect(index.lookup('8.8.5.0')).toBeNull()
    expect(index.lookup('0.0.0.1')).toBeNull()
    expect(index.lookup('255.255.255.255')).toBeNull()
    expect(index.lookup('2001:4860:4860::8888')).toEqual({ asn: 15169, org: 'Google LLC' })
    expect(index.lookup('2620:fe::fe')).toEqual({ asn: 19281, org: 'Quad9' })
    expect(index.lookup('2620:fe::1:0')).toBeNull()
    expect(index.lookup('::1')).toBeNull()
    expect(index.lookup('not an address')).toBeNull()
  })

  it('refuses a file that is not an index', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asn-bad-'))
    const file = path.join(dir, 'bad.bin')
    const header = Buffer.from(JSON.stringify({ magic: 'OTHER', format: 1 }))
    const bytes = Buffer.alloc(8 + header.length)
    bytes.writeUInt32LE(header.length, 0)
    header.copy(bytes, 4)
    writeFileSync(file, bytes)
    expect(() => readAsnIndex(file)).toThrow(/not an ASN index/)
  })
})

describe('address parsing', () => {
  it('reads IPv4 as a 32-bit number and refuses what is not one', () => {
    expect(ipv4Number('0.0.0.0')).toBe(0)
    expect(ipv4Number('255.255.255.255')).toBe(0xffffffff)
    expect(ipv4Number('1.2.3.4')).toBe(0x01020304)
    expect(ipv4Number('256.1.1.1')).toBeNull()
    expect(ipv4Number('1.2.3')).toBeNull()
  })

  it('reads IPv6 in every short form as two 64-bit halves', () => {
    expect(ipv6Halves('::')).toEqual([0n, 0n])
    expect(ipv6Halves('::1')).toEqual([0n, 1n])
    expect(ipv6Halves('2001:db8::')).toEqual([0x20010db800000000n, 0n])
    expect(ipv6Halves('2001:DB8:0:0:0:0:0:1')).toEqual([0x20010db800000000n, 1n])
    expect(ipv6Halves('::ffff:1.2.3.4')).toEqual([0n, 0xffff01020304n])
    expect(ipv6Halves('fe80::1%eth0')).toEqual([0xfe80000000000000n, 1n])
    expect(ipv6Halves('1::2::3')).toBeNull()
    expect(ipv6Halves('1:2:3:4:5:6:7')).toBeNull()
    expect(ipv6Halves('12345::')).toBeNull()
  })
})
