// The connection test's verdicts, from what the page found: pure functions (no Node modules), run
// in the visitor's browser and in unit tests alike.

import type { Resolver as ResolverRow } from './results'

export type { ResolverRow }

/** A row not run yet (`null`), run and fine (`ok`), a leak, or a finding without a verdict. */
export type WebRtcStatus = 'ok' | 'leak' | 'exposed' | 'none' | 'unavailable'
export type DnsStatus = 'ok' | 'leak' | 'notConnected' | 'unreached' | 'failed'
export type OverallStatus = 'protected' | 'leak' | 'notConnected' | 'unknown'

/** The spec's state of the connection test (section 3), filled in as the steps finish. */
export type ConnectionTestState = {
  inProgress: boolean
  percent: number
  clientIp: string | null
  ipv4Leak: boolean
  ipv6Leak: boolean
  testResult: {
    status: OverallStatus | null
    webrtc: { status: WebRtcStatus | null; ip: string[] }
    dns: { status: DnsStatus | null; ipv4: string | null; ipv4Country: string | null; dns: ResolverRow[] }
  }
}

export const initialState = (): ConnectionTestState => ({
  inProgress: false,
  percent: 0,
  clientIp: null,
  ipv4Leak: false,
  ipv6Leak: false,
  testResult: { status: null, webrtc: { status: null, ip: [] }, dns: { status: null, ipv4: null, ipv4Country: null, dns: [] } },
})

type Parsed = { family: 4 | 6; value: bigint }

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  let value = 0n
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null
    value = (value << 8n) | BigInt(Number(part))
  }
  return value
}

function parseIpv6(text: string): bigint | null {
  let address = text
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  // An IPv4 tail (`::ffff:192.0.2.1`) becomes two groups.
  const tail = address.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/)
  if (tail) {
    const v4 = parseIpv4(tail[2]!)
    if (v4 === null) return null
    address = `${tail[1]}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`
  }
  const halves = address.split('::')
  if (halves.length > 2) return null
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const head = groups(halves[0]!)
  const rest = halves.length === 2 ? groups(halves[1]!) : []
  const missing = 8 - head.length - rest.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  let value = 0n
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null
    value = (value << 16n) | BigInt(parseInt(group, 16))
  }
  return value
}

/** An address as family and number; an IPv4-mapped IPv6 address counts as IPv4. Null for anything else. */
export function parseAddress(text: string): Parsed | null {
  const trimmed = text.trim()
  const v4 = parseIpv4(trimmed)
  if (v4 !== null) return { family: 4, value: v4 }
  const v6 = parseIpv6(trimmed)
  if (v6 === null) return null
  if (v6 >> 32n === 0xffffn) return { family: 4, value: v6 & 0xffffffffn }
  return { family: 6, value: v6 }
}

/** The family of an address (4 or 6), null when it is none. */
export const addressFamily = (text: string | null | undefined): 4 | 6 | null => (text ? (parseAddress(text)?.family ?? null) : null)

/** True when `address` is one of `entries` (addresses and CIDR networks, as the admin lists them). */
export function inAddressList(address: string | null | undefined, entries: readonly string[]): boolean {
  const parsed = address ? parseAddress(address) : null
  if (!parsed) return false
  return entries.some((entry) => {
    const [base = '', prefix] = entry.trim().split('/')
    const network = parseAddress(base)
    if (!network || network.family !== parsed.family) return false
    const width = parsed.family === 4 ? 32 : 128
    const bits = prefix === undefined ? width : Number(prefix)
    if (!Number.isInteger(bits) || bits < 0 || bits > width) return false
    const shift = BigInt(width - bits)
    return parsed.value >> shift === network.value >> shift
  })
}

/** Connected to Veilgate: the address the site sees is one of our exits. */
export const isConnected = (clientIp: string | null, exits: readonly string[]) => inAddressList(clientIp, exits)

/** A leak of one family's address: while connected, an address of that family that is no exit. */
export function familyLeak(address: string | null, exits: readonly string[], connected: boolean): boolean {
  return connected && Boolean(address) && !inAddressList(address, exits)
}

/**
 * The addresses a WebRTC candidate line reveals (its connection address, field 5), leaving out
 * mDNS names (`<uuid>.local`), which hide the real one.
 */
export function candidateAddress(candidate: string): string | null {
  const fields = candidate
    .replace(/^a=/, '')
    .replace(/^candidate:/, '')
    .trim()
    .split(/\s+/)
  const address = fields[4]
  if (!address || address.endsWith('.local')) return null
  return parseAddress(address) ? address.replace(/^\[|\]$/g, '') : null
}

/**
 * WebRTC: `leak` when, while connected, a candidate shows an address that is neither an exit nor
 * the client's address; `exposed` for such an address while not connected (what a site could
 * see, not a leak); `ok` when nothing else shows; `none` without candidates, `unavailable`
 * without WebRTC.
 */
export function webrtcVerdict(addresses: readonly string[] | null, clientIp: string | null, exits: readonly string[], connected: boolean): WebRtcStatus {
  if (addresses === null) return 'unavailable'
  if (!addresses.length) return 'none'
  const client = clientIp ? parseAddress(clientIp) : null
  const other = addresses.some((address) => {
    const parsed = parseAddress(address)
    if (!parsed) return false
    if (client && client.family === parsed.family && client.value === parsed.value) return false
    return !inAddressList(address, exits)
  })
  if (!other) return 'ok'
  return connected ? 'leak' : 'exposed'
}

/**
 * DNS: `failed` when the test could not run, `unreached` when no resolver reached our name server
 * (the zone is not delegated here: no verdict), `notConnected` when not connected (the list says
 * who answers), else `leak` when a resolver is not ours and `ok` when all are.
 */
export function dnsVerdict(resolvers: readonly ResolverRow[] | null, connected: boolean): DnsStatus {
  if (resolvers === null) return 'failed'
  if (!resolvers.length) return 'unreached'
  if (!connected) return 'notConnected'
  return resolvers.some((resolver) => resolver.label !== 'ours') ? 'leak' : 'ok'
}

/** The overall status: `unknown` without the client's address, `notConnected`, `leak` when any row leaks, else `protected`. */
export function overallVerdict(state: Pick<ConnectionTestState, 'clientIp' | 'ipv4Leak' | 'ipv6Leak' | 'testResult'>, connected: boolean): OverallStatus {
  if (!state.clientIp) return 'unknown'
  if (!connected) return 'notConnected'
  const { webrtc, dns } = state.testResult
  return state.ipv4Leak || state.ipv6Leak || webrtc.status === 'leak' || dns.status === 'leak' ? 'leak' : 'protected'
}
