// A connection test's result as kept in the browser ("before connecting"), and what changed since:
// pure functions (no Node modules), run in the visitor's browser and in unit tests alike.

import type { ConnectionTestState, DnsStatus, OverallStatus, WebRtcStatus } from './verdict'
import { fill, resolverLine, resultRows, statusWords, type GeoAnswer, type TestSnapshot, type Wording } from './wording'

export type { FamilyFinding, GeoAnswer, TestDetails, TestSnapshot } from './wording'

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
