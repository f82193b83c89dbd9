import dgram from 'node:dgram'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindingResponse, bindingTransaction, createStunServer, MAGIC_COOKIE, mappedAddress } from './stun-server.mjs'

const request = (transaction = randomBytes(12)) => {
  const bytes = Buffer.alloc(20)
  bytes.writeUInt16BE(0x0001, 0)
  bytes.writeUInt16BE(0, 2)
  bytes.writeUInt32BE(MAGIC_COOKIE, 4)
  transaction.copy(bytes, 8)
  return bytes
}

describe('STUN encoding', () => {
  it('takes well-formed Binding requests only', () => {
    const transaction = randomBytes(12)
    expect(bindingTransaction(request(transaction))?.equals(transaction)).toBe(true)
    const wrongCookie = request()
    wrongCookie.writeUInt32BE(0x12345678, 4)
    const indication = request()
    indication.writeUInt16BE(0x0011, 0)
    const badLength = Buffer.concat([request(), Buffer.alloc(3)])
    badLength.writeUInt16BE(3, 2)
    for (const bytes of [wrongCookie, indication, badLength, Buffer.alloc(10), Buffer.from('GET / HTTP/1.1\r\n\r\n')]) expect(bindingTransaction(bytes)).toBeNull()
  })

  it('answers with XOR-MAPPED-ADDRESS for IPv4 and IPv6, as RFC 5389 §15.2 encodes it', () => {
    const transaction = Buffer.from('b7e7a701bc34d686fa87dfae', 'hex')
    const v4 = bindingResponse(transaction, '192.0.2.1', 32853)
    // RFC 5769 §2.2's sample response: X-Port 0xa147, X-Address 0xe112a643.
    expect(v4.subarray(20).toString('hex')).toBe('002000080001a147e112a643')
    expect(mappedAddress(v4)).toEqual({ address: '192.0.2.1', port: 32853 })
    const v6 = bindingResponse(transaction, '2001:db8:1234:5678:11:2233:4455:6677', 32853)
    // RFC 5769 §2.3: the same transaction's IPv6 sample.
    expect(v6.subarray(20).toString('hex')).toBe('002000140002a1470113a9faa5d3f179bc25f4b5bed2b9d9')
    expect(mappedAddress(v6)).toEqual({ address: '2001:db8:1234:5678:11:2233:4455:6677', port: 32853 })
    expect(mappedAddress(bindingResponse(transaction, '::1', 9))).toEqual({ address: '::1', port: 9 })
  })
})

describe('the STUN responder', () => {
  const servers = []
  let port = 0
  let reportingPort = 0
  beforeAll(async () => {
    servers.push(createStunServer({ host: '::', port: 0 }), createStunServer({ host: '127.0.0.1', port: 0, report: '203.0.113.7' }))
    port = (await servers[0].start()).port
    reportingPort = (await servers[1].start()).port
  })
  afterAll(async () => {
    for (const server of servers) await server.stop()
  })

  const ask = (target, from, bytes = request()) =>
    new Promise((resolve) => {
      const socket = dgram.createSocket(from === '::1' ? 'udp6' : 'udp4')
      const timer = setTimeout(() => {
        socket.close()
        resolve(null)
      }, 500)
      socket.on('message', (message) => {
        clearTimeout(timer)
        const found = mappedAddress(message)
        resolve(found && { ...found, mine: found.port === socket.address().port })
        socket.close()
      })
      socket.send(bytes, target, from)
    })

  it('tells a client its own address and port, over IPv4 and IPv6', async () => {
    expect(await ask(port, '127.0.0.1')).toEqual({ address: '127.0.0.1', port: expect.any(Number), mine: true })
    expect(await ask(port, '::1')).toEqual({ address: '::1', port: expect.any(Number), mine: true })
  })

  it('ignores anything that is not a Binding request, and can report a fixed address for tests', async () => {
    expect(await ask(port, '127.0.0.1', Buffer.from('hello'))).toBeNull()
    expect(await ask(reportingPort, '127.0.0.1')).toMatchObject({ address: '203.0.113.7', mine: true })
  })
})
