// A connection test's result as kept in the browser ("before connecting"), and what changed since:
// pure functions (no Node modules), run in the visitor's browser and in unit tests alike.

import type { Messages } from '@/i18n/messages'
import type { ConnectionTestState, DnsStatus, OverallStatus, ResolverRow, WebRtcStatus } from './verdict'

/** What the geo-IP endpoint answered for an address. */
export type GeoAnswer = { ip: string | null; version: 4 | 6 | null; local: boolean; country: string | null; asn: number | null; org: string | null }
/** What a family's row found: an address, no connectivity, or no single-stack host to ask. */
export type FamilyFinding = { kind: 'address'; answer: GeoAnswer } | { kind: 'none' } | { kind: 'notConfigured' }
/** The rows' details beside the spec's state: the address the site saw, and each family's finding. */
export type TestDetails = { address: GeoAnswer | null; ipv4: FamilyFinding | null; ipv6: FamilyFinding | null }

/** A finished run as kept: its state, its details and when it ended (ISO time). */
export type TestSnapshot = { at: string; state: ConnectionTestState; details: TestDetails }

export type FamilyVerdict = 'leak' | 'ok' | 'seen'
/** What one row showed, in facts (the page words them in the visitor's language). */
export type FamilyFacts = { kind: 'address'; ip: string; country: string | null; network: Pick<GeoAnswer, 'local' | 'asn' | 'org'>; verdict: FamilyVerdict } | { kind: 'none' | 'notConfigured' | 'notRun' }
export type WebRtcFacts = { addresses: string[]; verdict: WebRtcStatus | null }
export type DnsFacts = { counts: Record<'ours' | 'provider' | 'public' | 'unknown', number>; verdict: DnsStatus | null }

export type RowChange =
  | { row: 'overall'; changed: boolean; before: OverallStatus | null; after: OverallStatus | null }
  | { row: 'ipv4' | 'ipv6'; changed: boolean; before: FamilyFacts; after: FamilyFacts }
  | { row: 'webrtc'; changed: boolean; before: WebRtcFacts; after: WebRtcFacts }
  | { row: 'dns'; changed: boolean; before: DnsFacts; after: DnsFacts }

/** A family's row as the page shows it: the address with its verdict (leak, hidden behind an exit, or only seen while not connected). */
export function familyFacts(snapshot: Pick<TestSnapshot, 'state' | 'details'>, family: 4 | 6): FamilyFacts {
  const finding = family === 4 ? snapshot.details.ipv4 : snapshot.details.ipv6
  if (!finding) return { kind: 'notRun' }
  if (finding.kind !== 'address' || !finding.answer.ip) return { kind: finding.kind === 'address' ? 'none' : finding.kind }
  const { state } = snapshot
  const leak = family === 4 ? state.ipv4Leak : state.ipv6Leak
  const connected = state.testResult.status === 'protected' || state.testResult.status === 'leak'
  const { ip, country, local, asn, org } = finding.answer
  return { kind: 'address', ip, country, network: { local, asn, org }, verdict: leak ? 'leak' : connected ? 'ok' : 'seen' }
}

export function webrtcFacts(state: ConnectionTestState): WebRtcFacts {
  return { addresses: [...state.testResult.webrtc.ip].sort(), verdict: state.testResult.webrtc.status }
}

export function dnsFacts(state: ConnectionTestState): DnsFacts {
  const counts = { ours: 0, provider: 0, public: 0, unknown: 0 }
  for (const resolver of state.testResult.dns.dns) counts[resolver.label] += 1
  return { counts, verdict: state.testResult.dns.status }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Row by row, what changed from `before` to `after`: the overall verdict, IPv4 and IPv6 (the
 * address, its country and network, the verdict), WebRTC (the addresses shown, the verdict) and
 * DNS (how many resolvers of each kind, the verdict). Each row says whether it changed.
 */
export function compare(before: TestSnapshot, after: TestSnapshot): RowChange[] {
  const overall = [before.state.testResult.status, after.state.testResult.status] as const
  const families = ([4, 6] as const).map((family): RowChange => {
    const [was, now] = [familyFacts(before, family), familyFacts(after, family)]
    return { row: family === 4 ? 'ipv4' : 'ipv6', changed: !same(was, now), before: was, after: now }
  })
  const webrtc = [webrtcFacts(before.state), webrtcFacts(after.state)] as const
  const dns = [dnsFacts(before.state), dnsFacts(after.state)] as const
  return [
    { row: 'overall', changed: overall[0] !== overall[1], before: overall[0], after: overall[1] },
    ...families,
    { row: 'webrtc', changed: !same(webrtc[0], webrtc[1]), before: webrtc[0], after: webrtc[1] },
    { row: 'dns', changed: !same(dns[0], dns[1]), before: dns[0], after: dns[1] },
  ]
}

/** The key a kept "before connecting" result lives under in `localStorage`. */
export const BEFORE_KEY = 'veilgate:connection-test:before'

/** A kept snapshot read back, or null when there is none or it is not one (another version, a hand edit). */
export function readSnapshot(text: string | null): TestSnapshot | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<TestSnapshot>
    const state = value.state
    if (typeof value.at !== 'string' || Number.isNaN(Date.parse(value.at)) || !state || !state.testResult || !value.details) return null
    if (!Array.isArray(state.testResult.webrtc?.ip) || !Array.isArray(state.testResult.dns?.dns)) return null
    return value as TestSnapshot
  } catch {
    return null
  }
}

/** The page's words for a result: its texts (the `ConnectionTest` messages) and how names and times are written in its language. */
export type Wording = {
  texts: Messages['ConnectionTest']
  country: (code: string | null) => string
  network: (answer: Pick<GeoAnswer, 'asn' | 'org'> & { local?: boolean }) => string
  time: (iso: string) => string
}

/** One row of the results table in words: what it found, what that means, and whether it leaks. */
export type ResultRow = { key: 'ipv4' | 'ipv6' | 'webrtc' | 'dns'; name: string; found: string; verdict: string; leak: boolean }

export const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))

export const statusWords = (texts: Wording['texts'], status: OverallStatus) =>
  ({ protected: texts.statusProtected, leak: texts.statusLeak, notConnected: texts.statusNotConnected, unknown: texts.statusUnknown })[status]

/** A resolver's operator in words: ours, a public resolver by name, the visitor's provider, or unknown. */
export const resolverWords = (texts: Wording['texts'], resolver: Pick<ResolverRow, 'label' | 'publicName'>) =>
  ({ ours: texts.labelOurs, public: fill(texts.labelPublic, { name: resolver.publicName ?? '' }), provider: texts.labelProvider, unknown: texts.labelUnknown })[resolver.label]

/**
 * The table's four rows in words, for a finished result or one still running (`pending` stands
 * for a row not done yet): the page and the text summary say the same.
 */
export function resultRows(snapshot: Pick<TestSnapshot, 'state' | 'details'>, words: Wording, pending: string): ResultRow[] {
  const { texts } = words
  const { state, details } = snapshot
  const status = state.testResult.status
  const family = (which: 4 | 6): ResultRow => {
    const key = which === 4 ? 'ipv4' : 'ipv6'
    const name = which === 4 ? texts.rowIpv4 : texts.rowIpv6
    const finding = which === 4 ? details.ipv4 : details.ipv6
    const leak = which === 4 ? state.ipv4Leak : state.ipv6Leak
    if (!finding) return { key, name, found: pending, verdict: '', leak }
    if (finding.kind === 'notConfigured') return { key, name, found: texts.unknownValue, verdict: texts.familyNotConfigured, leak }
    if (finding.kind === 'none') return { key, name, found: texts.unknownValue, verdict: which === 4 ? texts.ipv4None : texts.ipv6None, leak }
    const found = `${finding.answer.ip} (${words.country(finding.answer.country)}, ${words.network(finding.answer)})`
    if (leak) return { key, name, found, verdict: fill(texts.familyLeak, { family: name }), leak }
    const seen = status === 'notConnected' || status === 'unknown' || !state.clientIp
    return { key, name, found, verdict: seen ? fill(texts.familySeen, { family: name }) : texts.familyOk, leak }
  }
  const { webrtc, dns } = state.testResult
  const webrtcWords = { ok: texts.webrtcOk, leak: texts.webrtcLeak, exposed: texts.webrtcExposed, none: texts.webrtcNone, unavailable: texts.webrtcUnavailable }
  const dnsWords = { ok: texts.dnsOk, leak: texts.dnsLeak, notConnected: texts.dnsNotConnected, unreached: texts.dnsUnreached, failed: texts.dnsFailed }
  return [
    family(4),
    family(6),
    {
      key: 'webrtc',
      name: texts.rowWebrtc,
      found: webrtc.status ? (webrtc.ip.length ? webrtc.ip.join(', ') : texts.unknownValue) : pending,
      verdict: webrtc.status ? webrtcWords[webrtc.status] : '',
      leak: webrtc.status === 'leak',
    },
    {
      key: 'dns',
      name: texts.rowDns,
      found: dns.status ? (dns.dns.length ? dns.dns.map((resolver) => resolver.ip).join(', ') : texts.unknownValue) : pending,
      verdict: dns.status ? dnsWords[dns.status] : '',
      leak: dns.status === 'leak',
    },
  ]
}

/** A resolver's line: its operator, country, network and whether it passed the visitor's address on (ECS). */
export const resolverLine = (words: Wording, resolver: ResolverRow) =>
  `${words.texts.resolverOperator}: ${resolverWords(words.texts, resolver)} · ${words.country(resolver.country)} · ${words.network(resolver)} · ${words.texts.resolverEcs}: ${
    resolver.ecs ? fill(words.texts.ecsYes, { subnet: resolver.ecs }) : words.texts.ecsNo
  }`

/**
 * A finished result as plain text, to paste into a message to support: the title and time, the
 * overall verdict, the address the site saw, each row with its verdict, each resolver, and the
 * page's address. Pure: the same words as the page, in its language.
 */
export function summary(snapshot: TestSnapshot, words: Wording, pageUrl: string): string {
  const { texts } = words
  const { state, details } = snapshot
  const lines = [fill(texts.summaryTitle, { time: words.time(snapshot.at) })]
  if (state.testResult.status) lines.push(statusWords(texts, state.testResult.status))
  const address = details.address
  lines.push(`${texts.yourAddress}: ${address?.ip ? `${address.ip} (${words.country(address.country)}, ${words.network(address)})` : texts.unknownValue}`)
  for (const row of resultRows(snapshot, words, texts.notTested)) {
    lines.push(`${row.name}: ${row.found}${row.verdict ? ` – ${row.verdict}` : ''}`)
    if (row.key === 'dns') for (const resolver of state.testResult.dns.dns) lines.push(`  ${resolver.ip}: ${resolverLine(words, resolver)}`)
  }
  lines.push(pageUrl)
  return lines.join('\n')
}

/** A share id as the server makes them (16 random bytes, base64url). */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** The share id of a page address's fragment (`#share=<id>`): the id, `malformed` for anything else there, null without one. */
export function shareFromHash(hash: string): string | 'malformed' | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (!params.has('share')) return null
  const id = params.get('share') ?? ''
  return SHARE_ID_PATTERN.test(id) ? id : 'malformed'
}
