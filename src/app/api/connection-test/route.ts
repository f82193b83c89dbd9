import { handler, json, methodNotAllowed } from '@/lib/http'
import { createTest } from '@/services/connection-test/results'
import { limit } from '@/services/security/rate-limit'

/** POST → 201 `{ id, probes, expiresAt }`: a new signed test and its six probe names `<label>.<id>.<zone>`. */
export const POST = handler(async (request) => {
  await limit(request, 'connection-test')
  return json(createTest(), { status: 201 })
})

export const GET = methodNotAllowed('POST')
export const PUT = GET
export const PATCH = GET
export const DELETE = GET
