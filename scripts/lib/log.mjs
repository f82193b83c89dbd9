// One JSON logger (pino) for the web server, Payload, the route handlers and the scripts. Each line
// is one object with `time`, `level`, `msg` and, inside a request, its `reqId`. What could name a
// person or open an account never reaches a line: e-mail addresses, passwords, tokens, cookies and
// card numbers are replaced, client addresses cut to their network (IPv4 /24, IPv6 /48), errors
// logged by their kind and stack, not their message (it may quote input).
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { isSpanContextValid, trace } from '@opentelemetry/api'
import pino from 'pino'

export const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/

/** The request's id: a balancer's `X-Request-Id` behind a trusted proxy when it is well-formed, else a new UUID. */
export function requestId(header, trustedProxyHops) {
  const given = Array.isArray(header) ? header[0] : header
  return trustedProxyHops > 0 && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}

// Keys whose values are never logged, whatever they hold.
const SECRET_KEY = /pass(word|phrase)?|secret|token|authorization|cookie|session|api[-_]?key|card|cvc|cvv|^pan$|iban|^otp$|signature|e-?mail|^to$|^from$|^(user)?name$/i
// Our own fields, logged as they are.
const OWN_KEYS = new Set(['reqId', 'traceId', 'spanId'])
const JWT = /\b[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g
const EMAIL = /[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g
const BEARER = /\b(Bearer|Basic|JWT)\s+[A-Za-z0-9._~+/=-]+/gi
const IPV4 = /\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}\b/g
const IPV6 = /(?<![\w:.])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?![\w:])/gi

/** An IPv6 address's /48 network (its first three groups). */
function ipv6Network(address) {
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return address
  return `${groups.slice(0, 3).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/48`
}

/** A text as it may be logged: tokens, e-mail addresses and card numbers out, addresses cut to their network (this machine's loopback kept). */
export function redactText(text) {
  return text
    .replace(BEARER, '$1 [token]')
    .replace(JWT, '[token]')
    .replace(EMAIL, '[e-mail]')
    .replace(CARD, '[card]')
    .replace(IPV4, (match, a, b, c) => (a === '127' ? match : `${a}.${b}.${c}.0/24`))
    .replace(IPV6, (match) => (match.split(':').length >= 3 && /[0-9a-f]/i.test(match) && match !== '::1' ? ipv6Network(match) : match))
}

/** An error by its kind (name, code, status) and where it came from, never its message. */
export function errorKind(error) {
  if (!(error instanceof Error)) return { type: typeof error }
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).slice(0, 8).map((line) => redactText(line.trim()))
  return {
    type: error.name,
    ...(typeof error.code === 'string' || typeof error.code === 'number' ? { code: error.code } : {}),
    ...(typeof error.status === 'number' ? { status: error.status } : {}),
    ...(frames.length ? { stack: frames } : {}),
  }
}

/** An Error by its kind; anything else (already turned into its kind by `redactValue`) as it is. */
const kindOfError = (value) => (value instanceof Error ? errorKind(value) : value)

/** A value as it may be logged: secret keys dropped, texts redacted, errors by kind, at most 6 levels deep. */
export function redactValue(value, depth = 0) {
  if (typeof value === 'string') return redactText(value)
  if (value instanceof Error) return errorKind(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= 6) return '[deep]'
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactValue(item, depth + 1))
  if (value instanceof Date) return value.toISOString()
  const out = {}
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue
    out[key] = OWN_KEYS.has(key) ? item : SECRET_KEY.test(key) && item !== null && typeof item !== 'boolean' ? '[redacted]' : redactValue(item, depth + 1)
  }
  return out
}

// On globalThis: Next bundles the route handlers (and Payload) apart from the web server's copy of this file.
const SHARED = Symbol.for('veilgate.logger')
const CONTEXT = Symbol.for('veilgate.log-context')

/** The request being served (its id) for every line logged while serving it. */
export function requestContext() {
  return (globalThis[CONTEXT] ??= new AsyncLocalStorage())
}

/**
 * A JSON logger at `level` (LOG_LEVEL, default `info`) writing to `destination` (standard output,
 * asynchronously, by default).
 */
export function createLogger({ level = 'info', destination } = {}) {
  const chosen = LEVELS.includes(level) ? level : 'info'
  return pino(
    {
      level: chosen,
      base: undefined,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      // `formatters.log` has already turned errors into their kind; pino's own `err` serializer would keep the message.
      serializers: { err: kindOfError, error: kindOfError },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redactValue(object),
      },
      mixin() {
        const reqId = requestContext().getStore()?.reqId
        // With OpenTelemetry on (OTEL_EXPORTER_OTLP_ENDPOINT), the trace the line belongs to.
        const span = trace.getActiveSpan()?.spanContext()
        return { ...(reqId ? { reqId } : {}), ...(span && isSpanContextValid(span) ? { traceId: span.traceId } : {}) }
      },
      hooks: {
        // Messages are redacted like values (a message may quote an address or a token).
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
          )
        },
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  )
}

/** This process's one logger. */
export function logger(env = process.env) {
  if (!globalThis[SHARED]) {
    const log = createLogger({ level: (env.LOG_LEVEL ?? '').trim().toLowerCase() || 'info' })
    globalThis[SHARED] = log
    // Lines still buffered are written before the process exits.
    process.once('beforeExit', () => log.flush())
  }
  return globalThis[SHARED]
}

/** Writes what the logger still holds, before `process.exit` (which would drop it). */
export function flushLogs() {
  const log = globalThis[SHARED]
  if (!log) return
  try {
    log[pino.symbols.streamSym]?.flushSync?.()
  } catch {
    // A destination still opening has nothing buffered.
  }
}
