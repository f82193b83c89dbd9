// The connection test's result in words, as the table shows it and the text summary repeats it,
// and the shared-result link's id: pure functions (no Node modules), in the island's first chunk.

import type { Messages } from '@/i18n/messages'
import type { ConnectionTestState, OverallStatus, ResolverRow } from './verdict'

/** What the geo-IP endpoint answered for an address. */
export type GeoAnswer = { ip: string | null; version: 4 | 6 | null; local: boolean; country: string | null; asn: number | null; org: string | null }
/** What a family's row found: an address, no connectivity, or no single-stack host to ask. */
export type FamilyFinding = { kind: 'address'; answer: GeoAnswer } | { kind: 'none' } | { kind: 'notConfigured' }
/** The rows' details beside the spec's state: the address the site saw, and each family's finding. */
export type TestDetails = { address: GeoAnswer | null; ipv4: FamilyFinding | null; ipv6: FamilyFinding | null }

/** A finished run as kept: its state, its details and when it ended (ISO time). */
export type TestSnapshot = { at: string; state: ConnectionTestState; details: TestDetails }

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

/** A share id as the server makes them (16 random bytes, base64url). */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** The share id of a page address's fragment (`#share=<id>`): the id, `malformed` for anything else there, null without one. */
export function shareFromHash(hash: string): string | 'malformed' | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (!params.has('share')) return null
  const id = params.get('share') ?? ''
  return SHARE_ID_PATTERN.test(id) ? id : 'malformed'
}
