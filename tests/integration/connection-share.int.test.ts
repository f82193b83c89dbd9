import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as readShare, POST as refusedOnShare } from '@/app/api/connection-test/share/[id]/route'
import { GET as refusedOnCreate, POST as share } from '@/app/api/connection-test/share/route'
import { pgPool, query } from '@/services/db'
import { createPgSharesStore, SHARE_TTL_MS, type StoredShare } from '@/services/connection-test/shares'
import { createPgResultsStore } from '../../scripts/lib/connection-results.mjs'
import { newTestId } from '../../scripts/lib/connection-test-ids.mjs'
import { callRoute } from '../support/routes'
import { setEnv } from '../support/stripe-account'

let payload: Payload
const from = (peer: string) => ({ 'x-veilgate-peer': peer })
const EXIT = '185.65.135.1'

beforeAll(async () => {
  payload = await getPayload({ config })
  // Our exit is the address the browser saw; our resolver is 127.0.0.2.
  await payload.updateGlobal({ slug: 'connection-test', data: { exitIps: EXIT, resolvers: '127.0.0.2' }, overrideAccess: true })
})

afterAll(async () => {
  setEnv({ CLOCK_NOW: undefined })
  await payload.updateGlobal({ slug: 'connection-test', data: { exitIps: '', resolvers: '' }, overrideAccess: true })
})

/** A finished run as the browser keeps it: connected through our exit, and claiming DNS was all ours. */
function browserResult() {
  const answer = { ip: EXIT, version: 4, local: false, country: 'SE', asn: 64500, org: 'Veilgate' }
  return {
    at: new Date().toISOString(),
    state: {
      inProgress: false,
      percent: 100,
      clientIp: EXIT,
      ipv4Leak: false,
      ipv6Leak: false,
      testResult: {
        status: 'protected',
        webrtc: { status: 'ok', ip: [EXIT] },
        dns: { status: 'ok', ipv4: EXIT, ipv4Country: 'SE', dns: [{ ip: '127.0.0.2', local: true, country: null, asn: null, org: null, label: 'ours', publicName: null, ecs: null }] },
      },
    },
    details: { address: answer, ipv4: { kind: 'address', answer }, ipv6: { kind: 'none' } },
  }
}

/** A signed test whose probes were looked up by `resolvers`, as the DNS server records them. */
async function testLookedUpBy(...resolvers: string[]) {
  const id = newTestId(process.env.PAYLOAD_SECRET!)
  await createPgResultsStore(pgPool(payload)).add(resolvers.map((resolverIp, i) => ({ testId: id, label: `p${i}`, resolverIp, qtype: 'A', ecs: null, at: new Date() })))
  return id
}

const post = (body: unknown, peer = '127.0.0.1') => callRoute(share, { path: '/api/connection-test/share/', body, headers: from(peer) })
const read = (id: string) => callRoute(readShare, { path: `/api/connection-test/share/${id}/`, params: { id } })

describe('sharing a connection-test result', () => {
  it('keeps the result 24 hours under a link, with the DNS rows found here and not the ones sent', async () => {
    // The browser says DNS went only through ours; the records say 127.0.0.3 (on the visitor's own network) asked too.
    const testId = await testLookedUpBy('127.0.0.2', '127.0.0.3')
    const made = await post({ testId, result: browserResult(), locale: 'de' })
    expect(made.status).toBe(201)
    const id = String(made.body.id)
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(made.body.url).toMatch(new RegExp(`/de/connection-test#share=${id}$`))
    expect(new Date(String(made.body.expiresAt)).getTime() - Date.now()).toBeGreaterThan(SHARE_TTL_MS - 60_000)

    const shown = await read(id)
    expect(shown.status).toBe(200)
    const result = (shown.body as unknown as StoredShare).result
    expect(result.state.testResult.dns.dns.map((resolver) => [resolver.ip, resolver.label])).toEqual([
      ['127.0.0.2', 'ours'],
      ['127.0.0.3', 'provider'],
    ])
    expect(result.state.testResult.dns.status).toBe('leak')
    expect(result.state.testResult.status).toBe('leak')
    // The rest as the browser found it.
    expect(result.details.address).toMatchObject({ ip: EXIT, country: 'SE' })
    expect(result.state.testResult.webrtc).toEqual({ status: 'ok', ip: [EXIT] })
  })

  it('refuses bad input with its catalogue code, and nothing is kept', async () => {
    const before = (await query<{ count: string }>(payload, 'select count(*) from connection_test_shares'))[0]!.count
    const testId = await testLookedUpBy('127.0.0.2')
    const bad = browserResult()
    bad.state.testResult.webrtc.ip = ['not-an-address']
    expect(await post({ testId, result: bad })).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_INPUT', field: 'result.state.testResult.webrtc.ip.0' } })
    expect(await post({ testId })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'result' } })
    expect(await post('{not json')).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    expect(await post({ testId: 'forged', result: browserResult() })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'testId' } })
    // Past its ten minutes the test's DNS rows are gone: the page asks for a new run.
    const old = newTestId(process.env.PAYLOAD_SECRET!, new Date(Date.now() - 11 * 60_000))
    expect(await post({ testId: old, result: browserResult() })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', field: 'testId' } })
    expect((await query<{ count: string }>(payload, 'select count(*) from connection_test_shares'))[0]!.count).toBe(before)
  })

  it('reads at most 8 KB', async () => {
    const testId = await testLookedUpBy('127.0.0.2')
    const big = browserResult()
    big.details.address.org = 'x'.repeat(9000)
    expect(await post({ testId, result: big })).toMatchObject({ status: 413, body: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE' } })
  })

  it('limits each address', async () => {
    setEnv({ RATE_LIMIT_IP: '2/60' })
    try {
      const peer = `198.51.100.${Date.now() % 250}`
      const testId = await testLookedUpBy('127.0.0.2')
      expect((await post({ testId, result: browserResult() }, peer)).status).toBe(201)
      expect((await post({ testId, result: browserResult() }, peer)).status).toBe(201)
      expect(await post({ testId, result: browserResult() }, peer)).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } })
    } finally {
      setEnv({ RATE_LIMIT_IP: '100000/60' })
    }
  })

  it('answers unknown and malformed links, and other methods, without a 5xx', async () => {
    expect(await read('AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    for (const id of ['short', '%00', 'x'.repeat(200), 'AAAAAAAAAAAAAAAAAAAAA!']) expect(await read(id), id).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'id' } })
    expect((await callRoute(refusedOnShare, { path: '/api/connection-test/share/AAAAAAAAAAAAAAAAAAAAAA/', body: {} })).status).toBe(405)
    expect((await callRoute(refusedOnCreate, { path: '/api/connection-test/share/' })).status).toBe(405)
  })

  it('expires after 24 hours by the security clock, and the sweep removes it', async () => {
    const made = await post({ testId: await testLookedUpBy('127.0.0.2'), result: browserResult() })
    const id = String(made.body.id)
    const expiresAt = new Date(String(made.body.expiresAt))
    try {
      setEnv({ CLOCK_NOW: new Date(expiresAt.getTime() - 60_000).toISOString() })
      expect((await read(id)).status).toBe(200)
      setEnv({ CLOCK_NOW: new Date(expiresAt.getTime() + 60_000).toISOString() })
      expect(await read(id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
      const store = createPgSharesStore(pgPool(payload))
      expect(await store.expire(new Date(expiresAt.getTime() + 60_000))).toBeGreaterThanOrEqual(1)
      expect(await query(payload, 'select id from connection_test_shares where id = $1', [id])).toEqual([])
    } finally {
      setEnv({ CLOCK_NOW: undefined })
    }
  })
})
