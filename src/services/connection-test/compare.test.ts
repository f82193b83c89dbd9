import { describe, expect, it } from 'vitest'
import en from '../../../messages/en.json'
import ar from '../../../messages/ar.json'
import { compare, familyFacts, readSnapshot, summary, type TestSnapshot } from './compare'
import { resultRows, shareFromHash, type Wording } from './wording'
import { initialState, type ResolverRow } from './verdict'

const resolver = (ip: string, label: ResolverRow['label']): ResolverRow => ({ ip, local: false, country: 'DE', asn: 3320, org: 'Example ISP', label, publicName: null, ecs: null })
const geo = (ip: string, country: string, asn: number, org: string) => ({ ip, version: (ip.includes(':') ? 6 : 4) as 4 | 6, local: false, country, asn, org })

/** At home: not connected, the provider's resolvers, WebRTC shows the home address. */
function home(): TestSnapshot {
  const state = initialState()
  state.clientIp = '203.0.113.5'
  state.testResult = {
    status: 'notConnected',
    webrtc: { status: 'exposed', ip: ['192.168.1.20', '203.0.113.5'] },
    dns: { status: 'notConnected', ipv4: '203.0.113.5', ipv4Country: 'DE', dns: [resolver('198.51.100.1', 'provider'), resolver('198.51.100.2', 'provider')] },
  }
  const answer = geo('203.0.113.5', 'DE', 3320, 'Example ISP')
  return { at: '2026-11-30T10:00:00.000Z', state, details: { address: answer, ipv4: { kind: 'address', answer }, ipv6: { kind: 'none' } } }
}

/** Connected: an exit's address, our resolver, nothing else through WebRTC. */
function connected(): TestSnapshot {
  const state = initialState()
  state.clientIp = '185.65.135.1'
  state.testResult = {
    status: 'protected',
    webrtc: { status: 'ok', ip: ['185.65.135.1'] },
    dns: { status: 'ok', ipv4: '185.65.135.1', ipv4Country: 'SE', dns: [resolver('185.65.135.53', 'ours')] },
  }
  const answer = geo('185.65.135.1', 'SE', 64500, 'Veilgate')
  return { at: '2026-11-30T10:05:00.000Z', state, details: { address: answer, ipv4: { kind: 'address', answer }, ipv6: { kind: 'none' } } }
}

describe('compare', () => {
  it('names each row that changed, with what it showed before and now', () => {
    const changes = compare(home(), connected())
    expect(changes.map((change) => [change.row, change.changed])).toEqual([
      ['overall', true],
      ['ipv4', true],
      ['ipv6', false],
      ['webrtc', true],
      ['dns', true],
    ])
    expect(changes[0]).toMatchObject({ before: 'notConnected', after: 'protected' })
    expect(changes[1]).toMatchObject({
      before: { kind: 'address', ip: '203.0.113.5', country: 'DE', network: { asn: 3320, org: 'Example ISP' }, verdict: 'seen' },
      after: { kind: 'address', ip: '185.65.135.1', country: 'SE', network: { asn: 64500, org: 'Veilgate' }, verdict: 'ok' },
    })
    expect(changes[2]).toMatchObject({ before: { kind: 'none' }, after: { kind: 'none' } })
    expect(changes[3]).toMatchObject({ before: { addresses: ['192.168.1.20', '203.0.113.5'], verdict: 'exposed' }, after: { addresses: ['185.65.135.1'], verdict: 'ok' } })
    expect(changes[4]).toMatchObject({ before: { counts: { provider: 2, ours: 0 }, verdict: 'notConnected' }, after: { counts: { ours: 1, provider: 0 }, verdict: 'ok' } })
  })

  it('finds nothing changed between two equal runs, whatever order WebRTC listed its addresses in', () => {
    const again = home()
    again.at = '2026-11-30T11:00:00.000Z'
    again.state.testResult.webrtc.ip.reverse()
    expect(compare(home(), again).every((change) => !change.changed)).toBe(true)
  })

  it('tells a leak appearing on a row whose address stayed the same', () => {
    const leaking = connected()
    leaking.state.testResult.status = 'leak'
    leaking.state.ipv6Leak = true
    const v6 = geo('2001:db8::5', 'DE', 3320, 'Example ISP')
    leaking.details.ipv6 = { kind: 'address', answer: v6 }
    const before = connected()
    before.details.ipv6 = { kind: 'address', answer: v6 }
    const [overall, ipv4, ipv6] = compare(before, leaking)
    expect(overall).toMatchObject({ changed: true, before: 'protected', after: 'leak' })
    expect(ipv4!.changed).toBe(false)
    expect(ipv6).toMatchObject({ changed: true, before: { verdict: 'ok' }, after: { verdict: 'leak', ip: '2001:db8::5' } })
  })

  it('reads a family row that did not run, found nothing, or had no host to ask', () => {
    const snapshot = home()
    expect(familyFacts({ ...snapshot, details: { ...snapshot.details, ipv4: null } }, 4)).toEqual({ kind: 'notRun' })
    expect(familyFacts(snapshot, 6)).toEqual({ kind: 'none' })
    expect(familyFacts({ ...snapshot, details: { ...snapshot.details, ipv6: { kind: 'notConfigured' } } }, 6)).toEqual({ kind: 'notConfigured' })
  })
})

describe('readSnapshot', () => {
  it('reads back what was kept, and nothing from anything else', () => {
    expect(readSnapshot(JSON.stringify(home()))).toEqual(home())
    for (const text of [null, '', 'not json', '{}', JSON.stringify({ ...home(), at: 'yesterday' }), JSON.stringify({ ...home(), state: { testResult: {} } })]) expect(readSnapshot(text)).toBeNull()
  })
})

/** The page's words in English, with names and times written plainly. */
const english: Wording = {
  texts: en.ConnectionTest,
  country: (code) => code ?? '—',
  network: (answer) => (answer.local ? 'local network' : answer.asn === null ? '—' : `AS${answer.asn} ${answer.org ?? ''}`.trim()),
  time: (iso) => iso.slice(0, 16).replace('T', ' '),
}

describe('summary', () => {
  it('writes a finished result as plain text: title and time, verdict, address, each row with its verdict, each resolver, the page', () => {
    const leaking = connected()
    leaking.state.testResult.status = 'leak'
    leaking.state.testResult.dns = { ...leaking.state.testResult.dns, status: 'leak', dns: [resolver('185.65.135.53', 'ours'), { ...resolver('198.51.100.1', 'provider'), ecs: '203.0.113.0/24' }] }
    expect(summary(leaking, english, 'https://www.veilgate.com/connection-test').split('\n')).toEqual([
      'Veilgate connection test, 2026-11-30 10:05',
      'You are connected to Veilgate, but something leaks.',
      'Your IP address: 185.65.135.1 (SE, AS64500 Veilgate)',
      'IPv4: 185.65.135.1 (SE, AS64500 Veilgate) – Hidden: websites see a Veilgate address.',
      'IPv6: — – No IPv6 on this network: nothing can leak over it.',
      'WebRTC: 185.65.135.1 – No other address shows through WebRTC.',
      'DNS: 185.65.135.53, 198.51.100.1 – Leak: a resolver that is not Veilgate\'s looked up the test names, so it can see the sites you visit.',
      '  185.65.135.53: Operated by: Veilgate · DE · AS3320 Example ISP · Your address passed on: No',
      '  198.51.100.1: Operated by: Your provider · DE · AS3320 Example ISP · Your address passed on: Yes, part of it (203.0.113.0/24)',
      'https://www.veilgate.com/connection-test',
    ])
  })

  it('says where a row found nothing, and is written in the page language', () => {
    const snapshot = home()
    snapshot.state.testResult.dns = { ...snapshot.state.testResult.dns, status: 'unreached', dns: [] }
    const lines = summary(snapshot, { ...english, texts: ar.ConnectionTest }, 'https://www.veilgate.com/ar/connection-test').split('\n')
    expect(lines[0]).toBe(ar.ConnectionTest.summaryTitle.replace('{time}', '2026-11-30 10:00'))
    expect(lines[1]).toBe(ar.ConnectionTest.statusNotConnected)
    expect(lines).toContain(`${ar.ConnectionTest.rowDns}: ${ar.ConnectionTest.unknownValue} – ${ar.ConnectionTest.dnsUnreached}`)
    expect(lines.at(-1)).toBe('https://www.veilgate.com/ar/connection-test')
  })
})

describe('resultRows', () => {
  it('words a row still running as pending, and a leak as a leak', () => {
    const snapshot = home()
    const running = { state: { ...snapshot.state, testResult: { ...snapshot.state.testResult, webrtc: { status: null, ip: [] } } }, details: { ...snapshot.details, ipv6: null } }
    const rows = resultRows(running, english, 'Testing…')
    expect(rows.map((row) => [row.key, row.found, row.leak])).toEqual([
      ['ipv4', '203.0.113.5 (DE, AS3320 Example ISP)', false],
      ['ipv6', 'Testing…', false],
      ['webrtc', 'Testing…', false],
      ['dns', '198.51.100.1, 198.51.100.2', false],
    ])
    expect(rows[0]!.verdict).toBe('Websites reached over IPv4 see this address.')
  })
})

describe('shareFromHash', () => {
  it('reads a share id from the fragment, and calls anything else there malformed', () => {
    expect(shareFromHash('#share=AbCdEfGhIjKlMnOpQrSt_-')).toBe('AbCdEfGhIjKlMnOpQrSt_-')
    expect(shareFromHash('')).toBeNull()
    expect(shareFromHash('#top')).toBeNull()
    for (const hash of ['#share=', '#share=short', '#share=%00', '#share=AbCdEfGhIjKlMnOpQrSt_-x']) expect(shareFromHash(hash), hash).toBe('malformed')
  })
})
