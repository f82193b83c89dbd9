import { describe, expect, it } from 'vitest'
import { addressFamily, candidateAddress, dnsVerdict, familyLeak, inAddressList, initialState, isConnected, overallVerdict, parseAddress, webrtcVerdict, type ResolverRow } from './verdict'

const exits = ['198.51.100.10', '203.0.113.0/28', '2001:db8:5::/48']
const resolver = (ip: string, label: ResolverRow['label']): ResolverRow => ({ ip, local: true, country: null, asn: null, org: null, label, publicName: null, ecs: null })

describe('addresses and lists', () => {
  it('parses both families, an IPv4-mapped address as IPv4', () => {
    expect(parseAddress('192.0.2.1')).toEqual({ family: 4, value: 0xc0000201n })
    expect(parseAddress('::1')).toEqual({ family: 6, value: 1n })
    expect(parseAddress('[2001:db8::1]')?.family).toBe(6)
    expect(parseAddress('::ffff:192.0.2.1')).toEqual({ family: 4, value: 0xc0000201n })
    expect(parseAddress('fe80::1%eth0')?.family).toBe(6)
    for (const bad of ['', '256.1.1.1', '1.2.3', '1::2::3', '12345::', 'a.b.c.d', 'example.local', '1:2:3:4:5:6:7:8:9']) expect(parseAddress(bad)).toBeNull()
    expect(addressFamily('2001:db8::1')).toBe(6)
    expect(addressFamily(null)).toBeNull()
  })
  it('matches addresses and networks of the same family only', () => {
    expect(inAddressList('198.51.100.10', exits)).toBe(true)
    expect(inAddressList('198.51.100.11', exits)).toBe(false)
    expect(inAddressList('203.0.113.15', exits)).toBe(true)
    expect(inAddressList('203.0.113.16', exits)).toBe(false)
    expect(inAddressList('2001:db8:5:ffff::1', exits)).toBe(true)
    expect(inAddressList('2001:db8:6::1', exits)).toBe(false)
    expect(inAddressList('::ffff:198.51.100.10', exits)).toBe(true)
    expect(inAddressList('0.0.0.0', ['0.0.0.0/0'])).toBe(true)
    expect(inAddressList('::1', ['0.0.0.0/0'])).toBe(false)
    expect(inAddressList('192.0.2.1', ['192.0.2.0/33', 'junk'])).toBe(false)
    expect(inAddressList(null, exits)).toBe(false)
  })
})

describe('the verdicts', () => {
  it('is connected when the client address is one of our exits', () => {
    expect(isConnected('203.0.113.3', exits)).toBe(true)
    expect(isConnected('192.0.2.1', exits)).toBe(false)
    expect(isConnected(null, exits)).toBe(false)
  })
  it('finds an IPv4 or IPv6 leak only while connected, for an address that is no exit', () => {
    expect(familyLeak('192.0.2.1', exits, true)).toBe(true)
    expect(familyLeak('198.51.100.10', exits, true)).toBe(false)
    expect(familyLeak('2001:db8:7::1', exits, true)).toBe(true)
    expect(familyLeak('2001:db8:5::1', exits, true)).toBe(false)
    expect(familyLeak('192.0.2.1', exits, false)).toBe(false)
    expect(familyLeak(null, exits, true)).toBe(false)
  })
  it('reads WebRTC candidates, leaving out mDNS names', () => {
    expect(candidateAddress('candidate:842163049 1 udp 1677729535 203.0.113.7 54321 typ srflx raddr 0.0.0.0 rport 0 generation 0')).toBe('203.0.113.7')
    expect(candidateAddress('a=candidate:1 1 udp 2122260223 2001:db8::9 50000 typ host')).toBe('2001:db8::9')
    expect(candidateAddress('candidate:1 1 udp 2122260223 0f3c6e42-1d2b-4c61-9b0e-8c3b1f1c2a3d.local 50000 typ host')).toBeNull()
    expect(candidateAddress('')).toBeNull()
  })
  it('calls WebRTC a leak for an address that is neither an exit nor the client address, while connected', () => {
    expect(webrtcVerdict(['203.0.113.99'], '198.51.100.10', ['198.51.100.10'], true)).toBe('leak')
    expect(webrtcVerdict(['198.51.100.10'], '198.51.100.10', ['198.51.100.10'], true)).toBe('ok')
    expect(webrtcVerdict(['203.0.113.5'], '198.51.100.10', exits, true)).toBe('ok')
    expect(webrtcVerdict(['192.0.2.44'], '192.0.2.44', [], false)).toBe('ok')
    expect(webrtcVerdict(['192.0.2.45'], '192.0.2.44', [], false)).toBe('exposed')
    expect(webrtcVerdict([], '192.0.2.44', [], false)).toBe('none')
    expect(webrtcVerdict(null, '192.0.2.44', [], true)).toBe('unavailable')
  })
  it('calls DNS a leak while connected when a resolver is not ours; no verdict when none reached us', () => {
    expect(dnsVerdict([resolver('127.0.0.2', 'ours')], true)).toBe('ok')
    expect(dnsVerdict([resolver('127.0.0.2', 'ours'), resolver('127.0.0.3', 'provider')], true)).toBe('leak')
    expect(dnsVerdict([resolver('1.1.1.1', 'public')], true)).toBe('leak')
    expect(dnsVerdict([resolver('127.0.0.3', 'provider')], false)).toBe('notConnected')
    expect(dnsVerdict([], true)).toBe('unreached')
    expect(dnsVerdict(null, true)).toBe('failed')
  })
  it('sums up: unknown without an address, not connected, a leak anywhere, else protected', () => {
    const state = initialState()
    expect(overallVerdict(state, false)).toBe('unknown')
    state.clientIp = '192.0.2.1'
    expect(overallVerdict(state, false)).toBe('notConnected')
    state.testResult.webrtc.status = 'ok'
    state.testResult.dns.status = 'ok'
    expect(overallVerdict(state, true)).toBe('protected')
    for (const change of [
      (s: typeof state) => (s.ipv4Leak = true),
      (s: typeof state) => (s.ipv6Leak = true),
      (s: typeof state) => (s.testResult.webrtc.status = 'leak'),
      (s: typeof state) => (s.testResult.dns.status = 'leak'),
    ]) {
      const copy = structuredClone(state)
      change(copy)
      expect(overallVerdict(copy, true)).toBe('leak')
    }
    state.testResult.dns.status = 'unreached'
    expect(overallVerdict(state, true)).toBe('protected')
  })
})
