// Amazon Pay's browser return, shared by `purchase/amazon-validate` (any method) and `purchase/amazon` (GET).
import { z } from 'zod'
import { now } from '@/lib/clock'
import { handler, queryOf, seeOtherPage } from '@/lib/http'
import { returnFromAmazon, SANDBOX_REFERENCE } from '@/services/payments/sandbox/approval'
import { payloadClient } from '@/services/content/payload'

const browserReturn = z.object({ token: z.string({ error: 'INVALID_INPUT' }).regex(SANDBOX_REFERENCE, 'INVALID_INPUT') })

/**
 * ?token={attempt} → 303 to the order's page in its language (approved: the wallet page
 * `/amazon/payment?hash=`, for 30 minutes; expired: checkout). No or malformed token → 400
 * INVALID_INPUT; unknown → 404 ORDER_NOT_FOUND.
 */
export const amazonReturn = handler(async (request) => {
  const { token } = browserReturn.parse(queryOf(request))
  const next = await returnFromAmazon(await payloadClient(), token, now())
  const [path, search] = next.url.split('?')
  return seeOtherPage(next.locale, path!, search ? `?${search}` : '')
})
