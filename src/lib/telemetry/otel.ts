// Server traces and error reports over OpenTelemetry, started only when OTEL_EXPORTER_OTLP_ENDPOINT
// is set: one trace in five is sampled; a server error is always reported, its URL without query.
import { context, SpanStatusCode, trace, type Attributes, type Context, type SpanKind } from '@opentelemetry/api'
import { BatchSpanProcessor, SamplingDecision, TraceIdRatioBasedSampler, type ReadableSpan, type Sampler, type SamplingResult, type SpanExporter } from '@opentelemetry/sdk-trace-base'
import { OTLPHttpJsonTraceExporter, OTLPHttpProtoTraceExporter, registerOTel } from '@vercel/otel'
import { redact, safePath } from '@/lib/debug-log'

/** Spec section 9: one trace in five. */
export const TRACE_SAMPLE_RATE = 0.2
/** The attribute that marks a server error's span: it is always kept. */
const ERROR_REPORT = 'veilgate.error_report'

/** Trace-id ratio sampling at 0.2, except error reports, which are always recorded and sent. */
export class SiteSampler implements Sampler {
  private readonly ratio = new TraceIdRatioBasedSampler(TRACE_SAMPLE_RATE)

  shouldSample(parent: Context, traceId: string, _name: string, _kind: SpanKind, attributes: Attributes): SamplingResult {
    if (attributes[ERROR_REPORT] === true) return { decision: SamplingDecision.RECORD_AND_SAMPLED }
    return this.ratio.shouldSample(parent, traceId)
  }

  toString(): string {
    return `SiteSampler{ratio=${TRACE_SAMPLE_RATE}, errors always}`
  }
}

/** URL attributes of the framework's spans: exported as the path only (links carry tokens). */
const URL_ATTRIBUTES = new Set(['http.target', 'http.url', 'url.full'])

/** A span as it may leave: URL attributes reduced to their path, no `url.query`. */
export function pathOnly(span: ReadableSpan): ReadableSpan {
  const attributes: Attributes = {}
  for (const [key, value] of Object.entries(span.attributes)) {
    if (key === 'url.query') continue
    attributes[key] = URL_ATTRIBUTES.has(key) && typeof value === 'string' ? safePath(value) : value
  }
  return Object.create(span, { attributes: { value: attributes, enumerable: true } }) as ReadableSpan
}

/** The OTLP exporter the environment names, each span passed through `pathOnly` first. */
class PathOnlyExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.inner.export(spans.map(pathOnly), done)
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown()
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve()
  }
}

function otlpExporter(): SpanExporter {
  const url = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || `${(process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').replace(/\/$/, '')}/v1/traces`
  const headers: Record<string, string> = {}
  for (const pair of (process.env.OTEL_EXPORTER_OTLP_HEADERS ?? '').split(',')) {
    const at = pair.indexOf('=')
    if (at > 0) headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim())
  }
  const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || process.env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf'
  return protocol === 'http/json' ? new OTLPHttpJsonTraceExporter({ url, headers }) : new OTLPHttpProtoTraceExporter({ url, headers })
}

let started = false

export function startTracing(): void {
  if (started) return
  started = true
  registerOTel({ serviceName: 'veilgate-site', traceSampler: new SiteSampler(), spanProcessors: [new BatchSpanProcessor(new PathOnlyExporter(otlpExporter()))] })
}

type RequestInfo = { path: string; method: string }
type RouteInfo = { routerKind: string; routePath: string; routeType: string }

/** A server error as one span of its own: method, path without query, route, and the error's redacted text. */
export function recordRequestError(error: unknown, request: RequestInfo, route: RouteInfo): void {
  const tracer = trace.getTracer('veilgate-site')
  const failure = error instanceof Error ? error : new Error(String(error))
  const span = tracer.startSpan(
    'request error',
    {
      root: true,
      attributes: {
        [ERROR_REPORT]: true,
        'http.request.method': request.method,
        'url.path': safePath(request.path),
        'next.route': route.routePath,
        'next.route_type': route.routeType,
        'next.router': route.routerKind,
      },
    },
    context.active(),
  )
  span.recordException({ name: failure.name, message: redact(failure.message) })
  span.setStatus({ code: SpanStatusCode.ERROR, message: redact(failure.message) })
  span.end()
}
