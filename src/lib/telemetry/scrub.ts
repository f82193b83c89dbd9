// What an error report may carry: paths without queries, texts without e-mail or IP addresses,
// tokens or codes, and nothing about the visitor. Pure; shared by the browser's reports and the
// server's error spans.
import { redact, safePath } from '@/lib/debug-log'

/** The parts of a browser error report (Sentry's event) this code reads and rewrites. */
export type ReportEvent = {
  message?: string
  request?: { url?: string; query_string?: unknown; cookies?: unknown; headers?: Record<string, string>; data?: unknown }
  exception?: { values?: { value?: string; stacktrace?: { frames?: { filename?: string; abs_path?: string }[] } }[] }
  breadcrumbs?: { message?: string; data?: Record<string, unknown> }[]
  user?: unknown
  extra?: unknown
  contexts?: Record<string, unknown>
  tags?: Record<string, unknown>
  transaction?: string
}

const path = (url: string | undefined, origin: string) => (url === undefined ? undefined : safePath(url, origin))

/** An error report as it may leave the browser: no query strings, e-mail or IP addresses, tokens, codes, cookies or user. */
export function scrubReport<T extends ReportEvent>(event: T, origin: string): T {
  if (event.message) event.message = redact(event.message)
  if (event.transaction) event.transaction = redact(event.transaction)
  if (event.request) {
    event.request = { url: path(event.request.url, origin) }
  }
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = redact(value.value)
    for (const frame of value.stacktrace?.frames ?? []) {
      if (frame.filename) frame.filename = safePath(frame.filename, origin)
      if (frame.abs_path) frame.abs_path = safePath(frame.abs_path, origin)
    }
  }
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = redact(crumb.message)
    if (crumb.data) {
      for (const key of Object.keys(crumb.data)) {
        const item = crumb.data[key]
        if (typeof item === 'string') crumb.data[key] = /^(url|from|to)$/.test(key) ? safePath(item, origin) : redact(item)
      }
    }
  }
  delete event.user
  delete event.extra
  return event
}
