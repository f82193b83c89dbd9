import { apiError, handler } from '@/lib/http'

/** Any /api/ path that no route serves: 404 NOT_FOUND as JSON, for every method, body unread. */
const notFound = handler(async () => {
  throw apiError('NOT_FOUND')
})

export const GET = notFound
export const HEAD = notFound
export const POST = notFound
export const PUT = notFound
export const PATCH = notFound
export const DELETE = notFound
export const OPTIONS = notFound
