// A loopback TCP relay between the integration run's PostgreSQL and the app under test, which a
// test can cut (open connections reset, new ones refused) and restore: a database outage without
// touching the database. Run by the integration global setup and steered over a small HTTP
// control port, since the tests run in another process.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { connect, createServer, type Server, type Socket } from 'node:net'

export type RelayControl = {
  /** Resets every open connection and refuses new ones until `restore()`. */
  cut(): Promise<void>
  restore(): Promise<void>
  /** The database server itself stopped, then started again on the same port and data. */
  stopDatabase(): Promise<void>
  startDatabase(): Promise<void>
  /** Connections relayed now. */
  open(): Promise<number>
  /** Cuts at the n-th statement sent from now on (1: the next). */
  arm(at: number): Promise<void>
  /** The statement the armed cut fell at since the last poll (null: none), and how many went by since arming. */
  poll(): Promise<{ cutAt: number | null; counted: number }>
  /** No cut any more; how many statements went by since arming. */
  disarm(): Promise<number>
}

/**
 * Relays 127.0.0.1:`port` (0: any free one) to `target`. `cut()` destroys both sides of every
 * relayed connection with a TCP reset and closes the listener, so a new connection is refused
 * (ECONNREFUSED) until `restore()` listens again on the same port.
 */
export async function startRelay(target: { host: string; port: number }, port = 0) {
  const pairs = new Set<[Socket, Socket]>()
  // Armed: the relay counts the statements sent through it (PostgreSQL's frames that end one: a
  // simple Query, or the Sync after an extended query) and cuts at the n-th, before passing it on.
  let armed: { at: number; counted: number } | null = null
  let cutAtStatement: number | null = null
  let lastCount = 0
  const relay: Server = createServer((client) => {
    const upstream = connect(target.port, target.host)
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
    const frames = statementCounter()
    client.on('data', (chunk: Buffer) => {
      const statements = frames(chunk)
      if (armed && statements > 0) {
        armed.counted += statements
        if (armed.counted >= armed.at) {
          cutAtStatement = armed.at
          lastCount = armed.counted
          armed = null
          void control.cut()
          return
        }
      }
      if (!upstream.destroyed) upstream.write(chunk)
    })
    upstream.pipe(client)
  })
  const listen = (at: number) => new Promise<number>((resolve, reject) => {
    relay.once('error', reject)
    relay.listen(at, '127.0.0.1', () => {
      relay.off('error', reject)
      const address = relay.address()
      resolve(typeof address === 'object' && address ? address.port : at)
    })
  })
  const listening = await listen(port)
  let cutNow = false
  const control = {
    port: listening,
    /** Cuts at the n-th statement from now (1: the next one). */
    arm(at: number) {
      armed = { at, counted: 0 }
      cutAtStatement = null
    },
    /** The statement the armed cut fell at since the last poll (null: none), and how many went by since arming. */
    poll(): { cutAt: number | null; counted: number } {
      const state = { cutAt: cutAtStatement, counted: armed?.counted ?? lastCount }
      cutAtStatement = null
      return state
    },
    /** No cut any more; answers how many statements went by since arming. */
    disarm(): number {
      const counted = armed?.counted ?? lastCount
      armed = null
      cutAtStatement = null
      return counted
    },
    isCut: () => cutNow,
    async cut() {
      if (cutNow) return
      cutNow = true
      const closed = new Promise<void>((resolve) => relay.close(() => resolve()))
      for (const [client, upstream] of pairs) {
        client.resetAndDestroy()
        upstream.resetAndDestroy()
      }
      pairs.clear()
      await closed
    },
    async restore() {
      if (!cutNow) return
      cutNow = false
      await listen(listening)
    },
    open: () => pairs.size,
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy()
        upstream.destroy()
      }
      if (!cutNow) await new Promise<void>((resolve) => relay.close(() => resolve()))
    },
  }
  return control
}

/**
 * Counts, chunk by chunk, the statements in one connection's client-to-server stream of
 * PostgreSQL frames: the first frame (start-up) has no type byte; every later one is a type byte
 * and an Int32 length that counts itself. 'Q' (simple query) and 'S' (Sync, the end of an
 * extended query) each end one statement.
 */
function statementCounter(): (chunk: Buffer) => number {
  let buffered: Buffer = Buffer.alloc(0)
  let started = false
  return (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk
    let statements = 0
    for (;;) {
      if (!started) {
        if (buffered.length < 4) break
        const length = buffered.readInt32BE(0)
        if (buffered.length < length) break
        buffered = buffered.subarray(length)
        started = true
        continue
      }
      if (buffered.length < 5) break
      const type = String.fromCharCode(buffered[0]!)
      const length = buffered.readInt32BE(1)
      if (buffered.length < 1 + length) break
      if (type === 'Q' || type === 'S') statements++
      buffered = buffered.subarray(1 + length)
    }
    return statements
  }
}

/** The control port: POST /cut, /restore, /stop-database, /start-database; GET /open. */
export async function serveRelayControl(handlers: {
  cut(): Promise<void>
  restore(): Promise<void>
  stopDatabase(): Promise<void>
  startDatabase(): Promise<void>
  open(): number
  arm(at: number): void
  poll(): { cutAt: number | null; counted: number }
  disarm(): number
}): Promise<{ url: string; close(): Promise<void> }> {
  const routes: Record<string, (query: URLSearchParams) => Promise<unknown>> = {
    'POST /cut': handlers.cut,
    'POST /restore': handlers.restore,
    'POST /stop-database': handlers.stopDatabase,
    'POST /start-database': handlers.startDatabase,
    'GET /open': async () => handlers.open(),
    'POST /arm': async (query) => handlers.arm(Number(query.get('at'))),
    'POST /poll': async () => handlers.poll(),
    'POST /disarm': async () => handlers.disarm(),
  }
  const server: HttpServer = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://relay')
    const route = routes[`${request.method} ${url.pathname}`]
    if (!route) return response.writeHead(404).end()
    route(url.searchParams).then(
      (result) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result: result ?? null })),
      (error: unknown) => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: String(error) })),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The tests' side of the control port (its URL is provided to the tests as `databaseRelay`). */
export function relayControl(url: string): RelayControl {
  const call = async (method: 'GET' | 'POST', path: string) => {
    const response = await fetch(`${url}${path}`, { method })
    const body = (await response.json()) as { ok: boolean; result?: unknown; error?: string }
    if (!body.ok) throw new Error(`the database relay could not ${path.slice(1)}: ${body.error}`)
    return body.result
  }
  return {
    cut: async () => void (await call('POST', '/cut')),
    restore: async () => void (await call('POST', '/restore')),
    stopDatabase: async () => void (await call('POST', '/stop-database')),
    startDatabase: async () => void (await call('POST', '/start-database')),
    open: async () => Number(await call('GET', '/open')),
    arm: async (at) => void (await call('POST', `/arm?at=${at}`)),
    poll: async () => (await call('POST', '/poll')) as { cutAt: number | null; counted: number },
    disarm: async () => Number(await call('POST', '/disarm')),
  }
}
