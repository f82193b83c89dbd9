// The network (AS number and organization) of an address, from the `@ip-location-db/asn` CSV
// turned into a compact binary index: sorted range starts and ends in typed arrays, each range
// pointing at an (AS number, organization) entry, and the organizations as one UTF-8 table.
// Built once (at `npm run build`, or on first use into DATA_DIR) and then only read.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { realMs } from './clock.mjs'

const MAGIC = 'VGASNIX1'
/** Bumped when the file layout changes, so an old index is rebuilt rather than misread. */
const FORMAT = 1
const MASK64 = (1n << 64n) - 1n

/** Where the bundled CSV lives. */
export const asnSourceDir = (root) => path.join(root, 'node_modules', '@ip-location-db', 'asn')

/** The source's version (its package version), which names the index file. */
export function asnSourceVersion(sourceDir) {
  return JSON.parse(readFileSync(path.join(sourceDir, 'package.json'), 'utf8')).version
}

/** The index file's name for a source version. */
export const asnIndexName = (version) => `asn-index-v${FORMAT}-${version}.bin`

/** One CSV row `start,end,asn,organization` (organization optionally quoted, `""` for a quote). */
function parseRow(line) {
  const first = line.indexOf(',')
  const second = line.indexOf(',', first + 1)
  const third = line.indexOf(',', second + 1)
  if (first < 0 || second < 0 || third < 0) return null
  let org = line.slice(third + 1).replace(/\r$/, '')
  if (org.startsWith('"') && org.endsWith('"') && org.length >= 2) org = org.slice(1, -1).replaceAll('""', '"')
  const asn = Number(line.slice(second + 1, third))
  if (!Number.isInteger(asn) || asn < 0 || asn > 0xffffffff) return null
  return { start: line.slice(0, first), end: line.slice(first + 1, second), asn, org }
}

function rowsOf(file) {
  const rows = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue
    const row = parseRow(line)
    if (row) rows.push(row)
  }
  return rows
}

/** The bytes of the typed sections for these counts (the organization names follow them). */
const sectionBytes = ({ v4, v6, entries, orgs }) => v6 * 32 + v4 * 12 + v6 * 4 + entries * 8 + (orgs + 1) * 4

/**
 * The file's typed sections, in their order, as views over `buffer` from `offset` (8-aligned, the
 * 64-bit ones first); `end` is where the organization names start. Writer and reader share it.
 */
function sections(buffer, offset, { v4, v6, entries, orgs }) {
  const take = (Type, length) => {
    const array = new Type(buffer, offset, length)
    offset += length * Type.BYTES_PER_ELEMENT
    return array
  }
  return {
    v6Start: take(BigUint64Array, v6 * 2),
    v6End: take(BigUint64Array, v6 * 2),
    v4Start: take(Uint32Array, v4),
    v4End: take(Uint32Array, v4),
    v4Entry: take(Uint32Array, v4),
    v6Entry: take(Uint32Array, v6),
    entryAsn: take(Uint32Array, entries),
    entryOrg: take(Uint32Array, entries),
    orgOffsets: take(Uint32Array, orgs + 1),
    get end() {
      return offset
    },
  }
}

/**
 * Builds the index from `asn-ipv4-num.csv` and `asn-ipv6-num.csv` in `sourceDir` into
 * `outDir/<asnIndexName>` (written to a temporary name, then renamed: readers never see half a
 * file). Returns the file's path, size and the number of ranges.
 */
export function buildAsnIndex({ sourceDir, outDir }) {
  const version = asnSourceVersion(sourceDir)
  const entries = new Map()
  const entryAsn = []
  const entryOrg = []
  const orgs = new Map()
  const orgList = []
  const entryOf = (asn, org) => {
    const key = `${asn}\u0000${org}`
    let index = entries.get(key)
    if (index === undefined) {
      let orgIndex = orgs.get(org)
      if (orgIndex === undefined) {
        orgIndex = orgList.length
        orgs.set(org, orgIndex)
        orgList.push(org)
      }
      index = entryAsn.length
      entries.set(key, index)
      entryAsn.push(asn)
      entryOrg.push(orgIndex)
    }
    return index
  }

  const v4 = rowsOf(path.join(sourceDir, 'asn-ipv4-num.csv'))
    .map((row) => ({ start: Number(row.start), end: Number(row.end), entry: entryOf(row.asn, row.org) }))
    .filter((row) => Number.isInteger(row.start) && Number.isInteger(row.end) && row.start <= row.end && row.end <= 0xffffffff)
    .sort((a, b) => a.start - b.start)
  const v6 = rowsOf(path.join(sourceDir, 'asn-ipv6-num.csv'))
    .flatMap((row) => {
      try {
        const start = BigInt(row.start)
        const end = BigInt(row.end)
        return start <= end && end >> 128n === 0n ? [{ start, end, entry: entryOf(row.asn, row.org) }] : []
      } catch {
        return []
      }
    })
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))

  const encoder = new TextEncoder()
  const orgBytes = orgList.map((org) => encoder.encode(org))
  const orgTotal = orgBytes.reduce((sum, bytes) => sum + bytes.length, 0)
  const counts = { v4: v4.length, v6: v6.length, entries: entryAsn.length, orgs: orgList.length, orgBytes: orgTotal }
  const header = Buffer.from(JSON.stringify({ magic: MAGIC, format: FORMAT, source: version, ...counts }))
  const headerSize = Math.ceil((4 + header.length) / 8) * 8
  const buffer = new ArrayBuffer(headerSize + sectionBytes(counts) + orgTotal)
  const bytes = new Uint8Array(buffer)
  new DataView(buffer).setUint32(0, header.length, true)
  bytes.set(header, 4)
  const { v6Start, v6End, v4Start, v4End, v4Entry, v6Entry, entryAsn: asnView, entryOrg: orgView, orgOffsets, end: offset } = sections(buffer, headerSize, counts)
  asnView.set(entryAsn)
  orgView.set(entryOrg)
  v6.forEach((row, i) => {
    v6Start[2 * i] = row.start >> 64n
    v6Start[2 * i + 1] = row.start & MASK64
    v6End[2 * i] = row.end >> 64n
    v6End[2 * i + 1] = row.end & MASK64
    v6Entry[i] = row.entry
  })
  v4.forEach((row, i) => {
    v4Start[i] = row.start
    v4End[i] = row.end
    v4Entry[i] = row.entry
  })
  let at = 0
  orgBytes.forEach((org, i) => {
    orgOffsets[i] = at
    bytes.set(org, offset + at)
    at += org.length
  })
  orgOffsets[orgList.length] = at

  mkdirSync(outDir, { recursive: true })
  const file = path.join(outDir, asnIndexName(version))
  const temporary = `${file}.${process.pid}.${realMs()}.tmp`
  writeFileSync(temporary, bytes)
  renameSync(temporary, file)
  return { file, bytes: buffer.byteLength, ...counts }
}

/** An IPv4 address as an unsigned 32-bit number, or null. */
export function ipv4Number(address) {
  const parts = address.split('.')
  if (parts.length !== 4) return null
  let value = 0
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null
    value = value * 256 + Number(part)
  }
  return value
}

/** An IPv6 address as [high 64 bits, low 64 bits] (an IPv4 tail such as `::ffff:1.2.3.4` allowed), or null. */
export function ipv6Halves(address) {
  let text = address.toLowerCase().replace(/%.*$/, '')
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    const v4 = ipv4Number(tail[1])
    if (v4 === null) return null
    text = `${text.slice(0, -tail[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const groups = (part) => (part ? part.split(':') : [])
  const left = groups(halves[0])
  const right = halves.length === 2 ? groups(halves[1]) : []
  const missing = 8 - left.length - right.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const all = [...left, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...right]
  let value = 0n
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null
    value = (value << 16n) | BigInt(parseInt(group, 16))
  }
  return [value >> 64n, value & MASK64]
}

/**
 * Reads an index made by `buildAsnIndex`. Returns `{ source, ranges, lookup(address) }`, where
 * `lookup` answers `{ asn, org }` or null for an address no network announces. Throws on a
 * file that is not such an index.
 */
export function readAsnIndex(file) {
  const data = readFileSync(file)
  // Typed views need an aligned start: a fresh copy when the buffer does not give one.
  const buffer = data.byteOffset % 8 === 0 ? data.buffer : new Uint8Array(data).buffer
  const base = data.byteOffset % 8 === 0 ? data.byteOffset : 0
  const view = new DataView(buffer, base)
  const headerLength = view.getUint32(0, true)
  const header = JSON.parse(Buffer.from(buffer, base + 4, headerLength).toString('utf8'))
  if (header.magic !== MAGIC || header.format !== FORMAT) throw new Error('not an ASN index of this format')
  const { v6Start, v6End, v4Start, v4End, v4Entry, v6Entry, entryAsn, entryOrg, orgOffsets, end: offset } = sections(buffer, base + Math.ceil((4 + headerLength) / 8) * 8, header)
  if (offset + header.orgBytes > buffer.byteLength) throw new Error('ASN index is cut short')
  const orgBytes = new Uint8Array(buffer, offset, header.orgBytes)
  const decoder = new TextDecoder()
  const answer = (entry) => {
    const org = entryOrg[entry]
    return { asn: entryAsn[entry], org: decoder.decode(orgBytes.subarray(orgOffsets[org], orgOffsets[org + 1])) || null }
  }

  const lookup4 = (value) => {
    // The last range starting at or before the address, then its end.
    let low = 0
    let high = header.v4 - 1
    let found = -1
    while (low <= high) {
      const middle = (low + high) >>> 1
      if (v4Start[middle] <= value) {
        found = middle
        low = middle + 1
      } else high = middle - 1
    }
    return found >= 0 && value <= v4End[found] ? answer(v4Entry[found]) : null
  }
  const compare = (array, i, hi, lo) => (array[2 * i] < hi ? -1 : array[2 * i] > hi ? 1 : array[2 * i + 1] < lo ? -1 : array[2 * i + 1] > lo ? 1 : 0)
  const lookup6 = ([hi, lo]) => {
    let low = 0
    let high = header.v6 - 1
    let found = -1
    while (low <= high) {
      const middle = (low + high) >>> 1
      if (compare(v6Start, middle, hi, lo) <= 0) {
        found = middle
        low = middle + 1
      } else high = middle - 1
    }
    return found >= 0 && compare(v6End, found, hi, lo) >= 0 ? answer(v6Entry[found]) : null
  }

  return {
    source: header.source,
    ranges: header.v4 + header.v6,
    /** @param {string} address an IPv4 or IPv6 address (IPv4-mapped IPv6 already made IPv4) */
    lookup(address) {
      if (address.includes(':')) {
        const halves = ipv6Halves(address)
        return halves ? lookup6(halves) : null
      }
      const value = ipv4Number(address)
      return value === null ? null : lookup4(value)
    },
  }
}
