// `GET /api/health` (and HEAD) for load balancers: 200 `ok` or `degraded`, 503 `fail` (database
// unreachable) or `draining` (SIGTERM received), never cached, never rate-limited, within two
// seconds; every other method 405 with `Allow: GET, HEAD`.
import { handler, json, otherMethods } from '@/lib/http'
import { health } from '@/services/health/checks'

export const dynamic = 'force-dynamic'

export const GET = handler(async () => {
  const answer = await health()
  return json(answer.body, { status: answer.httpStatus })
})
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'HEAD')
