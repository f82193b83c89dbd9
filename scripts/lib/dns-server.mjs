// The connection test's authoritative name server: answers only for CONNECTION_TEST_ZONE (never an
// open resolver, no recursion), over UDP and TCP, IPv4 and IPv6, and records which resolver asked
// for each signed probe name `<label>.<id>.<zone>`, for the results API.
import dgram from 'node:dgram'
import net from 'node:net'
import dnsPacket from 'dns-packet'
import { RESULT_TTL_MS } from './connection-results.mjs'
import { normaliseZone, placeName, testIdIssuedAt, verifyTestId } from './connection-test-ids.mjs'
import { realMs, realNow } from './clock.mjs'

const RCODE = { NOERROR: 0, FORMERR: 1, NOTIMP: 4, REFUSED: 5 }
const QR = 1 << 15
const AA = dnsPacket.AUTHORITATIVE_ANSWER
const RD = dnsPacket.RECURSION_DESIRED
/** TCP: a connection idle this long is closed; a length prefix above this is refused. */
const TCP_IDLE_MS = 10_000
const MAX_MESSAGE = 4096

/** The resolver's address as the socket gives it: IPv4-mapped IPv6 as plain IPv4. */
export const peerAddress = (address) => (address?.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address)

/** The EDNS Client Subnet (option 8) of a query as `ip/prefix`, or null. */
export function clientSubnet(query) {
  for (const record of query.additionals ?? []) {
    if (record.type !== 'OPT') continue
    for (const option of record.options ?? []) {
      if (option.code === 8 && option.ip) return `${option.ip}/${option.sourcePrefixLength ?? 0}`
    }
  }
  return null
}

/** A FORMERR answer for bytes that are no DNS query we can read (the id kept when there is one). */
function formatError(bytes) {
  if (bytes.length < 2) return null
  const header = Buffer.alloc(12)
  bytes.copy(header, 0, 0, 2)
  header.writeUInt16BE(QR | RCODE.FORMERR, 2)
  return header
}

/**
 * Answers one query (a Buffer) from `resolver`: the response's bytes, or null to drop it.
 * `record(entry)` is called for each query of a probe name whose id verifies.
 */
export function answerQuery(bytes, resolver, settings) {
  const { zone, answerA, answerAAAA, secret, record } = settings
  let query
  try {
    query = dnsPacket.decode(bytes)
  } catch {
    return formatError(bytes)
  }
  if (query.type !== 'query') return null
  const base = { type: 'response', id: query.id, questions: query.questions, answers: [], authorities: [], additionals: [] }
  const flags = (rcode, authoritative) => (authoritative ? AA : 0) | (query.flag_rd ? RD : 0) | rcode
  if (query.opcode !== 'QUERY') return dnsPacket.encode({ ...base, flags: flags(RCODE.NOTIMP, false) })
  if (query.questions.length !== 1) return dnsPacket.encode({ ...base, flags: flags(RCODE.FORMERR, false) })
  const [question] = query.questions
  const place = placeName(question.name, zone)
  if (!place.inZone) return dnsPacket.encode({ ...base, flags: flags(RCODE.REFUSED, false) })

  const apex = normaliseZone(zone)
  const soa = {
    name: apex,
    type: 'SOA',
    ttl: 0,
    data: { mname: `ns1.${apex}`, rname: `hostmaster.${apex}`, serial: 2026112601, refresh: 3600, retry: 600, expiration: 86400, minimum: 0 },
  }
  const answers = []
  if (question.class === 'IN' || question.class === 'ANY') {
    if (question.type === 'A' && answerA) answers.push({ name: question.name, type: 'A', ttl: 0, data: answerA })
    else if (question.type === 'AAAA' && answerAAAA) answers.push({ name: question.name, type: 'AAAA', ttl: 0, data: answerAAAA })
    else if (place.apex && question.type === 'SOA') answers.push({ ...soa, name: question.name })
    else if (place.apex && question.type === 'NS') answers.push({ name: question.name, type: 'NS', ttl: 0, data: `ns1.${apex}` })
  }
  // Only ids this site signed, within their ten minutes.
  if (place.probe && verifyTestId(secret, place.probe.id) && realMs() - testIdIssuedAt(place.probe.id).getTime() <= RESULT_TTL_MS) {
    record({ testId: place.probe.id, label: place.probe.label, resolverIp: resolver, qtype: String(question.type), ecs: clientSubnet(query), at: realNow() })
  }
  // No data for this type (HTTPS, type 65, which Chromium asks; MX …): NOERROR with the SOA.
  return dnsPacket.encode({ ...base, flags: flags(RCODE.NOERROR, true), answers, authorities: answers.length ? [] : [soa] })
}

/**
 * A server on `host` (`::` is dual-stack) and `port`, UDP and TCP. `start()` resolves with the
 * ports bound (0 picks free ones, the UDP port then used for TCP too, another pair when TCP finds
 * it taken) or rejects with the bind error; `stop()` closes both.
 */
export function createDnsServer({ host = '::', port = 5353, zone, answerA, answerAAAA, secret, record, log = () => {} }) {
  const settings = { zone, answerA, answerAAAA, secret, record }
  const family = net.isIP(host) === 4 ? 'udp4' : 'udp6'
  const tcp = net.createServer({ pauseOnConnect: false })
  const connections = new Set()

  const handle = (bytes, resolver) => {
    try {
      return answerQuery(bytes, peerAddress(resolver), settings)
    } catch (error) {
      log(`[dns] query failed: ${error instanceof Error ? error.message : String(error)}`)
      return formatError(bytes)
    }
  }

  /** A UDP socket answering queries (a new one for each try at a free port). */
  const udpSocket = () => {
    const socket = dgram.createSocket({ type: family, reuseAddr: false })
    socket.on('message', (bytes, remote) => {
      const response = handle(bytes, remote.address)
      if (response) socket.send(response, remote.port, remote.address)
    })
    socket.on('error', (error) => log(`[dns] UDP: ${error.message}`))
    return socket
  }
  let udp = udpSocket()

  tcp.on('connection', (socket) => {
    connections.add(socket)
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy())
    socket.on('close', () => connections.delete(socket))
    socket.on('error', () => socket.destroy())
    let pending = Buffer.alloc(0)
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk])
      while (pending.length >= 2) {
        const length = pending.readUInt16BE(0)
        if (length === 0 || length > MAX_MESSAGE) return socket.destroy()
        if (pending.length < length + 2) return
        const message = pending.subarray(2, length + 2)
        pending = pending.subarray(length + 2)
        const response = handle(message, socket.remoteAddress)
        if (!response) continue
        const framed = Buffer.alloc(response.length + 2)
        framed.writeUInt16BE(response.length, 0)
        response.copy(framed, 2)
        socket.write(framed)
      }
    })
  })

  return {
    async start() {
      // Port 0: the UDP port the system picks is then asked for TCP, where another program may
      // hold it; a new free UDP port is tried then (up to 20 times), as a fixed port is not.
      for (let tries = 1; ; tries++) {
        await new Promise((resolve, reject) => {
          udp.once('error', reject)
          udp.bind({ port, address: host }, () => {
            udp.off('error', reject)
            resolve()
          })
        })
        const udpPort = udp.address().port
        try {
          await new Promise((resolve, reject) => {
            tcp.once('error', reject)
            tcp.listen({ port: udpPort, host, ipv6Only: false }, () => {
              tcp.off('error', reject)
              resolve()
            })
          })
          return { udpPort, tcpPort: tcp.address().port }
        } catch (error) {
          udp.close()
          if (port !== 0 || error?.code !== 'EADDRINUSE' || tries >= 20) throw error
          udp = udpSocket()
        }
      }
    },
    async stop() {
      for (const socket of connections) socket.destroy()
      await Promise.all([new Promise((resolve) => udp.close(() => resolve())), new Promise((resolve) => tcp.close(() => resolve()))]).catch(() => undefined)
    },
  }
}
