import { z } from 'zod'
import { apiError, handler, json, queryOf, requestLocale, tsParam } from '@/lib/http'
import { now } from '@/lib/clock'
import { toQuotePlan } from '@/services/catalog/catalog'
import { quote } from '@/services/catalog/pricing'
import { payloadClient } from '@/services/content/payload'

const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'INVALID_INPUT')
const query = z.object({ ...tsParam, locale: z.string().max(10).optional() })

/** GET → the plan as a price-list item plus its quote now (first charge, per month, saving, renewal). */
export const GET = handler(async (request, context: { params: Promise<{ id: string }> }) => {
  query.parse(queryOf(request))
  const purchaseId = id.parse(decodeURIComponent((await context.params).id))
  const payload = await payloadClient()
  const locale = requestLocale(request)
  const found = await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: purchaseId } }, depth: 1, limit: 1, locale: locale as never })
  const plan = found.docs[0]
  if (!plan) throw apiError('PLAN_NOT_FOUND')
  const monthly = (
    await payload.find({
      collection: 'price-plans',
      where: {
        and: [
          { product: { equals: plan.product } },
          { tier: { equals: plan.tier ?? 'standard' } },
          { audience: { equals: plan.audience ?? 'personal' } },
          { periodType: { equals: 'month' } },
          { periodCount: { equals: 1 } },
          { trialDays: { exists: false } },
        ],
      },
      depth: 0,
      limit: 1,
    })
  ).docs[0]
  const result = quote({ plan: toQuotePlan(plan), now: now(), method: 'card', monthlyPlan: monthly ?? null })
  return json({
    id: plan.purchaseId,
    cost: plan.cost,
    info: { type: plan.periodType, count: plan.periodCount },
    description: plan.description ?? '',
    title: plan.title,
    quote: 'error' in result ? null : result,
  })
})
