import { randomBytes } from 'node:crypto'
import { ROOT_CONTEXT, SpanKind } from '@opentelemetry/api'
import { SamplingDecision } from '@opentelemetry/sdk-trace-base'
import { describe, expect, it } from 'vitest'
import { SiteSampler, TRACE_SAMPLE_RATE } from './otel'

const traceId = () => randomBytes(16).toString('hex')

describe('the trace sampler', () => {
  it('keeps about one trace in five, the same decision for the same trace', () => {
    const sampler = new SiteSampler()
    // 5000 random traces: 0.2 ± 0.03 is more than five standard deviations either way.
    const ids = Array.from({ length: 5000 }, traceId)
    const kept = ids.filter((id) => sampler.shouldSample(ROOT_CONTEXT, id, 'GET /', SpanKind.SERVER, {}).decision === SamplingDecision.RECORD_AND_SAMPLED).length
    expect(TRACE_SAMPLE_RATE).toBe(0.2)
    expect(kept / ids.length).toBeGreaterThan(0.17)
    expect(kept / ids.length).toBeLessThan(0.23)
    for (const id of ids.slice(0, 50)) expect(sampler.shouldSample(ROOT_CONTEXT, id, 'a', SpanKind.SERVER, {}).decision).toBe(sampler.shouldSample(ROOT_CONTEXT, id, 'b', SpanKind.SERVER, {}).decision)
  })

  it('always keeps a server error’s report', () => {
    const sampler = new SiteSampler()
    for (let n = 0; n < 200; n++)
      expect(sampler.shouldSample(ROOT_CONTEXT, traceId(), 'request error', SpanKind.INTERNAL, { 'veilgate.error_report': true }).decision).toBe(SamplingDecision.RECORD_AND_SAMPLED)
  })
})
