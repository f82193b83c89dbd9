// Server traces and error reports over OpenTelemetry, started only when OTEL_EXPORTER_OTLP_ENDPOINT
// is set: one trace in five is sampled; a server error is always reported, its URL without query.
import { context, SpanStatusCode, trace, type Attributes, type Context, type SpanKind } from '@opentelemetry/api'
import { SamplingDecision, TraceIdRatioBasedSampler, type Sampler, type SamplingResult } from '@opentelemetry/sdk-trace-base'
import { registerOTel } from '@vercel/otel'
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

let started = false

export function startTracing(): void {
  if (started) return
  started = true
  registerOTel({ serviceName: 'veilgate-site', traceSampler: new SiteSampler() })
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
