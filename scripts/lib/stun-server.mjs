// The connection test's STUN responder (RFC 5389): a Binding request is answered with the
// sender's address as XOR-MAPPED-ADDRESS, which is what WebRTC reveals to a page. Anything else is
// ignored. Hand-written on node:dgram: the protocol part needed is a few dozen lines.
import dgram from 'node:dgram'
import net from 'node:net'
import { ipv6Halves } from './asn-index.mjs'

export const MAGIC_COOKIE = 0x2112a442
const BINDING_REQUEST = 0x0001
const BINDING_SUCCESS = 0x0101
const XOR_MAPPED_ADDRESS = 0x0020
const HEADER = 20

/** The transaction id (12 bytes) of a well-formed Binding request, or null for anything else. */
export function bindingTransaction(bytes) {
  if (bytes.length < HEADER || (bytes[0] & 0xc0) !== 0) return null
  if (bytes.readUInt16BE(0) !== BINDING_REQUEST || bytes.readUInt32BE(4) !== MAGIC_COOKIE) return null
  const length = bytes.readUInt16BE(2)
  if (length % 4 !== 0 || HEADER + length !== bytes.length) return null
  return bytes.subarray(8, HEADER)
}

/** The 16 bytes of an IPv6 address (IPv4-mapped forms included), from the geo-IP index's parser. */
function ipv6Bytes(address) {
  const [high = 0n, low = 0n] = ipv6Halves(address) ?? []
  const out = Buffer.alloc(16)
  out.writeBigUInt64BE(high, 0)
  out.writeBigUInt64BE(low, 8)
  return out
}

/** A Binding success response telling `address`:`port`, for the request's transaction id. */
export function bindingResponse(transaction, address, port) {
  const v4 = net.isIPv4(address)
  const value = Buffer.alloc(v4 ? 8 : 20)
  value.writeUInt8(0, 0)
  value.writeUInt8(v4 ? 0x01 : 0x02, 1)
  value.writeUInt16BE(port ^ (MAGIC_COOKIE >>> 16), 2)
  if (v4) {
    const parts = address.split('.').map(Number)
    value.writeUInt32BE((((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) ^ MAGIC_COOKIE) >>> 0, 4)
  } else {
    const key = Buffer.concat([Buffer.from([0x21, 0x12, 0xa4, 0x42]), transaction])
    const raw = ipv6Bytes(address)
    for (let i = 0; i < 16; i++) value[4 + i] = raw[i] ^ key[i]
  }
  const message = Buffer.alloc(HEADER + 4 + value.length)
  message.writeUInt16BE(BINDING_SUCCESS, 0)
  message.writeUInt16BE(4 + value.length, 2)
  message.writeUInt32BE(MAGIC_COOKIE, 4)
  transaction.copy(message, 8)
  message.writeUInt16BE(XOR_MAPPED_ADDRESS, HEADER)
  message.writeUInt16BE(value.length, HEADER + 2)
  value.copy(message, HEADER + 4)
  return message
}

/** Reads XOR-MAPPED-ADDRESS back from a Binding response: `{ address, port }` or null (clients and tests). */
export function mappedAddress(message) {
  if (message.length < HEADER || message.readUInt16BE(0) !== BINDING_SUCCESS || message.readUInt32BE(4) !== MAGIC_COOKIE) return null
  let offset = HEADER
  while (offset + 4 <= message.length) {
    const type = message.readUInt16BE(offset)
    const length = message.readUInt16BE(offset + 2)
    if (type === XOR_MAPPED_ADDRESS) {
      const family = message.readUInt8(offset + 5)
      const port = message.readUInt16BE(offset + 6) ^ (MAGIC_COOKIE >>> 16)
      if (family === 0x01) {
        const value = (message.readUInt32BE(offset + 8) ^ MAGIC_COOKIE) >>> 0
        return { address: [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.'), port }
      }
      const key = Buffer.concat([Buffer.from([0x21, 0x12, 0xa4, 0x42]), message.subarray(8, HEADER)])
      const groups = []
      for (let i = 0; i < 16; i += 2) groups.push((((message[offset + 8 + i] ^ key[i]) << 8) | (message[offset + 9 + i] ^ key[i + 1])).toString(16))
      // The URL parser writes IPv6 in its canonical short form.
      return { address: new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1), port }
    }
    offset += 4 + length + ((4 - (length % 4)) % 4)
  }
  return null
}

/**
 * A responder on UDP `host` (`::` is dual-stack) and `port`. `report` (tests only: an address, or a
 * function giving one or nothing at each request) tells every
 * client that address instead of its own. `start()` resolves with the port bound or rejects with
 * the bind error.
 */
export function createStunServer({ host = '::', port = 3478, report, log = () => {} }) {
  const socket = dgram.createSocket(net.isIP(host) === 4 ? 'udp4' : 'udp6')
  socket.on('message', (bytes, remote) => {
    const transaction = bindingTransaction(bytes)
    if (!transaction) return
    const seen = remote.address.startsWith('::ffff:') && net.isIPv4(remote.address.slice(7)) ? remote.address.slice(7) : remote.address
    socket.send(bindingResponse(transaction, (typeof report === 'function' ? report() : report) || seen, remote.port), remote.port, remote.address)
  })
  socket.on('error', (error) => log(`[stun] ${error.message}`))
  return {
    async start() {
      await new Promise((resolve, reject) => {
        socket.once('error', reject)
        socket.bind({ port, address: host }, () => {
          socket.off('error', reject)
          resolve()
        })
      })
      return { port: socket.address().port }
    },
    async stop() {
      await new Promise((resolve) => socket.close(() => resolve())).catch(() => undefined)
    },
  }
}
