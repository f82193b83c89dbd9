'use client'

import { scrubReport } from './scrub'

/** Spec section 9: one trace in five is sampled. */
export const TRACE_SAMPLE_RATE = 0.2

let started = false

/**
 * Browser error reports through Sentry, for a site that set `SENTRY_DSN` (named by
 * `/api/site/tags`): loaded once the page is idle, no personal data (`sendDefaultPii: false`), and
 * every report scrubbed of query strings, e-mail and IP addresses, tokens and codes before it leaves.
 */
export async function startBrowserReports(dsn: string): Promise<void> {
  if (started) return
  started = true
  const Sentry = await import('@sentry/browser')
  const origin = window.location.origin
  Sentry.init({
    dsn,
    sendDefaultPii: false,
    tracesSampleRate: TRACE_SAMPLE_RATE,
    integrations: [Sentry.browserTracingIntegration()],
    beforeSend: (event) => scrubReport(event, origin),
    beforeSendTransaction: (event) => scrubReport(event, origin),
    beforeBreadcrumb: (crumb) => scrubReport({ breadcrumbs: [crumb] }, origin).breadcrumbs![0]!,
  })
}
