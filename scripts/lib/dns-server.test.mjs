import dnsPacket from 'dns-packet'
import { describe, expect, it } from 'vitest'
import { newTestId } from './connection-test-ids.mjs'
import { answerQuery, clientSubnet, peerAddress } from './dns-server.mjs'

const secret = 'dns-test-secret-0123456789-0123456789'
const recorded = []
const settings = { zone: 'leak.test', answerA: '127.0.0.1', answerAAAA: '::1', secret, record: (entry) => recorded.push(entry) }
const query = (name, type = 'A', extra = {}) => dnsPacket.encode({ type: 'query', id: 4242, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type, name, class: 'IN' }], ...extra })
const ask = (bytes, resolver = '192.0.2.53') => dnsPacket.decode(answerQuery(bytes, resolver, settings))

describe('the authoritative answers', () => {
  it('give A and AAAA with TTL 0 and the authoritative flag, in the case asked', () => {
    const id = newTestId(secret)
    const a = ask(query(`AbCdEfGhIj.${id.toUpperCase()}.LeAk.TeSt`))
    expect(a).toMatchObject({ id: 4242, type: 'response', rcode: 'NOERROR', flag_aa: true, flag_rd: true, flag_ra: false })
    expect(a.answers).toEqual([expect.objectContaining({ name: `AbCdEfGhIj.${id.toUpperCase()}.LeAk.TeSt`, type: 'A', ttl: 0, data: '127.0.0.1' })])
    expect(ask(query(`x.${id}.leak.test`, 'AAAA')).answers).toEqual([expect.objectContaining({ type: 'AAAA', ttl: 0, data: '::1' })])
  })

  it('answer other types in the zone (HTTPS, type 65) with NOERROR and no data, and the apex with SOA and NS', () => {
    const https = ask(query('probe.someid.leak.test', 'UNKNOWN_65'))
    expect(https).toMatchObject({ rcode: 'NOERROR', flag_aa: true, answers: [] })
    expect(https.authorities[0]).toMatchObject({ type: 'SOA', name: 'leak.test' })
    expect(ask(query('leak.test', 'SOA')).answers[0]).toMatchObject({ type: 'SOA', data: { mname: 'ns1.leak.test' } })
    expect(ask(query('leak.test', 'NS')).answers[0]).toMatchObject({ type: 'NS', data: 'ns1.leak.test' })
    expect(ask(query('leak.test', 'MX'))).toMatchObject({ rcode: 'NOERROR', answers: [] })
  })

  it('refuse every name outside the zone: never an open resolver', () => {
    for (const name of ['example.com', 'leak.test.example.com', 'notleak.test', 'com']) {
      expect(ask(query(name)), name).toMatchObject({ rcode: 'REFUSED', flag_aa: false, answers: [] })
    }
  })

  it('drop or answer FORMERR to what is no query, and never throw', () => {
    expect(answerQuery(Buffer.from([1]), '192.0.2.1', settings)).toBeNull()
    const garbage = dnsPacket.decode(answerQuery(Buffer.from([0x12, 0x34, 0xff, 0xff, 0, 9]), '192.0.2.1', settings))
    expect(garbage).toMatchObject({ id: 0x1234, rcode: 'FORMERR' })
    const two = dnsPacket.encode({
      type: 'query',
      id: 7,
      questions: [
        { type: 'A', name: 'a.leak.test' },
        { type: 'A', name: 'b.leak.test' },
      ],
    })
    expect(dnsPacket.decode(answerQuery(two, '192.0.2.1', settings))).toMatchObject({ rcode: 'FORMERR' })
    // A response sent to us is not answered (no reflection loops).
    expect(answerQuery(dnsPacket.encode({ type: 'response', id: 1, questions: [{ type: 'A', name: 'a.leak.test' }] }), '192.0.2.1', settings)).toBeNull()
    const notify = dnsPacket.encode({ type: 'query', id: 9, opcode: 'NOTIFY', flags: 4 << 11, questions: [{ type: 'SOA', name: 'leak.test' }] })
    expect(dnsPacket.decode(answerQuery(notify, '192.0.2.1', settings))).toMatchObject({ rcode: 'NOTIMP' })
  })
})

describe('what is recorded', () => {
  it('is each query of a probe whose id verifies, with the resolver, type and client subnet', () => {
    recorded.length = 0
    const id = newTestId(secret)
    ask(query(`first.${id}.leak.test`, 'A'), '198.51.100.9')
    ask(
      query(`second.${id}.leak.test`, 'AAAA', {
        additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, options: [{ code: 8, family: 1, sourcePrefixLength: 24, scopePrefixLength: 0, ip: '203.0.113.0' }] }],
      }),
      '2001:db8::53',
    )
    ask(query(`third.${newTestId('another-secret-0123456789-0123456789')}.leak.test`), '198.51.100.9')
    ask(query(`x.y.${id}.leak.test`), '198.51.100.9')
    expect(recorded).toEqual([
      { testId: id, label: 'first', resolverIp: '198.51.100.9', qtype: 'A', ecs: null, at: expect.any(Date) },
      { testId: id, label: 'second', resolverIp: '2001:db8::53', qtype: 'AAAA', ecs: '203.0.113.0/24', at: expect.any(Date) },
    ])
  })

  it('decodes client subnets of both families, and reads IPv4-mapped resolvers as IPv4', () => {
    const v6 = dnsPacket.decode(query('a.b.leak.test', 'A', { additionals: [{ type: 'OPT', name: '.', options: [{ code: 8, family: 2, sourcePrefixLength: 56, ip: '2001:db8:1200::' }] }] }))
    expect(clientSubnet(v6)).toBe('2001:db8:1200::/56')
    expect(clientSubnet(dnsPacket.decode(query('a.b.leak.test')))).toBeNull()
    expect(peerAddress('::ffff:192.0.2.8')).toBe('192.0.2.8')
    expect(peerAddress('2001:db8::1')).toBe('2001:db8::1')
  })
})
