// An instance as operators run it behind a balancer (TRUSTED_PROXY_HOPS=1): `/api/health`, one
// JSON line per request carrying the id the answer names, and the drain on SIGTERM
// (scripts/server.mjs): health says `draining` at once while pages are still served; after
// SHUTDOWN_DRAIN_SECONDS new connections are refused, a request in flight (its body still
// arriving) is answered in full, and the process exits cleanly.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInstance, type Instance } from './instance'

let instance: Instance

beforeAll(async () => {
  instance = await startInstance({ SHUTDOWN_DRAIN_SECONDS: '8', TRUSTED_PROXY_HOPS: '1' })
}, 240_000)

afterAll(() => instance?.stop())

/** A POST whose body is sent in two parts: the second only when `finish` is called. */
function slowPost(port: number, path: string, body: string) {
  const half = Math.floor(body.length / 2)
  let finish = () => undefined as void
  let connected: Promise<void> = Promise.resolve()
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    })
    request.on('error', reject)
    connected = new Promise((done) => request.once('socket', (socket) => socket.once('connect', () => done())))
    request.write(body.slice(0, half))
    finish = () => void request.end(body.slice(half))
  })
  return { answered, connected, finish: () => finish() }
}

const healthOf = async (origin: string) => {
  const response = await fetch(`${origin}/api/health`)
  return { status: response.status, body: (await response.json()) as { status: string } }
}

/** Whether a new connection to the port is refused. */
const refused = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => false,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
  )

/** The instance's JSON lines so far (other output, such as the build's, skipped). */
function jsonLines(): Record<string, unknown>[] {
  return instance
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('an instance behind a balancer', () => {
  it('answers /api/health with its state, uncached, HEAD too, and 405 JSON to other methods', async () => {
    const response = await fetch(`${instance.baseUrl}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    // No Redis here and no job runner on this instance.
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'disabled', jobs: 'disabled' })
    const slash = await fetch(`${instance.baseUrl}/api/health/`)
    expect(slash.status).toBe(200)
    expect(((await slash.json()) as { status: string }).status).toBe('ok')
    const head = await fetch(`${instance.baseUrl}/api/health`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await fetch(`${instance.baseUrl}/api/health`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expect(await post.json()).toMatchObject({ statusCode: 405, code: 'METHOD_NOT_ALLOWED' })
  })

  it('logs one JSON line per request with the id it answers in X-Request-Id: the balancer’s when well-formed, else a new one', async () => {
    const kept = await fetch(`${instance.baseUrl}/de/`, { headers: { 'x-request-id': 'haproxy-0000abcd-1' } })
    expect(kept.status).toBe(200)
    expect(kept.headers.get('x-request-id')).toBe('haproxy-0000abcd-1')
    await kept.arrayBuffer()
    const replaced = await fetch(`${instance.baseUrl}/api/health/?token=abcdefabcdef0123456789&email=ada@example.com`, { headers: { 'x-request-id': 'bad id!' } })
    const id = replaced.headers.get('x-request-id')!
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    await replaced.arrayBuffer()

    await expect.poll(() => jsonLines().filter((line) => line.msg === 'request' && (line.reqId === 'haproxy-0000abcd-1' || line.reqId === id)).length, { timeout: 10_000 }).toBe(2)
    const lines = jsonLines()
    const page = lines.find((line) => line.reqId === 'haproxy-0000abcd-1' && line.msg === 'request')!
    expect(page).toMatchObject({ level: 'info', method: 'GET', path: '/de/', status: 200, cache: expect.stringMatching(/^(hit|miss)$/) })
    expect(page.time).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/))
    expect(page.ms).toEqual(expect.any(Number))
    expect(page.bytes).toBeGreaterThan(1000)
    const api = lines.find((line) => line.reqId === id && line.msg === 'request')!
    // Never kept (no-store): a bypass; the query (a token, an address) is not logged.
    expect(api).toMatchObject({ method: 'GET', path: '/api/health/', status: 200, cache: 'bypass' })
    expect(instance.output()).not.toMatch(/ada@example\.com|abcdefabcdef0123456789/)
  })
})

describe('a SIGTERM', () => {
  it('drains: health says draining while pages are served, then a request in flight completes and the server exits', async () => {
    expect(await healthOf(instance.baseUrl)).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } })
    const inFlight = slowPost(instance.port, '/api/veilgate/auth/login/', JSON.stringify({ username: 'drain-check@example.com', password: 'not the password', locale: 'en' }))
    // Connected, its headers and half its body sent, before the signal (the server reads them during the drain time).
    await inFlight.connected
    instance.signal('SIGTERM')

    await expect.poll(async () => (await healthOf(instance.baseUrl)).body.status, { timeout: 5_000, interval: 50 }).toBe('draining')
    const draining = await healthOf(instance.baseUrl)
    expect(draining.status).toBe(503)
    const page = await fetch(`${instance.baseUrl}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('connection')).toBe('close')
    await page.arrayBuffer()

    // After the drain time: new connections refused, the request in flight still answered in full.
    await expect.poll(() => refused(instance.port), { timeout: 30_000, interval: 100 }).toBe(true)
    inFlight.finish()
    const answer = await inFlight.answered
    expect(answer.status).toBeGreaterThanOrEqual(200)
    expect(answer.status).toBeLessThan(500)
    expect(JSON.parse(answer.body)).toHaveProperty('code')
    expect(await instance.exited).toBe(0)
    expect(instance.output()).toMatch(/\[server\] SIGTERM: draining for 8 s/)
  })
})
