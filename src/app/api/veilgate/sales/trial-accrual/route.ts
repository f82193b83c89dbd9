import { z } from 'zod'
import { now } from '@/lib/clock'
import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { subscriptionView } from '@/services/account/overview'
import { startFreeTrial } from '@/services/account/trial'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'
import { limit } from '@/services/security/rate-limit'

const body = z.object({
  plan: z.string({ error: 'INVALID_INPUT' }).trim().min(1, 'INVALID_INPUT').max(64, 'INVALID_INPUT'),
  locale: z.string().max(10).optional(),
})

/**
 * POST { plan } (X-Auth-Token or X-Access-Token, else 401 EXPIRED_SESSION) → 201 the new free
 * trial as `account/overview/` shows it: `trialing`, no auto-renewal, provider `trial`. 400
 * INVALID_INPUT (`plan`) for a plan that is not a trial or malformed input, 404 PLAN_NOT_FOUND, 409
 * TRIAL_ALREADY_USED for an account that ever had a trial; rate-limited per address and account.
 */
export const POST = handler(async (request) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  await limit(request, 'trial-accrual', `customer:${customer.id}`)
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const trial = await startFreeTrial(payload, customer, input.plan, now())
  return json(await subscriptionView(payload, trial, input.locale ?? customer.locale ?? 'en'), { status: 201 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
