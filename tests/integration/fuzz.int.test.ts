// The hostile-input suite, in process: every API route file the lister finds
// (tests/support/api-routes.ts) gets FUZZ_RUNS requests (default 1,000) drawn from the generators
// of tests/support/hostile.ts with the seed FUZZ_SEED prints, called as Next calls the handler.
// Properties: an answer within 15 s, never a 5xx; a refusal is `{ statusCode, code, message }` with
// a catalogue code and `statusCode` equal to the status. Rate limits are raised through their
// variables (tests/integration/setup-env.ts), never switched off in code.
import path from 'node:path'
import fc from 'fast-check'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { HTTP_METHODS, type HttpMethod } from '@/lib/http-methods'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { query } from '@/services/db'
import { listApiRoutes, routePath, type ApiRoute } from '../support/api-routes'
import { describeRequest, fuzzRuns, fuzzSeed, hostileRequest, refusalProblem, toRequest, type HostileRequest } from '../support/hostile'
import { root } from '../support/test-db'

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>

const BASE = 'http://localhost:3000'
const SAME_ORIGIN = { origin: BASE, 'sec-fetch-site': 'same-origin' }
const ANSWER_WITHIN_MS = 15_000
/** Requests in flight at once. */
const CONCURRENCY = 8
const seed = fuzzSeed()
const runs = fuzzRuns()
// FUZZ_ROUTES: a regular expression to fuzz only the routes whose pattern it matches.
const routes = listApiRoutes(root).filter((route) => !process.env.FUZZ_ROUTES || new RegExp(process.env.FUZZ_ROUTES).test(route.pattern))

let payload: Payload
let startedAt: Date

beforeAll(async () => {
  payload = await getPayload({ config })
  startedAt = new Date()
  console.log(`FUZZ_SEED=${seed} (FUZZ_RUNS=${runs}): repeat with FUZZ_SEED=${seed} npx vitest run --project integration tests/integration/fuzz.int.test.ts`)
})

afterAll(async () => {
  // The jobs the requests queued (messages to fuzzed addresses, events) are not run: files after
  // this one share the queues, and one that runs them all (faults.int) would run these too.
  await query(payload, 'delete from payload_jobs where created_at >= $1 and completed_at is null', [startedAt.toISOString()])
})

/** The route's parameters as Next passes them: decoded where the segment decodes, the catch-all as a list. */
function paramsOf(route: ApiRoute, requestPath: string): Record<string, string | string[]> {
  const parts = requestPath.replace(/^\/|\/$/g, '').split('/')
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part)
    } catch {
      return part
    }
  }
  const params: Record<string, string | string[]> = {}
  route.segments.forEach((segment, index) => {
    if (segment.kind === 'param') params[segment.name] = decode(parts[index] ?? '')
    if (segment.kind === 'catchAll') params[segment.name] = parts.slice(index).map(decode)
  })
  return params
}

/** The methods a route is fuzzed with: mostly those it serves, the others too. */
function methodsFor(route: ApiRoute): fc.Arbitrary<HttpMethod> {
  const served = route.methods.length ? route.methods : [...HTTP_METHODS]
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...served) }, { weight: 1, arbitrary: fc.constantFrom(...HTTP_METHODS) })
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** The answer's status (0: none) and what is wrong with it, or null. */
async function answer(handle: Handler, route: ApiRoute, hostile: HostileRequest): Promise<{ status: number; problem: string | null }> {
  let response: Response
  try {
    response = await within(handle(toRequest(hostile, BASE), { params: Promise.resolve(paramsOf(route, hostile.path)) }), ANSWER_WITHIN_MS)
  } catch (error) {
    return { status: 0, problem: `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}` }
  }
  return { status: response.status, problem: await problemOf(response) }
}

/** What is wrong with an answer, or null. */
async function problemOf(response: Response): Promise<string | null> {
  const text = await response.text()
  if (response.status >= 500) return `${response.status} ${text.slice(0, 300)}`
  return response.status < 400 ? null : refusalProblem(response.status, text)
}

describe('hostile input, in process', () => {
  it(`every API route answers ${runs} hostile requests, never with a 5xx, refusals in the catalogue's shape`, { timeout: 30 * 60_000 }, async () => {
    if (!process.env.FUZZ_ROUTES) expect(routes.length).toBeGreaterThan(80)
    const started = performance.now()
    const table: string[] = []
    const problems: string[] = []
    const statuses = new Map<number, number>()
    for (const [index, route] of routes.entries()) {
      const exported = (await import(path.join(root, route.file))) as Partial<Record<HttpMethod, Handler>>
      // A signed-in customer in a quarter of the requests, so the account routes read their input
      // too (a session of its own per route: a route may sign it out).
      const customer = await createPasswordlessCustomer(payload, { email: `fuzz-${seed}-${index}-${performance.now().toFixed(0)}@example.com`, source: 'admin' })
      const token = await createSession(payload, customer.id, {})
      const requests = fc.sample(hostileRequest(routePath(route), methodsFor(route), SAME_ORIGIN), { seed: seed + index, numRuns: runs })
      const from = performance.now()
      let failed = 0
      let slowest = { ms: 0, request: '' }
      const answered = new Map<number, number>()
      const send = async (hostile: HostileRequest, n: number) => {
        if (n % 4 === 0) hostile.headers['x-auth-token'] = token
        // Next answers HEAD with GET's handler when a route has none of its own.
        const handle = exported[hostile.method] ?? (hostile.method === 'HEAD' ? exported.GET : undefined)
        if (!handle) {
          problems.push(`${route.pattern}: exports no ${hostile.method}`)
          return
        }
        const sent = performance.now()
        const { status, problem } = await answer(handle, route, hostile)
        const ms = performance.now() - sent
        if (process.env.FUZZ_TRACE) console.log(`${route.pattern} #${n}: ${status} in ${ms.toFixed(0)} ms: ${describeRequest(hostile)}`)
        if (ms > slowest.ms) slowest = { ms, request: describeRequest(hostile) }
        answered.set(status, (answered.get(status) ?? 0) + 1)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        if (problem) {
          failed++
          if (problems.length < 40) problems.push(`${route.pattern}: ${problem}\n    ${describeRequest(hostile)}`)
        }
      }
      // A few at a time, as a busy site gets them: one waits on the database while another runs.
      for (let at = 0; at < requests.length; at += CONCURRENCY) {
        await Promise.all(requests.slice(at, at + CONCURRENCY).map((hostile, k) => send(hostile, at + k)))
      }
      const byStatus = [...answered].sort(([a], [b]) => a - b).map(([status, count]) => `${status || 'none'}×${count}`).join(' ')
      table.push(`${route.pattern.padEnd(56)} ${String(requests.length).padStart(6)} requests ${((performance.now() - from) / 1000).toFixed(1).padStart(6)} s  ${byStatus}${failed ? `  ${failed} failed` : ''}  slowest ${slowest.ms.toFixed(0)} ms${process.env.FUZZ_SLOWEST ? `: ${slowest.request}` : ''}`)
    }
    console.log(
      [
        `hostile input, in process: FUZZ_SEED=${seed}, ${routes.length} routes × ${runs} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        `answers by status: ${[...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status || 'none'} × ${count}`).join(', ')}`,
        ...table,
      ].join('\n'),
    )
    expect(problems, `FUZZ_SEED=${seed}`).toEqual([])
    expect([...statuses.keys()].filter((status) => status === 0 || status >= 500)).toEqual([])
  })
})
