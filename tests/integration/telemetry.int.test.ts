// Server error reports over OpenTelemetry, as a collector at OTEL_EXPORTER_OTLP_ENDPOINT receives them.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let collector: Server
const received: string[] = []
const saved = { ...process.env }

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') received.push(body)
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = 'http/json'
  process.env.NEXT_RUNTIME = 'nodejs'
})

afterAll(async () => {
  process.env = saved
  await new Promise((resolve) => collector.close(resolve))
})

type OtlpSpan = { name: string; attributes: { key: string; value: { stringValue?: string; boolValue?: boolean } }[]; status?: { code?: number } }
const spansOf = (bodies: string[]): OtlpSpan[] =>
  bodies.flatMap((body) => (JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)))
const attribute = (span: OtlpSpan, key: string) => span.attributes.find((item) => item.key === key)?.value

describe('server error reports', () => {
  it('reach the collector with the method, route and path, never the query, an address or a code', async () => {
    const { startTracing } = await import('@/lib/telemetry/otel')
    startTracing()
    const { onRequestError } = await import('@/instrumentation')
    await onRequestError(
      new Error('No account for jane@example.com from 203.0.113.9 (code 482913)'),
      { path: '/de/reset-password?token=k3J9xQ2vLm8pR4tY7wZ1&email=jane%40example.com', method: 'POST', headers: { cookie: 'sid=secret' } },
      { routerKind: 'App Router', routePath: '/site/[locale]/reset-password', routeType: 'render', renderSource: 'react-server-components', revalidateReason: undefined },
    )
    // A framework span of a kept trace: its URL attributes leave as the path only.
    const { trace } = await import('@opentelemetry/api')
    trace
      .getTracer('test')
      .startSpan('GET /site/[locale]/[[...slug]]', { root: true, attributes: { 'veilgate.error_report': true, 'http.target': '/blog?token=k3J9xQ2vLm8pR4tY7wZ1', 'url.full': 'http://localhost:3000/blog?token=k3J9xQ2vLm8pR4tY7wZ1', 'url.query': 'token=k3J9xQ2vLm8pR4tY7wZ1' } })
      .end()
    // The batch processor sends within its 5 s delay.
    await expect.poll(() => spansOf(received).some((span) => span.name === 'request error'), { timeout: 20_000, interval: 250 }).toBe(true)
    const span = spansOf(received).find((item) => item.name === 'request error')!
    expect(attribute(span, 'url.path')?.stringValue).toBe('/de/reset-password')
    expect(attribute(span, 'http.request.method')?.stringValue).toBe('POST')
    expect(attribute(span, 'next.route')?.stringValue).toBe('/site/[locale]/reset-password')
    expect(span.status?.code).toBe(2)
    await expect.poll(() => spansOf(received).some((item) => item.name === 'GET /site/[locale]/[[...slug]]'), { timeout: 20_000, interval: 250 }).toBe(true)
    const framework = spansOf(received).find((item) => item.name === 'GET /site/[locale]/[[...slug]]')!
    expect(attribute(framework, 'http.target')?.stringValue).toBe('/blog')
    expect(attribute(framework, 'url.full')?.stringValue).toBe('http://localhost:3000/blog')
    expect(attribute(framework, 'url.query')).toBeUndefined()
    const everything = received.join('\n')
    expect(everything).toContain('No account for [e-mail] from [address] (code [code])')
    for (const secret of ['token', 'k3J9xQ2vLm8pR4tY7wZ1', 'jane', '203.0.113.9', '482913', 'secret']) expect(everything, secret).not.toContain(secret)
  })
})
