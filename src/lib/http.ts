import { NextResponse } from 'next/server'
import { z } from 'zod'

/** An error that becomes a JSON answer with its status code and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'undefinedError',
  ) {
    super(message)
  }
}

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return NextResponse.json(data, { status: init.status ?? 200, headers: { 'cache-control': 'no-store', ...init.headers } })
}

/**
 * Wraps a route handler: invalid input answers 400 with the first problem,
 * known errors their status, anything else 500, always JSON and never a stack.
 */
export function handler<C>(fn: (request: Request, context: C) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    try {
      return await fn(request, context)
    } catch (error) {
      if (error instanceof z.ZodError) {
        const issue = error.issues[0]
        const field = issue?.path.join('.')
        return json({ statusCode: 400, code: 'INVALID_INPUT', message: field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid input') }, { status: 400 })
      }
      if (error instanceof HttpError) return json({ statusCode: error.statusCode, code: error.code, message: error.message }, { status: error.statusCode })
      console.error('[api]', error instanceof Error ? error.message : error)
      return json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'An internal error has occurred' }, { status: 500 })
    }
  }
}

/** The query string as an object, for zod. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams)
}

/** The spec's GETs carry a `ts` cache-buster; it is accepted and ignored. */
export const tsParam = { ts: z.string().max(32).optional() }
