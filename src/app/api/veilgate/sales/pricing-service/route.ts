import { z } from 'zod'
import { apiError, handler, json, otherMethods, queryOf, requestLocale, tsParam } from '@/lib/http'
import { findPlan, serviceOffers, services, type ServiceName } from '@/services/catalog/catalog'
import { payloadClient } from '@/services/content/payload'

const query = z.object({
  ...tsParam,
  plan: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'INVALID_INPUT').optional(),
  locale: z.string().max(10).optional(),
})

/** GET [?plan=] → { plan, services: [VPNSERVER, STATICIP, SLOTS] }; with a plan, only the add-ons that go with it. */
export const GET = handler(async (request) => {
  const input = query.parse(queryOf(request))
  const payload = await payloadClient()
  const locale = requestLocale(request)
  const plan = input.plan ? await findPlan(payload, input.plan, locale) : null
  if (input.plan && !plan) throw apiError('PLAN_NOT_FOUND', 'plan')
  const offers = await serviceOffers(payload, Object.keys(services) as ServiceName[], locale, plan)
  return json({ plan: plan?.purchaseId ?? null, services: offers })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
