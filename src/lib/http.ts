import { NextResponse } from 'next/server'
import { createTranslator } from 'next-intl'
import { z } from 'zod'
import { loadMessages } from '@/i18n/messages'
import { defaultLocale, isLocaleCode, locales } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { env } from './env'
import { errorStatus, isErrorCode, type ErrorBody, type ErrorCode } from './errors'
import { cleanInput, nestsDeeperThan } from './security/input'
import { logger } from './log'
import { safePath } from './debug-log'
import { isDatabaseOutage } from './db-outage'
import { HTTP_METHODS, type HttpMethod } from './http-methods'

/**
 * An error that becomes a JSON answer `{ statusCode, code, message, field? }`. Catalogue codes
 * (src/lib/errors.ts) get their status and a message in the request's language; `message`
 * here is only for codes outside the catalogue, or a log.
 */
export class HttpError extends Error {
  readonly field?: string
  readonly headers?: Record<string, string>
  /** More the client acts on, in the body beside the code (the human check's `next` step). */
  extra?: Record<string, string>
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = 'undefinedError',
    field?: string,
    headers?: Record<string, string>,
    /** `message` is the endpoint's own text for a catalogue code, already in the request's language. */
    readonly ownMessage = false,
  ) {
    super(message)
    this.field = field
    this.headers = headers
  }
}

/** A catalogue error, with the field it is about for validation errors. */
export function apiError(code: ErrorCode, field?: string, extra?: Record<string, string>): HttpError {
  const error = new HttpError(errorStatus[code], code, code, field)
  if (extra) error.extra = extra
  return error
}

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return NextResponse.json(data, { status: init.status ?? 200, headers: { 'cache-control': 'no-store', ...init.headers } })
}

/** `locale` of the body or query, else the NEXT_LOCALE cookie, else English. */
export function requestLocale(request: Request, body?: unknown): string {
  const fromBody = body && typeof body === 'object' ? (body as { locale?: unknown }).locale : undefined
  const fromQuery = new URL(request.url).searchParams.get('locale')
  const cookie = /(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1]
  for (const candidate of [fromBody, fromQuery, cookie]) if (typeof candidate === 'string' && isLocaleCode(candidate)) return candidate
  return defaultLocale
}

/** Each locale's catalogue messages, translated once: every refusal needs one. */
const errorTexts = new Map<string, Promise<(code: ErrorCode) => string>>()

function errorTranslator(locale: string): Promise<(code: ErrorCode) => string> {
  let found = errorTexts.get(locale)
  if (!found) {
    found = loadMessages(locale).then((messages) => {
      const tag = locales.find((l) => l.code === locale)?.tag ?? 'en'
      const t = createTranslator({ locale: tag, messages, namespace: 'Errors' })
      return (code: ErrorCode) => t(code)
    })
    // A failed load is tried again by the next request.
    found.catch(() => errorTexts.delete(locale))
    errorTexts.set(locale, found)
  }
  return found
}

/** The catalogue message of `code` in `locale` (English where a locale lacks it). */
export async function errorMessage(code: ErrorCode, locale: string): Promise<string> {
  return (await errorTranslator(isLocaleCode(locale) ? locale : defaultLocale))(code)
}

export async function errorBody(code: ErrorCode, locale: string, field?: string): Promise<ErrorBody> {
  return { statusCode: errorStatus[code], code, message: await errorMessage(code, locale), ...(field ? { field } : {}) }
}

/** The first problem of a zod error: a catalogue code used as the issue's message, else INVALID_INPUT. */
function fromZod(error: z.ZodError): { code: ErrorCode; field?: string } {
  const issue = error.issues[0]
  const field = issue?.path.map(String).join('.') || undefined
  return { code: isErrorCode(issue?.message) ? issue.message : 'INVALID_INPUT', field }
}

const readsBody = (request: Request) => !['GET', 'HEAD'].includes(request.method) && /json/i.test(request.headers.get('content-type') ?? '')

/** `Retry-After` of a 503 answered while the database cannot be reached. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5

/**
 * Wraps a route handler: invalid input answers 400 with its catalogue code and field, known
 * errors their status, the database out of reach 503 SERVER_MAINTENANCE with `Retry-After: 5`,
 * anything else 500; always JSON, never a stack, the message in the request's language.
 */
export function handler<C>(fn: (request: Request, context: C) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    // A copy of the body, read only when an error needs its `locale` (and only if it is small).
    const length = request.headers.get('content-length')
    const small = length === null || Number(length) <= AUTH_MAX_BODY_BYTES
    const copy = readsBody(request) && small ? request.clone() : undefined
    const bodyLocale = async () => {
      try {
        return copy ? JSON.parse(await readBody(copy, AUTH_MAX_BODY_BYTES)) : undefined
      } catch {
        return undefined
      }
    }
    const locale = async () => requestLocale(request, await bodyLocale())
    try {
      const declared = Number(request.headers.get('content-length') ?? '')
      if (Number.isFinite(declared) && declared > env().API_MAX_BODY_BYTES) throw apiError('PAYLOAD_TOO_LARGE')
      return await fn(request, context)
    } catch (error) {
      if (error instanceof z.ZodError) {
        const { code, field } = fromZod(error)
        return json(await errorBody(code, await locale(), field), { status: errorStatus[code] })
      }
      if (error instanceof HttpError) {
        if (isErrorCode(error.code) && errorStatus[error.code] === error.statusCode && !error.ownMessage) {
          return json({ ...(await errorBody(error.code, await locale(), error.field)), ...error.extra }, { status: error.statusCode, headers: error.headers })
        }
        const body: ErrorBody = { statusCode: error.statusCode, code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}), ...error.extra }
        return json(body, { status: error.statusCode, headers: error.headers })
      }
      if (isDatabaseOutage(error)) {
        // The database cannot be reached: nothing was answered for certain, so the client may send
        // the same request again (with the same Idempotency-Key) once it is back.
        logger().warn({ path: safePath(request.url), code: (error as { code?: unknown }).code }, '[api] database unavailable')
        return json(await errorBody('SERVER_MAINTENANCE', await locale()), { status: 503, headers: { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) } })
      }
      // The route and the error's kind only: messages may quote input (addresses, tokens).
      logger().error({ path: safePath(request.url), err: error }, '[api] request failed')
      return json(await errorBody('INTERNAL_ERROR', await locale()), { status: 500 })
    }
  }
}

/** 303 See Other to a site page in `locale` (English for anything else): where a plain form's POST lands. */
export function seeOtherPage(locale: string | null, path: string, search = ''): Response {
  const page = localizePath(locale && isLocaleCode(locale) ? locale : defaultLocale, path)
  return NextResponse.redirect(new URL(`${page}${search}`, env().SITE_URL), { status: 303, headers: { 'cache-control': 'no-store' } })
}

/** A route's answer to the methods it does not take: 405 METHOD_NOT_ALLOWED with `Allow`. */
export function methodNotAllowed(allow: string) {
  return handler(async () => {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'METHOD_NOT_ALLOWED', undefined, { allow })
  })
}

type Refused<S extends HttpMethod> = Exclude<HttpMethod, S | (S extends 'GET' ? 'HEAD' : never)>

/**
 * A 405 `METHOD_NOT_ALLOWED` with `Allow` for each method a route file leaves out, named by the
 * methods it serves: `export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST')`
 * (HEAD comes with GET). The type names exactly the methods left, so a route file cannot list
 * one it serves or miss one.
 */
export function otherMethods<S extends HttpMethod>(...served: S[]): Record<Refused<S>, ReturnType<typeof methodNotAllowed>> {
  const allowed = new Set<HttpMethod>(served)
  if (allowed.has('GET')) allowed.add('HEAD')
  const refuse = methodNotAllowed(HTTP_METHODS.filter((method) => allowed.has(method)).join(', '))
  return Object.fromEntries(HTTP_METHODS.filter((method) => !allowed.has(method)).map((method) => [method, refuse])) as Record<Refused<S>, ReturnType<typeof methodNotAllowed>>
}

/** The query string as an object, for zod (NUL bytes and broken surrogates removed). */
export function queryOf(request: Request): Record<string, string> {
  return cleanInput(Object.fromEntries(new URL(request.url).searchParams))
}

/** The body limit of the auth endpoints. */
export const AUTH_MAX_BODY_BYTES = 16 * 1024

/**
 * The body as text, refused with 413 PAYLOAD_TOO_LARGE over `max` bytes: at once by its
 * Content-Length, or as soon as a chunked body passes the limit (the rest is never read).
 */
export async function readBody(request: Request, max: number = env().API_MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '')
  if (Number.isFinite(declared) && declared > max) throw apiError('PAYLOAD_TOO_LARGE')
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      // Not awaited: a branch of a teed body (`handler()` keeps a clone for the error's locale)
      // settles its cancel only once the other branch is cancelled too, which would hang here.
      void reader.cancel().catch(() => undefined)
      throw apiError('PAYLOAD_TOO_LARGE')
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A JSON body as an object (a missing or malformed body, or one nested deeper than
 * `MAX_JSON_DEPTH`, is an empty object, which zod then rejects).
 */
export async function bodyOf(request: Request, max?: number): Promise<Record<string, unknown>> {
  const text = await readBody(request, max)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return {}
  }
  return value && typeof value === 'object' && !Array.isArray(value) && !nestsDeeperThan(value) ? cleanInput(value as Record<string, unknown>) : {}
}

/** The spec's GETs carry a `ts` cache-buster; it is accepted and ignored. */
export const tsParam = { ts: z.string().max(32).optional() }
