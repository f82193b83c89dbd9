import type { Instrumentation } from 'next'

/**
 * Runs once when a server starts: the environment is checked (a mistake stops the server); with OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts
 * (`src/lib/telemetry/otel.ts`: one trace in five); then initialising Payload applies pending
 * migrations and the one-time seed before the first visitor arrives, and starts the job runner.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  // A mistake in the environment (half a captcha key pair, a malformed URL) stops start-up, named.
  ;(await import('./lib/startup-check')).checkEnvironment()
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) (await import('./lib/telemetry/otel')).startTracing()
  const { payloadServer } = await import('./services/content/payload')
  await payloadServer()
}

/** A server error, reported as a span of its own when OTEL_EXPORTER_OTLP_ENDPOINT is set: its URL without the query (links carry tokens). */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return
  const { recordRequestError } = await import('./lib/telemetry/otel')
  recordRequestError(error, { path: request.path, method: request.method }, context)
}
