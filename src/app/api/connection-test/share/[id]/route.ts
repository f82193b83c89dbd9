import { z } from 'zod'
import { securityNow } from '@/lib/clock'
import { apiError, handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { SHARE_ID_PATTERN } from '@/services/connection-test/wording'
import { payloadClient } from '@/services/content/payload'
import { sharesStore } from '@/services/connection-test/shares'
import { limit } from '@/services/security/rate-limit'

const query = z.object({ ...tsParam })

/**
 * GET → `{ id, result, createdAt, expiresAt }`, a shared result within its 24 hours; unknown or
 * expired → 404 NOT_FOUND; a malformed id → 400 INVALID_INPUT (`id`).
 */
export const GET = handler(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  query.parse(queryOf(request))
  await limit(request, 'connection-test-share-read')
  const { id } = await params
  if (!SHARE_ID_PATTERN.test(id)) throw apiError('INVALID_INPUT', 'id')
  const share = await sharesStore(await payloadClient()).get(id, securityNow())
  if (!share) throw apiError('NOT_FOUND')
  return json(share)
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
