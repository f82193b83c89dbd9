import dgram from 'node:dgram'
import net from 'node:net'
import dnsPacket from 'dns-packet'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import config from '@payload-config'
import { pgPool } from '@/services/db'
import { newTestId } from '../../scripts/lib/connection-test-ids.mjs'
import { createBatcher, createPgResultsStore, RESULT_TTL_MS } from '../../scripts/lib/connection-results.mjs'
import { createDnsServer } from '../../scripts/lib/dns-server.mjs'

let payload: Payload
let server: ReturnType<typeof createDnsServer>
let port: number
let store: ReturnType<typeof createPgResultsStore>
let batcher: ReturnType<typeof createBatcher>
const secret = 'dns-integration-secret-0123456789-0123'

type Packet = ReturnType<typeof dnsPacket.decode>

/** One UDP exchange from `from` (an address of this machine). */
function udpAsk(bytes: Buffer, from: '127.0.0.1' | '::1' = '127.0.0.1'): Promise<Packet | null> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(from === '::1' ? 'udp6' : 'udp4')
    const timer = setTimeout(() => {
      socket.close()
      resolve(null)
    }, 1000)
    socket.on('message', (message) => {
      clearTimeout(timer)
      socket.close()
      resolve(dnsPacket.decode(message))
    })
    socket.on('error', reject)
    socket.send(bytes, port, from)
  })
}

/** Queries over one TCP connection (2-byte length framing), answers in order. */
function tcpAsk(messages: Buffer[], host = '127.0.0.1'): Promise<Packet[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host })
    const answers: Packet[] = []
    let pending = Buffer.alloc(0)
    socket.on('connect', () => {
      // Both queries in one write, the second split over two: the server must reassemble.
      const framed = messages.map((message) => Buffer.concat([Buffer.from([message.length >> 8, message.length & 255]), message]))
      const all = Buffer.concat(framed)
      socket.write(all.subarray(0, all.length - 5))
      setTimeout(() => socket.write(all.subarray(all.length - 5)), 30)
    })
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk])
      while (pending.length >= 2 && pending.length >= pending.readUInt16BE(0) + 2) {
        answers.push(dnsPacket.decode(pending.subarray(2, pending.readUInt16BE(0) + 2)))
        pending = pending.subarray(pending.readUInt16BE(0) + 2)
      }
      if (answers.length === messages.length) socket.end(() => resolve(answers))
    })
    socket.on('error', reject)
  })
}

const query = (name: string, type = 'A', id = 1) => dnsPacket.encode({ type: 'query', id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type: type as 'A', name, class: 'IN' }] })

beforeAll(async () => {
  payload = await getPayload({ config })
  store = createPgResultsStore(pgPool(payload))
  batcher = createBatcher(store, { delayMs: 20 })
  server = createDnsServer({ host: '::', port: 0, zone: 'leak.test', answerA: '127.0.0.1', answerAAAA: '::1', secret, record: (entry: never) => batcher.push(entry) })
  port = (await server.start()).udpPort
})

afterAll(async () => {
  await server?.stop()
})

describe('the DNS server over UDP and TCP, IPv4 and IPv6', () => {
  it('answers A and AAAA in the zone, authoritatively, with TTL 0, over both transports and families', async () => {
    const id = newTestId(secret)
    const a = await udpAsk(query(`udp4.${id}.leak.test`))
    expect(a).toMatchObject({ rcode: 'NOERROR', flag_aa: true })
    expect(a?.answers?.[0]).toMatchObject({ type: 'A', ttl: 0, data: '127.0.0.1' })
    const aaaa = await udpAsk(query(`udp6.${id}.LEAK.TEST`, 'AAAA'), '::1')
    expect(aaaa?.answers?.[0]).toMatchObject({ type: 'AAAA', ttl: 0, data: '::1', name: `udp6.${id}.LEAK.TEST` })
    const [tcpA, tcpAAAA] = await tcpAsk([query(`tcpa.${id}.leak.test`, 'A', 11), query(`tcpb.${id}.leak.test`, 'AAAA', 12)])
    expect(tcpA).toMatchObject({ id: 11, rcode: 'NOERROR', answers: [expect.objectContaining({ data: '127.0.0.1', ttl: 0 })] })
    expect(tcpAAAA).toMatchObject({ id: 12, answers: [expect.objectContaining({ data: '::1' })] })
    const [over6] = await tcpAsk([query(`tcp6.${id}.leak.test`)], '::1')
    expect(over6?.answers?.[0]).toMatchObject({ data: '127.0.0.1' })
  })

  it('refuses names outside the zone, answers type 65 without data, and survives malformed packets', async () => {
    expect(await udpAsk(query('example.com'))).toMatchObject({ rcode: 'REFUSED', answers: [] })
    const [refused] = await tcpAsk([query('example.com', 'A', 5)])
    expect(refused).toMatchObject({ id: 5, rcode: 'REFUSED' })
    expect(await udpAsk(query('x.y.leak.test', 'UNKNOWN_65'))).toMatchObject({ rcode: 'NOERROR', answers: [] })
    expect(await udpAsk(Buffer.from([0xab, 0xcd, 0x01, 0x00, 0x00, 0x05, 0xff]))).toMatchObject({ id: 0xabcd, rcode: 'FORMERR' })
    expect(await udpAsk(Buffer.from([0x01]))).toBeNull()
    // Still answering after all of that.
    expect(await udpAsk(query('still.here.leak.test'))).toMatchObject({ rcode: 'NOERROR' })
  })
})

describe('the results store', () => {
  it('records each signed probe with its resolver, in batches, and only that id’s records are listed', async () => {
    const id = newTestId(secret)
    const other = newTestId(secret)
    const add = vi.spyOn(store, 'add')
    try {
      await Promise.all(['one', 'two', 'three', 'four', 'five', 'six'].map((label) => udpAsk(query(`${label}.${id}.leak.test`))))
      await udpAsk(query(`seven.${other}.leak.test`, 'AAAA'), '::1')
      await udpAsk(query(`forged.${newTestId('someone-else-0123456789-0123456789')}.leak.test`))
      await batcher.flush()
      // Seven queries, far fewer statements.
      const written = add.mock.calls.reduce((sum, [rows]) => sum + (rows as unknown[]).length, 0)
      expect(written).toBe(8 - 1)
      expect(add.mock.calls.length).toBeLessThan(written)
    } finally {
      add.mockRestore()
    }
    const rows = await store.list(id)
    expect(rows.map((row: { label: string }) => row.label).sort()).toEqual(['five', 'four', 'one', 'six', 'three', 'two'])
    for (const row of rows) expect(row).toMatchObject({ testId: id, resolverIp: '127.0.0.1', qtype: 'A', ecs: null })
    expect(await store.list(other)).toEqual([expect.objectContaining({ label: 'seven', resolverIp: '::1', qtype: 'AAAA' })])
  })

  it('forgets records after ten minutes: unlisted at once, removed by the scheduled task', async () => {
    const id = newTestId(secret)
    const old = new Date(Date.now() - RESULT_TTL_MS - 1000)
    await store.add([{ testId: id, label: 'old', resolverIp: '192.0.2.1', qtype: 'A', ecs: null, at: old }])
    expect(await store.list(id)).toEqual([])
    const before = await pgPool(payload).query('select count(*)::int as n from connection_test_results where test_id = $1', [id])
    expect(before.rows[0]?.n).toBe(1)
    const job = await payload.jobs.queue({ task: 'expireConnectionResults', input: {}, queue: 'maintenance' })
    await payload.jobs.runByID({ id: job.id })
    const after = await pgPool(payload).query('select count(*)::int as n from connection_test_results where test_id = $1', [id])
    expect(after.rows[0]?.n).toBe(0)
  })
})
