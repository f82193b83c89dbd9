import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, handler, json, otherMethods, queryOf, requestLocale, tsParam } from '@/lib/http'
import { addOnPeriod, findAddOn, findPlan, monthlyPlanFor, toQuotePlan } from '@/services/catalog/catalog'
import { quote } from '@/services/catalog/pricing'
import { payloadClient } from '@/services/content/payload'

/** A path segment decoded, or the raw text when it is not valid percent-encoding (zod then refuses it). */
const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'INVALID_INPUT')
const query = z.object({ ...tsParam, locale: z.string().max(10).optional() })

/**
 * GET → the plan as a price-list item plus its quote now (first charge, per month, saving,
 * renewal); an add-on answers its item with its kind, traffic, quantity and billing.
 */
export const GET = handler(async (request, context: { params: Promise<{ id: string }> }) => {
  query.parse(queryOf(request))
  const purchaseId = id.parse(safeDecode((await context.params).id))
  const payload = await payloadClient()
  const locale = requestLocale(request)
  const plan = await findPlan(payload, purchaseId, locale)
  if (!plan) {
    const addOn = await findAddOn(payload, purchaseId, locale)
    if (!addOn) throw apiError('PLAN_NOT_FOUND')
    return json({
      id: addOn.purchaseId,
      cost: addOn.cost,
      info: addOnPeriod(addOn),
      description: addOn.description ?? '',
      title: addOn.title,
      kind: addOn.kind,
      traffic: addOn.traffic ?? null,
      quantity: addOn.quantity ?? 1,
      billing: addOn.billing,
      renewalCost: addOn.billing === 'lifetime' ? null : (addOn.renewalCost ?? addOn.cost),
    })
  }
  const result = quote({ plan: toQuotePlan(plan), now: now(), method: 'card', monthlyPlan: await monthlyPlanFor(payload, plan) })
  return json({
    id: plan.purchaseId,
    cost: plan.cost,
    info: { type: plan.periodType, count: plan.periodCount },
    description: plan.description ?? '',
    title: plan.title,
    quote: 'error' in result ? null : result,
  })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
