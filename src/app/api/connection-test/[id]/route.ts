import { z } from 'zod'
import { clientAddress } from '@/lib/client-address'
import { apiError, handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { checkTestId, testResults } from '@/services/connection-test/results'
import { limit } from '@/services/security/rate-limit'

const query = z.object({ ...tsParam })

/**
 * GET → `{ id, complete, clientIp, resolvers: [{ ip, local, country, asn, org, label, publicName, ecs }] }`,
 * waiting up to 3 s for the six probes; 400 INVALID_INPUT (`id`) for an id this site did not sign,
 * 404 NOT_FOUND past its ten minutes.
 */
export const GET = handler(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  query.parse(queryOf(request))
  await limit(request, 'connection-test-results')
  const { id } = await params
  const state = checkTestId(id)
  if (state === 'invalid') throw apiError('INVALID_INPUT', 'id')
  if (state === 'expired') throw apiError('NOT_FOUND')
  return json(await testResults(await payloadClient(), id, clientAddress(request.headers)))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
