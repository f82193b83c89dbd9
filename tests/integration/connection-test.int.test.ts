import dgram from 'node:dgram'
import dnsPacket from 'dns-packet'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as results } from '@/app/api/connection-test/[id]/route'
import { GET as probe } from '@/app/api/connection-test/probe/route'
import { POST as create } from '@/app/api/connection-test/route'
import { resetEnv } from '@/lib/env'
import { pgPool } from '@/services/db'
import { createBatcher, createPgResultsStore } from '../../scripts/lib/connection-results.mjs'
import { newTestId } from '../../scripts/lib/connection-test-ids.mjs'
import { createDnsServer } from '../../scripts/lib/dns-server.mjs'
import { callRoute } from '../support/routes'

let payload: Payload
let server: ReturnType<typeof createDnsServer>
let batcher: ReturnType<typeof createBatcher>
let port = 0
const from = (peer: string) => ({ 'x-veilgate-peer': peer })

/** One UDP query from `source` (a loopback address), as a resolver would send it. */
const resolve = (name: string, source = '127.0.0.1') =>
  new Promise<void>((done, reject) => {
    const socket = dgram.createSocket('udp4')
    socket.bind(0, source, () => socket.send(dnsPacket.encode({ type: 'query', id: 1, questions: [{ type: 'A', name }] }), port, '127.0.0.1'))
    socket.on('message', () => {
      socket.close()
      done()
    })
    socket.on('error', reject)
  })

beforeAll(async () => {
  payload = await getPayload({ config })
  batcher = createBatcher(createPgResultsStore(pgPool(payload)), { delayMs: 10 })
  server = createDnsServer({
    host: '127.0.0.1',
    port: 0,
    zone: 'leak.test',
    answerA: '127.0.0.1',
    answerAAAA: '::1',
    secret: process.env.PAYLOAD_SECRET,
    record: (entry: never) => batcher.push(entry),
  })
  port = (await server.start()).udpPort
})

afterAll(async () => {
  await server?.stop()
  await payload.updateGlobal({ slug: 'connection-test', data: { exitIps: '', resolvers: '' }, overrideAccess: true })
})

describe('the connection-test results API', () => {
  it('makes a signed test with six probe names in the zone', async () => {
    const made = await callRoute(create, { path: '/api/connection-test/', method: 'POST', headers: from('127.0.0.1') })
    expect(made.status).toBe(201)
    const id = made.body.id as string
    expect(id).toMatch(/^[a-z2-7]{42}$/)
    expect(made.body.probes).toHaveLength(6)
    for (const name of made.body.probes as string[]) expect(name).toMatch(new RegExp(`^[a-z2-7]{10}\\.${id}\\.leak\\.test$`))
    expect(new Date(made.body.expiresAt as string).getTime() - Date.now()).toBeGreaterThan(9 * 60_000)
    expect(made.body.exits).toEqual([])
    // Where the page tests IPv4, IPv6 and WebRTC: from the environment as the server runs now.
    expect(made.body).toMatchObject({ ipv4Origin: null, ipv6Origin: null, stunUrls: [expect.stringMatching(/^stun:/)] })
  })

  it('lists our exits, as the admin enters them, for the page to compare with', async () => {
    await payload.updateGlobal({ slug: 'connection-test', data: { exitIps: '198.51.100.10\n203.0.113.0/28, 2001:db8:5::/48' }, overrideAccess: true })
    const made = await callRoute(create, { path: '/api/connection-test/', method: 'POST', headers: from('127.0.0.1') })
    expect(made.body.exits).toEqual(['198.51.100.10', '203.0.113.0/28', '2001:db8:5::/48'])
    await payload.updateGlobal({ slug: 'connection-test', data: { exitIps: '' }, overrideAccess: true })
  })

  it('lists the resolvers that asked for its probes, labelled, and only this test’s', async () => {
    await payload.updateGlobal({ slug: 'connection-test', data: { resolvers: '127.0.0.2', exitIps: '' }, overrideAccess: true })
    const made = await callRoute(create, { path: '/api/connection-test/', method: 'POST', headers: from('127.0.0.1') })
    const other = await callRoute(create, { path: '/api/connection-test/', method: 'POST', headers: from('127.0.0.1') })
    const probes = made.body.probes as string[]
    // Four through the visitor's own resolver, two through ours; the other test's through a third.
    await Promise.all([...probes.slice(0, 4).map((name) => resolve(name, '127.0.0.1')), ...probes.slice(4).map((name) => resolve(name.toUpperCase(), '127.0.0.2'))])
    await resolve((other.body.probes as string[])[0]!, '127.0.0.3')
    await batcher.flush()
    const answer = await callRoute(results, { path: `/api/connection-test/${made.body.id}/`, params: { id: String(made.body.id) }, headers: from('127.0.0.1') })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id: made.body.id, complete: true, clientIp: '127.0.0.1' })
    expect(answer.body.resolvers).toEqual([
      { ip: '127.0.0.1', local: true, country: null, asn: null, org: null, label: 'provider', publicName: null, ecs: null },
      { ip: '127.0.0.2', local: true, country: null, asn: null, org: null, label: 'ours', publicName: null, ecs: null },
    ])
  })

  it('waits up to three seconds for missing probes, then answers what it has', async () => {
    const made = await callRoute(create, { path: '/api/connection-test/', method: 'POST', headers: from('127.0.0.1') })
    await resolve((made.body.probes as string[])[0]!)
    const started = Date.now()
    const answer = await callRoute(results, { path: `/api/connection-test/${made.body.id}/`, params: { id: String(made.body.id) }, headers: from('127.0.0.1') })
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900)
    expect(answer.body).toMatchObject({ complete: false, resolvers: [expect.objectContaining({ ip: '127.0.0.1' })] })
  })

  it('refuses an id it did not sign (400) and one past its ten minutes (404)', async () => {
    const forged = newTestId('not-our-secret-0123456789-0123456789')
    expect(await callRoute(results, { path: `/api/connection-test/${forged}/`, params: { id: forged }, headers: from('127.0.0.1') })).toMatchObject({
      status: 400,
      body: { statusCode: 400, code: 'INVALID_INPUT', field: 'id' },
    })
    expect(await callRoute(results, { path: '/api/connection-test/nonsense/', params: { id: 'nonsense' }, headers: from('127.0.0.1') })).toMatchObject({ status: 400 })
    const old = newTestId(process.env.PAYLOAD_SECRET, new Date(Date.now() - 11 * 60_000))
    expect(await callRoute(results, { path: `/api/connection-test/${old}/`, params: { id: old }, headers: from('127.0.0.1') })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
  })

  it('answers the probe path with 204, and limits each address', async () => {
    const response = await probe()
    expect(response.status).toBe(204)
    expect(response.headers.get('cache-control')).toBe('no-store')
    process.env.RATE_LIMIT_IP = '2/60'
    resetEnv()
    try {
      const peer = `198.51.100.${Date.now() % 250}`
      expect((await callRoute(create, { path: '/api/connection-test/', method: 'POST', headers: from(peer) })).status).toBe(201)
      expect((await callRoute(create, { path: '/api/connection-test/', method: 'POST', headers: from(peer) })).status).toBe(201)
      expect(await callRoute(create, { path: '/api/connection-test/', method: 'POST', headers: from(peer) })).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } })
    } finally {
      process.env.RATE_LIMIT_IP = '100000/60'
      resetEnv()
    }
  })
})
