import { z } from 'zod'
import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, handler, otherMethods } from '@/lib/http'
import { EXPERIMENT_NAME } from '@/services/experiments/assign'
import { recordExposure } from '@/services/experiments/events'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

const body = z.object({
  experiment: z.string({ error: 'INVALID_INPUT' }).regex(EXPERIMENT_NAME, 'INVALID_INPUT'),
  variant: z.number({ error: 'INVALID_INPUT' }).int('INVALID_INPUT').min(0, 'INVALID_INPUT').max(100, 'INVALID_INPUT'),
  locale: z.string().max(10).optional(),
})

/**
 * POST { experiment, variant } → 204: the picker was shown in that variant (tracked on mount, as
 * spec section 4 says). An unknown or ended experiment, or an index it does not have: 400
 * INVALID_INPUT.
 */
export const POST = handler(async (request) => {
  await limit(request, 'experiment-exposure')
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  if (!(await recordExposure(await payloadClient(), input.experiment, input.variant))) throw apiError('INVALID_INPUT', 'experiment')
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
